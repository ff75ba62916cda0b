import { createCustomer, readCode, uniqueEmail, uniquePhone } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';

// A 1×1 PNG: the server checks an upload by its bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ page, baseURL }) => {
  // Multi-step journeys with an accessibility scan at two widths per screen: triple the budget.
  test.slow();
  await acceptCookies(page, baseURL);
});

test('Edit Profile saves the names and picture, then returns to the previous screen', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'profile');
  await logIn(page, customer.email, customer.password);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/edit-profile$/);
  await expect(page.getByRole('heading', { name: 'Edit Profile', level: 1 })).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveValue(customer.email);
  await expect(page.getByRole('button', { name: 'Add your phone number' })).toBeVisible();
  await expectAccessible(page, 'edit profile');

  await page.locator('input[name="upload_file"]').setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const avatar = page.getByRole('main').getByRole('img', { name: 'Robin Tester' });
  await expect(avatar).toHaveAttribute('src', /^\/uploads\//);

  await page.locator('input[name="first_name"]').fill('1');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('First name length must be grater then 1.')).toBeVisible();
  await page.locator('input[name="first_name"]').fill('Robin Lee');
  await page.getByRole('button', { name: 'Update Profile' }).click();

  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByText('Robin Lee Tester')).toBeVisible();
  await expect(nav.getByRole('img', { name: 'Robin Lee Tester' })).toHaveAttribute(
    'src',
    /^\/uploads\//,
  );
});

test('the email is changed with a code from the outbox, and the new one logs in', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'email-change');
  const newEmail = uniqueEmail('email-changed');
  await logIn(page, customer.email, customer.password);
  await page.goto('/dashboard/edit-profile');
  await page.getByRole('button', { name: 'Edit email' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change email' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="email"]').fill(customer.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('You entered same email address.')).toBeVisible();
  await dialog.locator('input[name="email"]').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  await expectAccessible(page, 'change email');

  await dialog.locator('input[name="email"]').fill(newEmail);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.locator('input[name="code"]')).toBeVisible();
  await expectAccessible(page, 'change email code');
  await dialog.locator('input[name="code"]').fill(await readCode(page.request, newEmail));
  await dialog.getByRole('button', { name: 'Verify and update' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Email updated successfully.')).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveValue(newEmail);

  await page.evaluate(() => localStorage.clear());
  await logIn(page, newEmail, customer.password);
});

test('a phone is added with the SMS code from the outbox', async ({ page }) => {
  const customer = await createCustomer(page.request, 'phone-add');
  const phone = uniquePhone();
  await logIn(page, customer.email, customer.password);
  await page.goto('/dashboard/edit-profile');
  await page.getByRole('button', { name: 'Add your phone number' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add your phone number' });
  await dialog.locator('input[name="phone"]').pressSequentially(phone.typed);
  await expect(dialog.locator('input[name="phone"]')).toHaveValue(phone.masked);
  await expectAccessible(page, 'change phone');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.locator('input[name="code"]').fill(await readCode(page.request, phone.wire));
  await dialog.getByRole('button', { name: 'Verify and update' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Phone number updated successfully.')).toBeVisible();
  await expect(page.locator('input[name="phone"]')).toHaveValue(phone.masked);
  await expect(page.getByRole('button', { name: 'Edit phone number' })).toBeVisible();
});
