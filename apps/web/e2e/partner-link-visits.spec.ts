import { expect, expectAccessible, test } from './support/fixtures';
import { DEMO_COMPANY_EMAILS, DEMO_PARTNER_PASSWORD, signInAsCompany } from './support/partner';
import { chooseAddress, daysFromToday } from './support/requests';

/*
 * Page-view analytics (spec/portal.md §2 app shell; decision 043), end to end on the embedded
 * default: a visitor opens a company's direct link, accepts the cookie notice and goes on to the
 * location details; the visit and the steps are counted in the database, and the company sees
 * them on its Direct links screen.
 */

const WESTSIDE = DEMO_COMPANY_EMAILS['Westside Van Lines']!;

test("a visit to a company's direct link, and how far it went, shows in the company's console", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A link of its own, so that the counts start at zero.
  const login = await page.request.post('/app_api/login', {
    data: { email: WESTSIDE, password: DEMO_PARTNER_PASSWORD, user_type: 2 },
  });
  expect(login.ok()).toBe(true);
  const { data: session } = (await login.json()) as { data: { auth_token: string } };
  const made = await page.request.post('/api/company/create_direct_link', {
    headers: { 'x-sh-auth': session.auth_token },
    data: {},
  });
  expect(made.ok()).toBe(true);
  const { data: link } = (await made.json()) as { data: { link: string } };

  // The visitor, in a browser of their own: nothing is counted before 'I understand'.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const sent: string[] = [];
  visitor.on('request', (request) => {
    if (request.url().endsWith('/app_api/analytics_event')) sent.push(request.postData() ?? '');
  });
  await visitor.goto(`/create-request/${link.link}`);
  await expect(
    visitor.getByRole('heading', { name: 'When and where are you moving?' }),
  ).toBeVisible();
  await visitor.waitForTimeout(500);
  expect(sent).toEqual([]);
  const counted = visitor.waitForResponse(
    (r) => r.url().endsWith('/app_api/analytics_event') && r.status() === 200,
  );
  await visitor.getByRole('button', { name: 'I understand' }).click();
  expect(await (await counted).json()).toMatchObject({ recorded: true });

  await visitor.locator('input[name="date"]').fill(daysFromToday(9));
  await chooseAddress(visitor, 'Address A', '90012', 'Los Angeles, CA 90012, USA');
  await chooseAddress(visitor, 'Address B', '90401', 'Santa Monica, CA 90401, USA');
  // Its answer, not only its sending: closing the visitor's browser below would cut a call the
  // server has not yet stored.
  const step = visitor.waitForResponse(
    (r) =>
      r.url().endsWith('/app_api/analytics_event') &&
      r.request().postData()?.includes('"step":1') === true &&
      r.status() === 200,
  );
  await visitor.getByRole('button', { name: 'Next' }).click();
  await step;
  await expect.poll(() => sent.length).toBe(3);
  // Its path and step only: nobody's name, no query, no cookie of ours.
  for (const body of sent)
    expect(Object.keys(JSON.parse(body)).sort()).toEqual(expect.arrayContaining(['name', 'path']));
  await visitorContext.close();

  // The company, in its console.
  await signInAsCompany(page, WESTSIDE);
  await page
    .getByRole('navigation', { name: 'Partner console' })
    .getByRole('link', { name: 'Direct links' })
    .click();
  const card = page.getByRole('article').filter({ hasText: link.link });
  const funnel = card.getByRole('list', { name: /^Visits / });
  await expect(funnel.getByRole('listitem')).toHaveText([
    'Visits1',
    'Move date and addresses1 (100%)',
    'Location details1 (100%)',
    'How to add items0 (0%)',
    'Rooms0 (0%)',
    'Common list0 (0%)',
    'Confirm request details0 (0%)',
    'Request sent0 (0%)',
  ]);
  // The demo link's seeded week shows beside it.
  const seeded = page
    .getByRole('article')
    .filter({ hasText: '/create-request/westside-van-lines' });
  await expect(
    seeded
      .getByRole('list', { name: /^Visits / })
      .getByRole('listitem')
      .first(),
  ).toHaveText(/^Visits\d{3}$/);
  await expectAccessible(page, 'direct links with their visits');
});
