import {
  acceptCookies,
  DEMO,
  expect,
  expectAccessible,
  expectRefusal,
  logIn,
  test,
} from './support/fixtures';

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
});

test('the login form shows the spec messages for a bad email and a short password', async ({
  page,
}) => {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill('not-an-email');
  await page.locator('input[name="password"]').fill('12345');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Please enter a valid email', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Minimum 6 characters required for password', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page, 'login with errors');
});

test('a wrong password is answered in the product’s words and nobody is signed in', async ({
  page,
}) => {
  expectRefusal(page, '/app_api/login', 400);
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill('Wrong@12345');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    page.getByText('The email and password you entered did not match our records.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the demo customer logs in and sees My Requests with its three tabs', async ({ page }) => {
  await logIn(page);
  await expect(page.getByRole('heading', { name: 'My Requests' })).toBeVisible();
  for (const tab of ['Active', 'Completed', 'Cancelled']) {
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toBeVisible();
  }
  await expect(page.getByText("You don't have any request currently")).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: 'Create a request now' })
      .or(page.getByRole('link', { name: 'Create a request now' })),
  ).toBeVisible();
  await expect(page.getByText(DEMO.name).first()).toBeVisible();
  await expectAccessible(page, 'My Requests');

  // The chosen tab survives a reload.
  await page.getByRole('tab', { name: /^Cancelled/ }).click();
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Cancelled/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('logout asks for confirmation; No keeps the session, Yes ends it', async ({ page }) => {
  await logIn(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are your sure you want to logout?')).toBeVisible();
  await expectAccessible(page, 'logout confirmation');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);

  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The server revoked the token too.
  const res = await page.request.get('/api/customer/profile_customer', {
    headers: { 'x-sh-auth': token ?? '' },
  });
  expect(res.status()).toBe(401);
});
