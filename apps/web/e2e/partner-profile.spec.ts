import type { APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { acceptCookies, expect, expectAccessible, test } from './support/fixtures';
import { DEMO_COMPANY_EMAILS, signInAsCompany } from './support/partner';

/*
 * The company's profile in the partner console: a demo company edits its
 * about text, serves one more zip code, adds a truck, invites a foreman; the foreman opens the
 * emailed link in his own browser, chooses a password and is signed in; the company then sees
 * him active. Each part it adds it removes again, so the demo company stays as seeded.
 */

/** The fourth demo company: the other partner journeys play Swift and Westside. */
const PASADENA = { email: DEMO_COMPANY_EMAILS['Pasadena Pacific Movers']! };

/** A zip code no demo company serves (they serve Los Angeles County). */
const FAR_ZIP = '10001';

/** The path and query of the newest invitation emailed to an address. */
async function readInvitePath(request: APIRequestContext, to: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await res.json()) as { messages: { body: string }[] };
        path = messages[0]?.body.match(/(\/partner\/set-password\?token=[\w-]+)/)?.[1] ?? '';
        return path;
      },
      { message: `an invitation to ${to}`, timeout: 10_000 },
    )
    .not.toBe('');
  return path;
}

test('a company keeps its profile, trucks and zip codes, and invites a foreman who sets his password', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await acceptCookies(page, baseURL);
  await signInAsCompany(page, PASADENA.email);

  await page
    .getByRole('navigation', { name: 'Partner console' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page).toHaveURL(/\/partner\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company profile' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.locator('input[name="name"]')).toHaveValue('Pasadena Pacific Movers');
  await expectAccessible(page, 'company profile');

  // Details: the about text, saved and kept after a reload.
  const about = `Careful movers in the San Gabriel Valley. ${Date.now()}`;
  await details.locator('textarea[name="about"]').fill(about);
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your company profile has been updated.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Details' }).locator('textarea[name="about"]'),
  ).toHaveValue(about);

  // A zip code: added, then removed with its chip.
  const zips = page.getByRole('region', { name: 'Served zip codes' });
  await zips.locator('input[name="zip_code"]').fill(FAR_ZIP);
  await zips.getByRole('button', { name: 'Add zip code' }).click();
  const chip = zips.getByRole('button', { name: `Remove zip code ${FAR_ZIP}` });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(chip).toHaveCount(0);

  // A truck: added, made inactive, removed after the confirmation.
  const trucks = page.getByRole('region', { name: 'Trucks' });
  const truckName = `Journey truck ${Date.now() % 100_000}`;
  await trucks.getByLabel('New truck name').fill(truckName);
  await trucks.getByRole('button', { name: 'Add truck' }).click();
  const active = trucks.getByRole('switch', { name: `${truckName} is active` });
  await expect(active).toBeChecked();
  await active.click();
  await expect(active).not.toBeChecked();
  await trucks.getByRole('button', { name: `Remove ${truckName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove truck?' });
  await expectAccessible(page, 'remove truck dialog');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(trucks.getByText(truckName)).toHaveCount(0);

  // A foreman: invited by email.
  const email = uniqueEmail('foreman');
  const foremen = page.getByRole('region', { name: 'Foremen' });
  await foremen.getByRole('button', { name: 'Invite foreman' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a foreman' });
  await expectAccessible(page, 'invite foreman dialog');
  await invite.locator('input[name="email"]').fill(email);
  await invite.locator('input[name="first_name"]').fill('Rae');
  await invite.locator('input[name="last_name"]').fill('Lopez');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  const row = foremen.getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Invited')).toBeVisible();

  // The foreman, in his own browser, sets his password from the emailed link.
  const invitePath = await readInvitePath(page.request, email);
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  await acceptCookies(await phone.newPage(), baseURL);
  const foremanPage = phone.pages()[0]!;
  await foremanPage.goto(invitePath);
  await expect(
    foremanPage.getByRole('heading', { level: 1, name: 'Set your password' }),
  ).toBeVisible();
  await expectAccessible(foremanPage, 'foreman set password');
  await foremanPage.locator('input[name="password"]').fill('Foreman#2026');
  await foremanPage.locator('input[name="confirm_password"]').fill('Foreman#2026');
  await foremanPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(foremanPage).not.toHaveURL(/set-password/);
  const stored = await foremanPage.evaluate(() => localStorage.getItem('partner_user'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ email, user_type: 3 });
  // The link worked once.
  await foremanPage.goto(invitePath);
  await foremanPage.locator('input[name="password"]').fill('Foreman#2027');
  await foremanPage.locator('input[name="confirm_password"]').fill('Foreman#2027');
  await foremanPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(foremanPage.getByText(/invitation link is invalid or has expired/)).toBeVisible();
  await phone.close();

  // The company's console hears of it: the foreman is active without a reload.
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: 'Remove Rae Lopez' }).click();
  await page
    .getByRole('dialog', { name: 'Remove foreman?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(foremen.getByText(email)).toHaveCount(0);
});
