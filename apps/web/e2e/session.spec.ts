import {
  acceptCookies,
  expect,
  expectAccessible,
  expectRefusal,
  logIn,
  test,
} from './support/fixtures';

test('a 401 from any call clears the stored session and reloads into the login page', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  await logIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  // The session ends elsewhere (another tab logged out): the next call answers 401.
  const out = await page.request.post('/app_api/log_out', {
    headers: { 'x-sh-auth': token ?? '' },
  });
  expect(out.status()).toBe(200);

  expectRefusal(page, '/api/customer/get_customer_request', 401);
  await page.getByRole('tab', { name: /^Completed/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Polled: the reload into /login may still be replacing the page the URL already names.
  await expect
    .poll(() =>
      page.evaluate(() => ({
        token: localStorage.getItem('token'),
        user: localStorage.getItem('user'),
      })),
    )
    .toEqual({ token: null, user: null });
});

test('the cookie banner is shown until "I understand", which is remembered for 150 days', async ({
  page,
}) => {
  await page.goto('/login');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await expectAccessible(page, 'login with cookie banner');
  await banner.getByRole('button', { name: 'I understand' }).click();
  await expect(banner).toBeHidden();

  const cookie = (await page.context().cookies()).find((c) => c.name === 'cookie_consent');
  expect(cookie?.value).toBe('1');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(149);
  expect(days).toBeLessThanOrEqual(150);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
});
