import type { APIRequestContext } from '@playwright/test';
import { acceptCookies, expect, test } from './support/fixtures';
import {
  directRequestBody,
  expectNothingRan,
  hostile,
  PAYLOADS,
  watchDialogs,
} from './support/injection';
import { DEMO_COMPANY_EMAILS, DEMO_PARTNER_PASSWORD, signInAsCompany } from './support/partner';

/*
 * Injection in the browser, the company's side (spec/portal.md §9 security): a company's name
 * and about text with script in them are shown as text in its console and on its direct link's
 * wizard, and nothing runs. It opens a company's console, so it runs in the 'partner' project,
 * after the customers' journeys that count on every demo company's bids. The company is put
 * back as seeded at the end.
 */

/** The third demo company: the other partner journeys play Swift, Westside and Pasadena. */
const VALLEY = { email: DEMO_COMPANY_EMAILS['Valley Star Moving']!, link: 'valley-star-moving' };

interface Profile {
  name: string;
  about: string | null;
}

async function companyToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/app_api/login', {
    data: { email: VALLEY.email, password: DEMO_PARTNER_PASSWORD, user_type: 2 },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { data: { auth_token: string } }).data.auth_token;
}

async function updateProfile(request: APIRequestContext, token: string, changes: Profile) {
  const res = await request.post('/api/company/update_profile', {
    headers: { 'x-sh-auth': token },
    data: { name: changes.name, about: changes.about ?? '' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Profile }).data;
}

test("a company's name and about text with script in them are shown as text", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await acceptCookies(page, baseURL);
  watchDialogs(page);
  const token = await companyToken(page.request);
  const res = await page.request.post('/api/company/profile', {
    headers: { 'x-sh-auth': token },
  });
  const seeded = ((await res.json()) as { data: Profile }).data;
  const name = `Valley ${PAYLOADS.img}`.slice(0, 60);
  const about = hostile('About');
  try {
    const stored = await updateProfile(page.request, token, { name, about });
    // Stored as text: what the company typed, nothing added, nothing taken away.
    expect(stored.about).toBe(about);

    await signInAsCompany(page, VALLEY.email);
    await expectNothingRan(page, 'partner open requests');
    await page
      .getByRole('navigation', { name: 'Partner console' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Company profile' })).toBeVisible();
    await expect(page.locator('textarea[name="about"]')).toHaveValue(about);
    await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue(stored.name);
    await expectNothingRan(page, 'partner profile');

    // A customer's hostile words in a direct request, on the company's job page.
    const words = hostile('Gate');
    const sent = await page.request.post('/api/company/generate_request_by_customer', {
      data: await directRequestBody(page.request, VALLEY.link, words, ['Jordan', 'Valley']),
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const { id } = ((await sent.json()) as { data: { Request_ID: { id: number } } }).data
      .Request_ID;
    await page.goto(`/partner/jobs/${id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`^Job #${id}`) }),
    ).toBeVisible();
    await expect(page.getByText(words, { exact: false }).first()).toBeVisible();
    await expect(
      page.getByText(`201 Main St ${PAYLOADS.img}, Santa Monica`, { exact: false }).first(),
    ).toBeVisible();
    await expectNothingRan(page, 'partner job detail');

    // The direct link's wizard shows the company to its customers.
    await page.goto(`/create-request/${VALLEY.link}`);
    await expect(page.getByText('POWERED BY')).toBeVisible();
    await expect(page.getByText(stored.name).first()).toBeVisible();
    await expectNothingRan(page, 'direct-link wizard');
  } finally {
    await updateProfile(page.request, token, seeded);
  }
});
