import { acceptCookies, expect, expectAccessible, expectRefusal, test } from './support/fixtures';
import { CARLOS, DEMO_PARTNER_PASSWORD, signInAsCompany, signInAsForeman } from './support/partner';

/*
 * The tour of the partner console's screens that no journey visits on its way: the
 * sign-in refused, an invitation link without its token, the company's and the foreman's 404
 * pages, and the dialog removing a foreman. Each is checked at 375 × 812 and 1280 × 800 (axe, no
 * sideways scroll) and kept as a screenshot. Nothing here changes a company: its dialogs are
 * opened and closed.
 */

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await acceptCookies(page, baseURL);
});

test('the console’s public screens: a refused sign-in and an invitation link without its token', async ({
  page,
}) => {
  await page.goto('/partner/login');
  await page.getByRole('radio', { name: 'A moving company' }).check();
  await page.locator('input[name="email"]').fill('nobody@partner.movehub.test');
  await page.locator('input[name="password"]').fill(`${DEMO_PARTNER_PASSWORD}x`);
  expectRefusal(page, '/app_api/login', 400);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'partner login refused');

  await page.goto('/partner/set-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'foreman set password, no token');
});

test('a company’s 404 page and the dialog removing a foreman', async ({ page }) => {
  await signInAsCompany(page);

  await page.goto('/partner/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Partner console' })).toBeVisible();
  await expectAccessible(page, 'company 404 page');

  await page.goto('/partner/profile');
  const foremen = page.getByRole('list', { name: 'Foremen' });
  await foremen.getByRole('button', { name: `Remove ${CARLOS.name}` }).click();
  const remove = page.getByRole('dialog', { name: 'Remove foreman?' });
  await expect(remove).toBeVisible();
  await expectAccessible(page, 'remove foreman dialog');
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeHidden();
});

test('a foreman’s 404 page', async ({ page }) => {
  await signInAsForeman(page);
  await page.goto('/partner/foreman/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Partner console' })).toBeVisible();
  await expectAccessible(page, 'foreman 404 page');
});
