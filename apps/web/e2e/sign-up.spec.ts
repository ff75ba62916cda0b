import { fillSignUp, readCode, uniqueEmail, uniquePhone } from './support/accounts';
import {
  acceptCookies,
  appIsRunning,
  expect,
  expectAccessible,
  expectRefusal,
  test,
} from './support/fixtures';

test.beforeEach(async ({ page, baseURL }) => {
  // Multi-step journeys with an accessibility scan at two widths per screen: triple the budget.
  test.slow();
  await acceptCookies(page, baseURL);
});

test('the sign-up form shows the section 5 messages and the strength meter', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible();
  await appIsRunning(page);
  await page.locator('input[name="first_name"]').fill('A');
  await page.locator('input[name="phone"]').pressSequentially('31055');
  await page.locator('input[name="email"]').fill('avery@');
  await page.locator('input[name="password"]').fill('weakpassword');
  await expect(page.getByText('Very Weak')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page.getByText('First name must have 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
  await expect(
    page.getByText(
      'A minimum 8 characters password contains a combination of uppercase letter and number. And at least one special character are required.',
    ),
  ).toBeVisible();
  await expect(page.locator('select[name="how_found_us"]')).toHaveValue('facebook');
  await expectAccessible(page, 'sign-up with errors');

  await page.locator('input[name="password"]').fill('Moving@2026');
  await expect(page.getByText('Medium')).toBeVisible();
  await page.locator('input[name="password"]').fill('Moving@2026-long');
  await expect(page.getByText('Strong', { exact: true })).toBeVisible();
});

test('a newcomer signs up with the email code from the outbox and lands on /create-request', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/register');
  await expectAccessible(page, 'sign-up');
  await fillSignUp(page, email);
  await page.locator('select[name="how_found_us"]').selectOption('yelp');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText('Email verification code has been sent.')).toBeVisible();
  await expectAccessible(page, 'sign-up email code');

  // A wrong code is told above the code form.
  expectRefusal(page, '/app_api/verify_code_send_on_email', 400);
  await page.locator('input[name="code"]').fill('000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('The verification code is incorrect.')).toBeVisible();

  await page.locator('input[name="code"]').fill(await readCode(page.request, email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page).toHaveURL(/\/create-request$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(user).toMatchObject({ email, first_name: 'Avery', last_name: 'Quinn', login_by: 'app' });

  // The new account works: the dashboard shows its name.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
  await expect(page.getByText('Avery Quinn').first()).toBeVisible();
});

test('a newcomer with a phone verifies the email code and then the SMS code', async ({ page }) => {
  const email = uniqueEmail('signup-phone');
  const phone = uniquePhone();
  await page.goto('/register');
  await fillSignUp(page, email, phone.typed);
  await expect(page.locator('input[name="phone"]')).toHaveValue(phone.masked);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await page.locator('input[name="code"]').fill(await readCode(page.request, email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Verify your phone number' })).toBeVisible();
  await expect(page.getByText('Phone verification code has been sent.')).toBeVisible();
  await expectAccessible(page, 'sign-up phone code');
  await page.locator('input[name="code"]').fill(await readCode(page.request, phone.wire));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page).toHaveURL(/\/create-request$/);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').phone))
    .toBe(phone.wire);
});

test('an email that already has an account is refused before any code is sent', async ({
  page,
}) => {
  expectRefusal(page, '/app_api/validateEmailandPhone', 409);
  await page.goto('/register');
  await fillSignUp(page, 'demo@movehub.test');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('An account with this email already exists.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeHidden();
});
