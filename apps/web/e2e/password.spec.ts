import { createCustomer, readResetPath } from './support/accounts';
import {
  acceptCookies,
  expect,
  expectAccessible,
  expectRefusal,
  logIn,
  test,
} from './support/fixtures';

test.beforeEach(async ({ page, baseURL }) => {
  // Multi-step journeys with an accessibility scan at two widths per screen: triple the budget.
  test.slow();
  await acceptCookies(page, baseURL);
});

test("an unknown email is answered with 'We couldn't find your account with this email address'", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forget-password$/);
  await page.locator('input[name="email"]').fill('bad-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email', { exact: true })).toBeVisible();

  expectRefusal(page, '/app_api/reset_password', 400);
  await page.locator('input[name="email"]').fill('nobody-here@e2e.movehub.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText("We couldn't find your account with this email address"),
  ).toBeVisible();
  await expectAccessible(page, 'forgot password with error');
});

test('a customer resets the password from the emailed link and logs in with the new one', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'reset');
  await page.goto('/forget-password');
  await expectAccessible(page, 'forgot password');
  await page.locator('input[name="email"]').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expectAccessible(page, 'check your email');
  await expect(page.getByRole('link', { name: 'Returns to Login' })).toHaveAttribute(
    'href',
    '/login',
  );

  await page.goto(await readResetPath(page.request, customer.email));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.locator('input[name="password"]').fill('Reset@5678');
  await page.locator('input[name="confirm_password"]').fill('Reset@5679');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(
    page.getByText('Your password and confirmation password does not match'),
  ).toBeVisible();
  await expectAccessible(page, 'set password');

  await page.locator('input[name="confirm_password"]').fill('Reset@5678');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your password has been changed. Please log in.')).toBeVisible();
  // spec: /login after 2 seconds.
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await logIn(page, customer.email, 'Reset@5678');
});

test('a used or invalid reset link shows the server message', async ({ page }) => {
  expectRefusal(page, '/app_api/change_password', 400);
  await page.goto('/set-forget-password/not-a-real-token');
  await page.locator('input[name="password"]').fill('Reset@5678');
  await page.locator('input[name="confirm_password"]').fill('Reset@5678');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expect(page).toHaveURL(/\/set-forget-password\/not-a-real-token$/);
});

test('the Change Password modal updates the password and closes after a second', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'change-password');
  await logIn(page, customer.email, customer.password);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'change password modal');
  // docs/decisions/036: a password account gives its current password first.
  await expect(dialog.locator('input[name="current_password"]')).toBeFocused();
  await dialog.locator('input[name="current_password"]').fill(customer.password);
  await dialog.locator('input[name="password"]').fill('Changed@2468');
  await dialog.locator('input[name="confirm_password"]').fill('Changed@2468');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Password updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 3_000 });

  // The new password is the one that works now.
  expectRefusal(page, '/app_api/login', 400);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(customer.email);
  await page.locator('input[name="password"]').fill(customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.getByText('The email and password you entered did not match our records.'),
  ).toBeVisible();
  await logIn(page, customer.email, 'Changed@2468');
});
