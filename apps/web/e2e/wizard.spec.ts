import type { Page } from '@playwright/test';
import { fillSignUp, readClaimPath, readCode, uniqueEmail } from './support/accounts';
import {
  acceptCookies,
  DEMO,
  expect,
  expectAccessible,
  expectRefusal,
  test,
} from './support/fixtures';

/*
 * The request wizard (spec/request-lifecycle.md §2 "Request wizard", §4 "Wizard flow"): a
 * visitor builds a move, is asked to sign up or log in, and the saved request is sent; a
 * company's direct link; an unserved zip joins the wait-list. The embedded geo provider is the
 * offline zip gazetteer: an address is its street as typed with the zip the customer picks,
 * placed at the zip's centre (issue 31).
 */

test.beforeEach(async ({ page, baseURL }) => {
  // Long journeys with an accessibility scan at two widths per screen, up to nine screens: five
  // times the budget (the first journey takes 1.5 minutes on a busy two-core machine).
  test.setTimeout(150_000);
  await acceptCookies(page, baseURL);
});

// A 1×1 PNG: the item photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A week from today as the date input takes it (YYYY-MM-DD) and as the wire carries it. */
function nextWeek(): { input: string; wire: string } {
  const d = new Date();
  d.setDate(d.getDate() + 7);
  const yyyy = String(d.getFullYear());
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return { input: `${yyyy}-${mm}-${dd}`, wire: `${mm}-${dd}-${yyyy}` };
}

/** A street of each zip the journeys use: a move address needs its street line. */
const STREETS: Record<string, string> = {
  '90012': '200 N Spring St',
  '90401': '1550 Ocean Ave',
  '91101': '100 E Colorado Blvd',
  '10001': '350 5th Ave',
};

/**
 * Types a street and its zip into an address field (a zip alone gets a street of that zip) and
 * picks the gazetteer's zip.
 */
async function chooseAddress(page: Page, label: string, typed: string, suggestion: string) {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(/^\d{5}$/.test(typed) ? `${STREETS[typed] ?? '100 Main St'}, ${typed}` : typed);
  await page.getByRole('option', { name: suggestion }).click();
}

/** Step 0 with a date a week away (its default 08:00–09:00 window) and the given addresses. */
async function fillMapStep(page: Page, addresses: [string, string][]) {
  await page.locator('input[name="date"]').fill(nextWeek().input);
  await expect(page.locator('[name="start_window_from"]')).toHaveValue('08:00');
  await expect(page.locator('[name="start_window_to"]')).toHaveValue('09:00');
  for (const [index, [zip, suggestion]] of addresses.entries()) {
    const letter = 'ABCDEF'[index] as string;
    if (index >= 2) await page.getByRole('button', { name: 'Add address' }).click();
    await chooseAddress(page, `Address ${letter}`, zip, suggestion);
  }
}

