import type { Page } from '@playwright/test';
import {
  acceptCookies,
  DEMO,
  expect,
  expectAccessible,
  expectRefusal,
  logIn,
  test,
} from './support/fixtures';

// The demo customer is shared with the other journeys running in parallel, so the whole card
// story runs as one test that leaves the account without a card, whatever happens.

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
});

test.afterEach(async ({ page }) => {
  // A failed run must not leave a card behind for the next one: delete it through the API
  // (a 404 just means there is none).
  const token = await page.evaluate(() => localStorage.getItem('token')).catch(() => null);
  if (token) {
    await page.request.post('/api/customer/delete_card', {
      headers: { 'x-sh-auth': token },
      data: {},
    });
  }
});

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/** Types a card as a customer does: digits only; the masks add the spaces and the slash. */
async function fillCard(page: Page, cardNumber: string) {
  await field(page, 'card_number').pressSequentially(cardNumber);
  await field(page, 'card_holder_name').fill(DEMO.name);
  await field(page, 'exp_date').pressSequentially('1234');
  await field(page, 'cvv').pressSequentially('123');
  await field(page, 'address_1').fill('100 Main St');
  await field(page, 'city').fill('Los Angeles');
  await field(page, 'state').fill('CA');
  await field(page, 'zip').fill('90001');
}

test('a customer adds a card, sees it verified with its last digits, deletes it, and a declined card shows its reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page);
  await page.getByRole('link', { name: 'My Cards' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-cards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Cards' })).toBeVisible();

  const addCardHeading = page.getByRole('heading', { name: 'Add Card' });
  const savedCard = page.getByRole('region', { name: 'Saved card' });
  const addButton = page.getByRole('button', { name: 'Add Card' });

  // With no saved card: the empty Add Card form.
  await expect(addCardHeading).toBeVisible();
  await expect(field(page, 'card_number')).toBeEnabled();
  await expectAccessible(page, 'My Cards without a card');

  // Add 4242 4242 4242 4242.
  await fillCard(page, '4242424242424242');
  await expect(field(page, 'card_number')).toHaveValue('4242 4242 4242 4242');
  await expect(field(page, 'exp_date')).toHaveValue('12/34');
  await addButton.click();

  // The card: Verified, the Visa icon, only its last digits, its expiry and holder.
  await expect(savedCard).toBeVisible();
  await expect(savedCard.getByText('Verified')).toBeVisible();
  await expect(savedCard.getByRole('img', { name: 'Visa' })).toBeVisible();
  await expect(savedCard.getByText('•••• 4242')).toBeVisible();
  await expect(savedCard.getByText('Expires 12/34')).toBeVisible();
  await expect(savedCard.getByText(DEMO.name)).toBeVisible();
  await expect(page.getByText(/4242\s*4242/)).toHaveCount(0);
  await expect(field(page, 'card_number')).toHaveCount(0);
  await expectAccessible(page, 'My Cards with a saved card');

  // The card is the server's, not the page's: it is still there after a reload.
  await page.reload();
  await expect(savedCard.getByText('•••• 4242')).toBeVisible();

  // Delete asks first; Yes deletes and the form comes back empty and unlocked.
  await savedCard.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Card' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Are your sure you want to delete this card?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'No' })).toBeVisible();
  await expectAccessible(page, 'Delete Card dialog');
  await dialog.getByRole('button', { name: 'Yes' }).click();

  await expect(dialog).toBeHidden();
  await expect(addCardHeading).toBeVisible();
  await expect(savedCard).toHaveCount(0);
  for (const name of ['card_number', 'card_holder_name', 'exp_date', 'cvv', 'zip']) {
    await expect(field(page, name)).toBeEnabled();
    await expect(field(page, name)).toHaveValue('');
  }
  await expect(page.getByText('Verified')).toHaveCount(0);

  // A declined card: the server's reason in a banner above the form, nothing saved.
  expectRefusal(page, '/api/customer/add_card', 400);
  await fillCard(page, '4000000000000002');
  await addButton.click();
  const banner = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(banner).toBeVisible();
  await expect(page.getByText('Verified')).toHaveCount(0);
  await expect(field(page, 'card_number')).toBeEnabled();
  await expectAccessible(page, 'My Cards with a declined card');

  await page.reload();
  await expect(addCardHeading).toBeVisible();
  await expect(savedCard).toHaveCount(0);
});
