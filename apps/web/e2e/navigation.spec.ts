import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
});

test('the root sends a visitor to /create-request, the request wizard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/create-request$/);
  await expect(page.locator('input[name="date"]')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Address A' })).toBeVisible();
});

test('an unknown path shows the 404 page, and Go Back returns to where the visitor was', async ({
  page,
}) => {
  await page.goto('/login');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, '404 page');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('private routes send a visitor without a token to /login', async ({ page }) => {
  for (const path of ['/dashboard', '/dashboard/my-requests', '/dashboard/my-cards']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expectAccessible(page, 'login');
});

test('public-only routes send a signed-in customer to the dashboard, which opens My Requests', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
});