async function chooseMoveSize(page: Page, name: string) {
  await page.getByLabel('Move Size').click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('a visitor builds a three-address move by room, signs up, and finds it in My Requests', async ({
  page,
}) => {
  await page.goto('/create-request');
  await expectAccessible(page, 'wizard step 0');
  await fillMapStep(page, [
    ['90012', 'Los Angeles, CA 90012, USA'],
    ['90401', 'Santa Monica, CA 90401, USA'],
    ['91101', 'Pasadena, CA 91101, USA'],
  ]);
  await expect(page.getByRole('region', { name: 'Map of your move' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 1: the move size and one detail per address.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select move size.').first()).toBeVisible();
  await chooseMoveSize(page, '1 bed room apt.');
  await page.locator('input[name="unitNumber"]').first().fill('12B');
  await expectAccessible(page, 'wizard step 1');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2 → 3: by room, a bedroom with a catalogue item and a custom one with a photo.
  await expectAccessible(page, 'wizard step 2');
  await page.getByRole('button', { name: 'By Room' }).click();
  await page.getByLabel('Room Type').click();
  await page.getByRole('option', { name: 'Bedroom', exact: true }).click();
  await page.getByRole('button', { name: 'Add Room' }).click();
  await expect(page.getByRole('heading', { name: 'Bedroom' })).toBeVisible();

  await page.getByLabel('Search items').fill('Grandfather clock');
  await page.getByRole('button', { name: 'Add custom item' }).click();
  await expect(page.getByText('Grandfather clock')).toBeVisible();
  await page.getByRole('button', { name: 'Details' }).first().click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'clock.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expectAccessible(page, 'wizard step 3');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 7: the summary; movers default to 2 for a one-bedroom; the estimate; the price.
  await expect(page.getByText('Grandfather clock')).toBeVisible();
  await expect(page.getByText(/\$\d[\d,]* - \$\d[\d,]*/)).toBeVisible();
  await page.locator('input[name="customer_budget"]').fill('650');
  await page.locator('[name="final_comment"]').fill('Piano-free, but the clock is fragile.');
  await expectAccessible(page, 'wizard step 7');
  await page.getByRole('button', { name: 'Request Move' }).click();

  // A visitor is asked to log in or sign up; the request is kept.
  const dialog = page.getByRole('dialog', { name: 'Get moving' });
  await expect(dialog.getByText('Please Login or Signup to request move.')).toBeVisible();
  await dialog.getByRole('button', { name: 'SIGN UP' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(
    page.getByText('Your moving request has been saved. Please sign up or log into your account.'),
  ).toBeVisible();

  const email = uniqueEmail('wizard');
  await fillSignUp(page, email);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.locator('input[name="code"]').fill(await readCode(page.request, email));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard\/congratulations$/);
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expectAccessible(page, 'dashboard congratulations');
  await page.getByRole('button', { name: 'go to my requests page' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
  await expect(page.getByText('Los Angeles, CA 90012, USA').first()).toBeVisible();
  // A listed request once made the page wider than the screen (a hidden label at 100%).
  await expectAccessible(page, 'My Requests with a request');

  // The request is stored as entered: three addresses, the date, the price.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/customer/get_customer_request', {
    headers: { 'x-sh-auth': token ?? '' },
    data: { request_status: '0' },
  });
  const body = (await res.json()) as {
    data: {
      request: { s_date: string; customer_budget: number | string };
      request_address: { zip_code: string; apartment_number: string | null }[];
    }[];
  };
  expect(body.data).toHaveLength(1);
  const [entry] = body.data;
  expect(entry?.request_address.map((a) => a.zip_code)).toEqual(['90012', '90401', '91101']);
  expect(entry?.request_address[0]?.apartment_number).toBe('12B');
  expect(Number(entry?.request.customer_budget)).toBe(650);

  // The draft was cleared: a new request starts empty.
  await page.goto('/create-request');
  await expect(page.getByRole('combobox', { name: 'Address A' })).toHaveValue('');
});

test('a visitor who logs in instead has the saved request sent, then sees congratulations', async ({
  page,
}) => {
  await page.goto('/create-request');
  // Offline (issue 31): a street with only its city is not placed in a zip the gazetteer cannot
  // know; the customer is asked for the zip, keeps the street as typed and picks the zip, and
  // the field and the map say the place is approximate.
  const a = page.getByRole('combobox', { name: 'Address A' });
  await a.fill('1600 Vine St, Los Angeles');
  await expect(
    page.getByText('Type the street, then its zip code: 1600 Vine St, 90028.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Address A' })).toHaveCount(0);
  await fillMapStep(page, [
    ['1600 Vine St, Los Angeles 90028', 'Los Angeles, CA 90028, USA'],
    ['90401', 'Santa Monica, CA 90401, USA'],
  ]);
  await expect(a).toHaveValue('1600 Vine St, Los Angeles, CA 90028, USA');
  await expect(a).toHaveAccessibleDescription('Zip 90028 · Los Angeles, CA · approximate location');
  const map = page.getByRole('region', { name: 'Map of your move' });
  await expect(
    map.getByRole('button', {
      name: 'A: 1600 Vine St, Los Angeles, CA 90028, USA (approximate location)',
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await chooseMoveSize(page, 'Studio');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Common List' }).click();
  await page.getByLabel('Search items').fill('Chair');
  await page
    .getByRole('button', { name: /increase/i })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add to move' }).click();
  await expectAccessible(page, 'wizard step 4');
  await page.getByRole('button', { name: 'Next' }).click();

  // Packing materials are reachable from the summary and come back to it.
  await page.getByRole('button', { name: 'Add packing materials' }).click();
  await page.getByRole('checkbox').first().check();
  await expectAccessible(page, 'wizard step 5');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('input[name="customer_budget"]').fill('300');
  await page.getByRole('button', { name: 'Request Move' }).click();
  await page
    .getByRole('dialog', { name: 'Get moving' })
    .getByRole('button', { name: 'LOG IN' })
    .click();

  await expect(page).toHaveURL(/\/login$/);
  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/congratulations$/);
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
});

test("a customer of a company sends a request through its direct link and opens the request's page", async ({
  page,
}) => {
  expectRefusal(page, '/api/company/validate_generated_link', 400);
  await page.goto('/create-request/no-such-company');
  await expect(page.getByText('Company direct link is invalid.')).toBeVisible();

  await page.goto('/create-request/swift-movers-la');
  await expect(page.getByText('POWERED BY')).toBeVisible();
  await expect(page.getByText('Swift Movers LA').first()).toBeVisible();
  await expectAccessible(page, 'direct-link wizard');
  await fillMapStep(page, [
    ['90012', 'Los Angeles, CA 90012, USA'],
    ['90401', 'Santa Monica, CA 90401, USA'],
  ]);
  await page.getByRole('button', { name: 'Next' }).click();
  await chooseMoveSize(page, '2 bed room apt.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();

  // Direct-link mode asks for contact details instead of a price.
  await expect(page.locator('input[name="customer_budget"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Request Move' }).click();
  await expect(page.getByText('Please enter a valid first name.')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  await page.locator('input[name="first_name"]').fill('Jordan');
  await page.locator('input[name="last_name"]').fill('Lee');
  const email = uniqueEmail('direct');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="customer_phone_number"]').pressSequentially('3105550147');
  await expectAccessible(page, 'direct-link summary');
  await page.getByRole('button', { name: 'Request Move' }).click();

  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await page.getByRole('button', { name: 'go to my request details' }).click();
  await expect(page).toHaveURL(/\/view-request\/[\w-]+$/);

  // The request joins an account only through the emailed confirmation (decision 007): this
  // email has none, so the page asks for a password and creates it.
  await page.goto(await readClaimPath(page.request, email));
  await expect(page.getByRole('heading', { name: 'Is this your request?' })).toBeVisible();
  await expectAccessible(page, 'claim request');
  await page.getByRole('button', { name: 'Yes, this is my request' }).click();
  await page.getByLabel('New password').fill('Moving@2026');
  await page.getByLabel('Confirm password').fill('Moving@2026');
  await page.getByRole('button', { name: 'Create account and confirm' }).click();
  await expect(
    page.getByText('The request is now in your account.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Requests' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-requests$/);
  // The new account holds the request, and its notification was written on the claim (the
  // demo company's confirmation letter may add its own, depending on when the simulator sends it).
  await expect(page.getByRole('tab', { name: 'Active (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications, [12] unread$/ })).toBeVisible();
});

test('an address outside the served area offers the wait-list', async ({ page }) => {
  await page.goto('/create-request');
  await chooseAddress(page, 'Address A', '10001', 'New York, NY 10001, USA');
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('We are not in your area yet. But will be there very soon...'),
  ).toBeVisible();
  await expectAccessible(page, 'area not found');
  await dialog.locator('input[name="email"]').fill(uniqueEmail('waitlist'));
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('Zipcode added into our waitlist.')).toBeVisible();
  // The address was not taken.
  await expect(page.getByRole('combobox', { name: 'Address A' })).toHaveValue('');
});
