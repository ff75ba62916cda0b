import type { Page, Route } from '@playwright/test';
import { CONSENT_COOKIE } from '@movehub/shared';
import {
  acceptCookies,
  appIsRunning,
  DEMO,
  expect,
  expectAccessible,
  expectLoadFailure,
  logIn,
  test,
} from './support/fixtures';
import { sendDowntownMove } from './support/requests';

/*
 * The entry pages arrive drawn (decision 031): /login, /register, /forget-password and
 * /create-request are in the HTML, so a phone shows them before the app's script has arrived;
 * the app then draws the same screen in their place. My Requests and a request's detail arrive
 * as the dashboard's frame, which the app fills in.
 */

/** Holds the app's entry script back until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the login form shows before the app runs, keeps what was typed, and signs in once it runs', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveTitle('Login | MoveHub');
  // A first visit: the cookie notice is part of the picture.
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  expect(await page.locator('#root[data-prerendered]').count()).toBe(1);

  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  // Until the app runs the button is refused and a click on it submits nothing: the password
  // never travels in the address.
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeDisabled();
  const box = (await login.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(300);
  expect(page.url()).toMatch(/\/login$/);

  // What was typed is carried over, and the click is made again once the app has hydrated the
  // form: the customer is signed in.
  release();
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
  await expect(page.getByRole('heading', { name: 'My Requests' })).toBeVisible();
});

test('what was typed into the picture, and where, is in the app’s form once it runs', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  release();
  await appIsRunning(page);
  await expect(page.locator('input[name="email"]')).toHaveValue(DEMO.email);
  await expect(page.locator('input[name="password"]')).toHaveValue(DEMO.password);
  await expect(page.locator('input[name="password"]')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  expect(page.url()).toMatch(/\/login$/);
});

test('a visitor who accepted the cookie notice gets the pages without it', async ({
  page,
  baseURL,
  request,
}) => {
  for (const path of ['/login', '/register', '/forget-password', '/create-request']) {
    const firstVisit = await (await request.get(path)).text();
    expect(firstVisit, path).toContain('data-prerendered');
    expect(firstVisit, path).toContain('aria-label="Cookie consent"');
    const returning = await (
      await request.get(path, { headers: { cookie: `${CONSENT_COOKIE}=1` } })
    ).text();
    expect(returning, path).toContain('data-prerendered');
    expect(returning, path).not.toContain('aria-label="Cookie consent"');
  }

  await acceptCookies(page, baseURL);
  const release = await holdTheApp(page);
  await page.goto('/create-request', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'When and where are you moving?' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  release();
  await appIsRunning(page);
  await expect(page.getByRole('heading', { name: 'When and where are you moving?' })).toBeVisible();
  await expectAccessible(page, 'create request, from its prerendered page');
});

test('the app draws each entry page where its picture stood, without moving it', async ({
  page,
}) => {
  for (const [path, heading] of [
    ['/login', 'Login'],
    ['/register', 'Sign Up'],
    ['/forget-password', 'Forgot password'],
    ['/create-request', 'When and where are you moving?'],
  ] as const) {
    const release = await holdTheApp(page);
    await page.goto(path, { waitUntil: 'commit' });
    const title = page.getByRole('heading', { name: heading, exact: true });
    await expect(title, path).toBeVisible();
    const before = await title.boundingBox();
    release();
    await appIsRunning(page);
    await expect(title, path).toBeVisible();
    expect(await title.boundingBox(), path).toEqual(before);
    await page.unrouteAll();
  }
});

test('a page whose app cannot be loaded says so and reloads into the app', async ({ page }) => {
  const entry = /\/assets\/index-[\w-]+\.js$/;
  expectLoadFailure(page, entry);
  await page.route(entry, (route) => route.abort('connectionfailed'));
  await page.goto('/login');
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be shown.' });
  await expect(alert).toContainText('This page could not be shown. Reload it to try again.');
  // The picture stays readable beneath the notice; its buttons stay refused.
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();

  await page.unrouteAll();
  await alert.getByRole('button', { name: 'Reload' }).click();
  await appIsRunning(page);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await expect(alert).toHaveCount(0);
});

test('the picture keeps the app’s tab order, and the focus stays put when the app takes over', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeVisible();
  await page.locator('input[name="password"]').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeFocused();
  // The button is reached as in the app, though it refuses a press until the app runs.
  await page.keyboard.press('Tab');
  await expect(login).toBeFocused();
  await expect(login).toBeDisabled();
  release();
  await appIsRunning(page);
  await expect(login).toBeEnabled();
  await expect(login).toBeFocused();
});

test('a tap on the picture’s button, on a phone, is made again once the app has started', async ({
  browser,
  baseURL,
}) => {
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  const release = await holdTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('input[name="email"]').tap();
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').tap();
  await page.locator('input[name="password"]').fill(DEMO.password);
  // A tap on the refused button: nothing happens yet, and the address keeps no password.
  const login = page.getByRole('button', { name: 'Login', exact: true });
  const box = (await login.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(300);
  expect(page.url()).toMatch(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
  await phone.close();
});

test('each entry page shows whole in its first paint, before any of the app’s scripts is asked for', async ({
  page,
}) => {
  for (const pathname of ['/login', '/create-request']) {
    await page.goto(pathname);
    await appIsRunning(page);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const first = performance.getEntriesByType('paint')[0]?.startTime;
      // The largest paint is the cookie notice at the end of the page: painted with the rest.
      const largest = new Promise<number>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        }),
      );
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(?!start-)[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime);
      return largest.then((lcp) => ({ paint, first, lcp, scripts }));
    });
    expect(timing.paint, pathname).toBeDefined();
    expect(timing.first, pathname).toBe(timing.paint);
    expect(timing.lcp, pathname).toBe(timing.paint);
    expect(timing.scripts.length, pathname).toBeGreaterThan(5);
    expect(Math.min(...timing.scripts), pathname).toBeGreaterThanOrEqual(timing.paint!);
  }
});

test('My Requests and a request’s detail show the dashboard’s frame before the app runs, and the app fills it in place', async ({
  page,
}) => {
  await logIn(page);
  const requestId = await sendDowntownMove(page);
  for (const [path, heading] of [
    ['/dashboard/my-requests', 'My Requests'],
    [`/dashboard/my-requests/${requestId}`, 'Request DETAIL'],
  ] as const) {
    const release = await holdTheApp(page);
    await page.goto(path, { waitUntil: 'commit' });
    const title = page.getByRole('heading', { name: heading, exact: true });
    await expect(title, path).toBeVisible();
    await expect(page, path).toHaveTitle(`${heading} | MoveHub`);
    expect(await page.locator('#root[data-prerendered]').count(), path).toBe(1);
    // The frame: the header and the dashboard's links, before anything of the session is known.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'My Cards' }), path).toBeVisible();
    await expect(nav.getByText(DEMO.name), path).toHaveCount(0);
    if (path === '/dashboard/my-requests') {
      await expectAccessible(page, 'My Requests, its prerendered frame');
    }
    const before = await title.boundingBox();
    release();
    await appIsRunning(page);
    // The app fills the frame with the session's data, without moving the page.
    await expect(nav.getByText(DEMO.name), path).toBeVisible();
    expect(await title.boundingBox(), path).toEqual(before);
    await page.unrouteAll();
  }
  await expect(page.getByRole('heading', { name: `Request #${requestId}` })).toBeVisible();

  // On a phone the frame has no docked sidebar, as the phone's dashboard has not.
  await page.setViewportSize({ width: 375, height: 812 });
  const release = await holdTheApp(page);
  await page.goto('/dashboard/my-requests', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'My Requests' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  release();
  await appIsRunning(page);
  await expect(page.getByRole('button', { name: 'Show navigation' })).toBeVisible();
  await page.unrouteAll();

  // Signed out, the frame gives way to the login page at once, before the app is fetched for it.
  await page.evaluate(() => localStorage.clear());
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/dashboard/my-requests');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  const login = fetched.indexOf('/login');
  expect(login).toBeGreaterThan(0);
  expect(fetched.slice(0, login).filter((path) => /^\/assets\/index-/.test(path))).toEqual([]);
});
