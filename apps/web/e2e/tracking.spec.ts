import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';
import {
  acceptFirstBid,
  addCard,
  payForRequest,
  reloadUntilStatus,
  sendDowntownMove,
  summaryOf,
  waitForBids,
} from './support/requests';

/*
 * Live truck tracking (spec/request-lifecycle.md "Tracking", §9; portal.md §2): a new
 * customer's move is paid, the demo company assigns its crew and starts the move, and its foreman
 * drives the truck from downtown Los Angeles to Santa Monica, a point a second (demo-drive.ts; 18 s
 * on the e2e server). The customer opens Track on the detail: the map headed 'ORDER # {id}' says
 * 'Moving', shows both addresses and the truck, and the truck moves on the page without a reload,
 * by the realtime channel's `tracking` events.
 */

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await acceptCookies(page, baseURL);
});

test('a customer watches the demo truck drive during the move, live', async ({ page }) => {
  const customer = await createCustomer(page.request, 'tracking');
  await logIn(page, customer.email, customer.password);
  await page.goto('/dashboard/my-cards');
  await addCard(page, `${customer.firstName} ${customer.lastName}`);
  const requestId = await sendDowntownMove(page);
  await waitForBids(page.request, customer.token, requestId);
  await acceptFirstBid(page, requestId);

  await payForRequest(page, requestId);

  // The demo company assigns and starts the move; Track appears on the detail.
  await reloadUntilStatus(page, requestId, 'Move in progress', 30_000);
  await summaryOf(page, requestId)
    .getByRole('link', { name: `Track request #${requestId}` })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/dashboard/my-requests/tracking-location/${requestId}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: `ORDER # ${requestId}` })).toBeVisible();

  // On a wide screen the sidebar is out of the way and the map is the window's height less 60.
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  const map = page.getByRole('region', { name: 'Tracking map' });
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => Math.round((await map.boundingBox())?.height ?? 0))
    .toBe(viewport.height - 60);

  // The two addresses, the red route between them, and the truck on its way.
  await expect(map.getByRole('button', { name: /^Address 1: .*90012/ })).toBeVisible();
  await expect(map.getByRole('button', { name: /^Address 2: .*90401/ })).toBeVisible();
  await expect(map.locator('path[stroke="#d32f2f"]')).toHaveCount(1, { timeout: 10_000 });
  const truck = map.getByRole('button', { name: /^Truck, heading \d+ degrees$/ });
  await expect(truck).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Moving', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The truck is on its way.' })).toHaveText(
    /Last location update at \d{1,2}:\d\d [AP]M\.$/,
  );

  // The truck moves without a reload: its marker's place on the map changes as points arrive.
  const placeOf = async () => (await truck.evaluate((el) => el.style.transform)) || '';
  const before = await placeOf();
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await expect.poll(placeOf, { timeout: 10_000, intervals: [250] }).not.toBe(before);
  expect(navigations).toEqual([]);
  // Heading west-ish, to Santa Monica.
  const heading = Number(await truck.locator('[data-heading]').getAttribute('data-heading'));
  expect(heading).toBeGreaterThan(180);
  expect(heading).toBeLessThan(360);

  // 'Live Location' on the truck; locate centres on it without an error.
  await truck.click();
  await expect(map.getByText('Live Location')).toBeVisible();
  const locate = page.getByRole('button', { name: 'Locate truck' });
  await locate.click();
  await expect(page.getByText('Please wait for forman location')).toBeHidden();
  // The map centres on the truck. At zoom 17 the next point of the fast demo drive moves the
  // marker hundreds of pixels, so each try locates again and measures at once.
  const offCentre = async () => {
    await locate.click();
    const [m, t] = await Promise.all([map.boundingBox(), truck.boundingBox()]);
    if (!m || !t) return Infinity;
    return Math.hypot(
      t.x + t.width / 2 - (m.x + m.width / 2),
      t.y + t.height / 2 - (m.y + m.height / 2),
    );
  };
  await expect.poll(offCentre, { timeout: 10_000 }).toBeLessThan(60);
  await expectAccessible(page, 'tracking');
});
