import type { Locator, Page } from '@playwright/test';
import { createCustomer } from './support/accounts';
import {
  acceptCookies,
  expect,
  expectAccessible,
  expectRefusal,
  logIn,
  test,
} from './support/fixtures';
import { activeRequest, sendDowntownMove, waitForBids } from './support/requests';

/*
 * Bids (spec/request-lifecycle.md §2 "Companies list", §4 "Bid and payment flow"): a
 * customer sends a move downtown, the demo companies bid on it (the simulator, within
 * DEMO_SIMULATOR_DELAY_MS of the e2e server), the customer compares and filters the bids, reads a
 * company's reviews and accepts one, and the request awaits payment. And the public link page.
 */

test.beforeEach(async ({ page, baseURL }) => {
  // A whole lifecycle step with axe at two widths on four screens: four times the budget.
  test.setTimeout(120_000);
  await acceptCookies(page, baseURL);
});

/** The dollars of a '$1,234.00' text. */
const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function cardsOf(page: Page): Promise<Locator[]> {
  return page.getByRole('list', { name: 'Bidding companies' }).getByRole('listitem').all();
}

test('a customer watches the demo companies bid, filters them, reads a profile and accepts a bid', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'bids');
  await logIn(page, customer.email, customer.password);
  const requestId = await sendDowntownMove(page);

  // The four demo companies serving downtown bid within the simulator's delay.
  await waitForBids(page.request, customer.token, requestId);

  await page.goto('/dashboard/my-requests');
  const card = page.getByRole('listitem').filter({ hasText: `Request #${requestId}` });
  await expect(card.getByText('Bids received: 4')).toBeVisible();
  await card.getByRole('link', { name: 'Show All' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/companies-list/${requestId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Bidding Companies' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Bidding companies' }).getByRole('listitem'),
  ).toHaveCount(4);
  await expectAccessible(page, 'companies list');

  // Filter: the top rated only, cheapest first.
  await page.getByRole('button', { name: 'Filter' }).click();
  const filter = page.getByRole('dialog', { name: 'Filter' });
  await filter.getByRole('radio', { name: 'Min price first' }).check();
  await filter.getByRole('checkbox', { name: 'Top rated' }).check();
  await expectAccessible(page, 'companies filter');
  const filtered = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/customer/detail_of_bided_companies') &&
      (r.request().postDataJSON() as { filter_status: number }).filter_status === 1,
  );
  await filter.getByRole('button', { name: 'Apply' }).click();
  const answer = (await (await filtered).json()) as {
    data: { name: string; company_rating: number; company_phone: string | null }[];
  };
  expect(answer.data.length).toBeGreaterThan(0);
  expect(answer.data.length).toBeLessThan(4);
  await expect(page.getByRole('button', { name: 'Filter applied' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Bidding companies' }).getByRole('listitem'),
  ).toHaveCount(answer.data.length);
  const shown = await cardsOf(page);
  const amounts: number[] = [];
  for (const item of shown) {
    const rating = await item.getByRole('img', { name: /^Rated / }).getAttribute('aria-label');
    expect(Number(/Rated ([\d.]+)/.exec(rating ?? '')?.[1])).toBeGreaterThanOrEqual(4.5);
    amounts.push(dollars(await item.getByText(/^Bid:/).innerText()));
  }
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

  // A company's profile: About and Reviews, then back to the list.
  const first = shown[0]!;
  const companyName = await first.getByRole('heading', { level: 2 }).innerText();
  await first.getByRole('button', { name: companyName, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/review-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About' }).getByText(companyName)).toBeVisible();
  const reviews = page.getByRole('region', { name: /^Reviews \(\d+\)$/ });
  expect(await reviews.getByRole('listitem').count()).toBeGreaterThan(0);
  await expectAccessible(page, 'company profile');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/companies-list/${requestId}$`));

  // Accept the cheapest top-rated bid at its price: the request awaits payment.
  const list = page.getByRole('list', { name: 'Bidding companies' });
  await list.getByRole('button', { name: `Accept the bid of ${companyName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept Bid' });
  await expect(confirm).toContainText(`Accept the bid of ${companyName} for $`);
  await expectAccessible(page, 'accept bid confirmation');
  await confirm.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${requestId}$`));
  await expect(page.getByText('Awaiting Payment').first()).toBeVisible();
  await expect(page.getByRole('link', { name: `Pay for request #${requestId}` })).toBeVisible();

  // My Requests says the same: Pay on the card, and no companies list any more.
  await page.goto('/dashboard/my-requests');
  const accepted = page.getByRole('listitem').filter({ hasText: `Request #${requestId}` });
  await expect(accepted.getByText('Awaiting Payment')).toBeVisible();
  await expect(accepted.getByRole('link', { name: `Pay for request #${requestId}` })).toBeVisible();
  await page.goto(`/dashboard/my-requests/companies-list/${requestId}`);
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);

  // Cancelled before payment, its public link only says whom to call: the accepted company.
  const link = (await activeRequest(page.request, customer.token, requestId))?.request
    .public_access_link;
  const cancelled = await page.request.post('/api/customer/delete_request', {
    headers: { 'x-sh-auth': customer.token },
    data: { request_id: requestId },
  });
  expect(cancelled.status()).toBe(200);
  const phone = answer.data.find((c) => c.name === companyName)?.company_phone ?? '';
  const digits = phone.replace(/^\+1/, '');
  await page.goto(`/view-request/${link}`);
  await expect(page.getByRole('status')).toHaveText(
    `This Request has been canceled. Please contact the company at (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)} for more information.`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await expectAccessible(page, 'public page of a cancelled request');
});

test("anyone with a request's public link sees it without logging in", async ({ page }) => {
  const customer = await createCustomer(page.request, 'public-link');
  await logIn(page, customer.email, customer.password);
  const requestId = await sendDowntownMove(page);
  const listed = await activeRequest(page.request, customer.token, requestId);
  const link = listed?.request.public_access_link ?? '';
  expect(link).not.toBe('');

  // Another browser, signed out.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await acceptCookies(page, test.info().project.use.baseURL);
  await page.goto(`/view-request/${link}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Request #${requestId}` }),
  ).toBeVisible();
  await expect(page.getByText('Los Angeles, CA 90012, USA')).toBeVisible();
  await expect(page.getByText('Santa Monica, CA 90401, USA')).toBeVisible();
  await expectAccessible(page, 'public request page');

  // A link that opens nothing says so.
  expectRefusal(page, '/app_api/request_detail_by_request_link', 400);
  await page.goto('/view-request/no-such-link');
  await expect(page.getByRole('alert')).toContainText('Error Message: ');
});
