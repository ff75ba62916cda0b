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
  // The server answers one call 401 (a session it no longer knows): the answer alone ends it.
  await page.route('**/api/customer/get_customer_request', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 401, message: 'Your session has ended. Please log in again.' }),
    }),
  );
  expectRefusal(page, '/api/customer/get_customer_request', 401);
  // My Requests reads its list again (on loading, and after the socket connects): that call's
  // 401 clears the session and reloads into /login.
  await page.reload();
  // Two loads in a row (My Requests, then the login page), each fetching its screen's code: on a
  // busy two-core machine that took longer than the 7 s an assertion waits by default.
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  // Polled: the reload into /login may still be replacing the page the URL already names (the
  // dashboard's guard goes there too as soon as the session is gone), and a read made while it
  // does is lost with the page it ran in.
  await expect
    .poll(() =>
      page
        .evaluate(() => ({
          token: localStorage.getItem('token'),
          user: localStorage.getItem('user'),
        }))
        .catch((error: unknown) => String(error)),
    )
    .toEqual({ token: null, user: null });
});

test('a session ended in another tab sends this one to the login page by itself', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  await logIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  // Logged out elsewhere: the server closes this tab's socket, its handshake is refused, and one
  // call confirms the 401, which ends the session here without any click. The dashboard reads
  // the requests, the chats and the notifications again when the socket comes back, so any of
  // those calls may be the one refused first.
  expectRefusal(page, '/api/customer/profile_customer', 401);
  expectRefusal(page, '/api/customer/get_customer_request', 401);
  expectRefusal(page, '/app_api/channels', 401);
  expectRefusal(page, '/app_api/get_notification', 401);
  const out = await page.request.post('/app_api/log_out', {
    headers: { 'x-sh-auth': token ?? '' },
  });
  expect(out.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
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
