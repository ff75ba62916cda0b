import { acceptCookies, expect, expectAccessible, expectRefusal, test } from './support/fixtures';
import { DEMO_COMPANY_EMAILS, signInAsCompany } from './support/partner';
import { sendDirectRequest } from './support/requests';

/*
 * The company's Direct links and Payouts screens: a demo company signs in, creates a
 * link and copies it, a customer sends a request through it, the company opens the link's
 * requests, disables the link (the wizard then calls it invalid), and looks at its payouts and
 * downloads them as CSV (partner-move-journey.spec.ts follows one job's money from escrow to
 * the release). axe at 375 and 1280 px on each screen.
 */

/** The second demo company (apps/api/src/db/seed/demo.ts): the journeys of others bid as Swift. */
const WESTSIDE = {
  email: DEMO_COMPANY_EMAILS['Westside Van Lines']!,
  seededLink: 'westside-van-lines',
};

test.beforeEach(async ({ page, baseURL }) => {
  // Two windows and axe at two widths on three screens.
  test.setTimeout(120_000);
  await acceptCookies(page, baseURL);
});

test('a company creates and copies a direct link, sees the request it brought, and disables it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsCompany(page, WESTSIDE.email);

  await page
    .getByRole('navigation', { name: 'Partner console' })
    .getByRole('link', { name: 'Direct links' })
    .click();
  await expect(page).toHaveURL(/\/partner\/links$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Direct links' })).toBeVisible();
  const links = page.getByRole('region', { name: 'Your direct links' });
  await expect(page.getByText(new RegExp(`/create-request/${WESTSIDE.seededLink}$`))).toBeVisible();
  await expectAccessible(page, 'direct links');

  // Create: the new link comes first.
  const before = await page.getByRole('article').count();
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('Direct link created.', { exact: false })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(before + 1);
  const card = page.getByRole('article').first();
  const url = (await card.locator('p').first().textContent())!.trim();
  expect(url).toMatch(/\/create-request\/[A-Za-z0-9_-]{24}$/);
  const token = url.split('/').at(-1)!;

  // Copy puts the address on the clipboard and says so.
  await card.getByRole('button', { name: /^Copy/ }).click();
  await expect(page.getByText('Link copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // A customer sends a request through it; the company opens the link's requests.
  await sendDirectRequest(page.request, token, 'Linkwell');
  await page.reload();
  const reloaded = page.getByRole('article').filter({ hasText: token });
  await reloaded.getByRole('button', { name: 'Show requests (1)' }).click();
  const list = reloaded.getByRole('list', { name: 'Requests through this link' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Jordan Linkwell');
  await expect(list).toContainText('New direct requests');
  await expect(links).toBeVisible();
  await expectAccessible(page, "direct links, a link's requests open");

  // Disabled, the link opens the wizard with the spec's invalid-link message.
  await reloaded.getByRole('button', { name: 'Disable' }).click();
  await expect(reloaded.getByRole('button', { name: 'Enable' })).toBeVisible();
  await expect(reloaded.getByText('Disabled', { exact: true })).toBeVisible();
  const visitor = await context.newPage();
  expectRefusal(visitor, '/api/company/validate_generated_link', 400);
  await visitor.goto(`/create-request/${token}`);
  await expect(visitor.getByText('Company direct link is invalid.')).toBeVisible();
  await visitor.close();
});

test('a company looks at its payouts, filters them by move date and downloads the CSV', async ({
  page,
}) => {
  await signInAsCompany(page, WESTSIDE.email);
  await page
    .getByRole('navigation', { name: 'Partner console' })
    .getByRole('link', { name: 'Payouts' })
    .click();
  await expect(page).toHaveURL(/\/partner\/payouts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(
    page.getByRole('table').or(page.getByText('No payouts yet.', { exact: false })),
  ).toBeVisible();
  await expectAccessible(page, 'payouts');

  // A 'To' before the 'From' is refused beside the field.
  await page.getByLabel('Move date from').fill('2030-03-20');
  await page.getByLabel('Move date to').fill('2030-03-10');
  await expect(page.getByText("The 'To' date cannot be before the 'From' date.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await page.getByLabel('Move date to').fill('2030-03-31');
  await expect(
    page.getByText('No job with money moved has its move date in these dates.'),
  ).toBeVisible();
  await expectAccessible(page, 'payouts, filtered');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('payouts-03-20-2030-to-03-31-2030.csv');
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(path, 'utf8')).toBe(
    'Request,Move date,Customer,Paid into escrow,Held in escrow,Released,Refunded,Tips,Net to company\r\n',
  );
});
