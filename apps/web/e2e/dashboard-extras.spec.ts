import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';

test.beforeEach(async ({ page, baseURL }) => {
  // Multi-step journeys with an accessibility scan at two widths per screen: triple the budget.
  test.slow();
  await acceptCookies(page, baseURL);
});

// No call creates a notification yet (the request lifecycle will), so a new customer's drawer
// is empty: the journey covers the bell, the drawer and its empty state.
test('the notification bell opens the right-hand drawer, empty for a new customer', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'notifications');
  await logIn(page, customer.email, customer.password);
  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' });
  await expect(bell).toBeVisible();
  await bell.click();

  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer.getByText('No Notification Found')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expectAccessible(page, 'notifications drawer');
  await drawer.getByRole('button', { name: 'Close notifications' }).click();
  await expect(drawer).toBeHidden();
});

test('About Us shows the about text and the seven sections, each opening', async ({ page }) => {
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'About Us' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/about-us$/);
  await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();

  const titles = [
    'Contact Us',
    'FAQ',
    'How the product works',
    'Cancellation policy',
    'Legal',
    'Terms of Service',
    'Privacy Policy',
  ];
  for (const title of titles) {
    await expect(page.getByRole('button', { name: title, exact: true })).toBeVisible();
  }
  await expectAccessible(page, 'About Us');

  for (const title of titles) {
    const section = page.getByRole('button', { name: title, exact: true });
    await section.click();
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: title })).not.toBeEmpty();
  }
  await expectAccessible(page, 'About Us, sections open');
  // Nothing from the settings HTML runs.
  expect(await page.locator('main script').count()).toBe(0);

  // The profile dropdown leads here too.
  await page.goto('/dashboard/my-requests');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/dashboard\/about-us$/);
});

test('the referral program copies the invite link, which opens the sign-up page', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const customer = await createCustomer(page.request, 'referral');
  await logIn(page, customer.email, customer.password);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Refferral Program' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/refferral-program$/);
  await expect(page.getByRole('img', { name: '5% off' })).toBeVisible();
  await expect(page.getByText(/5% off when they take their first move/)).toBeVisible();

  const link = page.locator('input[name="referral_link"]');
  await expect(link).toHaveValue(new RegExp(`^${baseURL}/register/[A-Za-z0-9_-]+$`));
  const invite = await link.inputValue();
  await expectAccessible(page, 'referral program');

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invite);

  // A friend opens it: the sign-up page carries the code.
  await page.evaluate(() => localStorage.clear());
  await page.goto(invite);
  await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible();
  await expect(page.locator('input[name="reference_code"]')).toHaveValue(
    invite.split('/register/')[1] ?? '',
  );
});
