import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';
import { chooseAddress, postDowntownMove } from './support/requests';

/*
 * Address editing before bidding ends (spec/request-lifecycle.md §2 "Address
 * add and edit", §5 "Address add/edit"): on a fresh move's detail the customer adds a third
 * address, edits the drop-off, deletes the added one after the confirmation, and is told that
 * two addresses must stay when deleting one of the last two.
 */

// The spec's texts, verbatim (spec §5), and the server's answers (EDIT_MESSAGES).
const ADDRESS_INVALID = 'Please enter a valid address.';
const ZIP_REQUIRED = 'Please enter your zip code.';
const DELETE_CONFIRM = 'Are your sure you want to delete this address?';
const MIN_TWO =
  'Minimum two address is required. If you want to change please edit your address or add new address then delete this.';
const ADDED = 'Address added successfully.';
const UPDATED = 'Address updated successfully.';
const DELETED = 'Address deleted successfully.';

test.beforeEach(async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await acceptCookies(page, baseURL);
});

test('a customer adds, edits and deletes addresses of a request before bidding ends', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'edit-address');
  await logIn(page, customer.email, customer.password);
  const requestId = await postDowntownMove(page.request, customer.token);
  const detailUrl = new RegExp(`/dashboard/my-requests/${requestId}$`);

  await page.goto(`/dashboard/my-requests/${requestId}`);
  const addresses = page.getByRole('region', { name: 'Addresses' });
  await expect(addresses.getByRole('heading', { name: /^Drop off B: / })).toBeVisible();

  // Add a third address (C) from the detail.
  await addresses.getByRole('link', { name: 'Add address' }).click();
  await expect(page).toHaveURL(`/dashboard/my-requests/add-address/${requestId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Address' })).toBeVisible();
  await expectAccessible(page, 'add address');
  // Nothing chosen yet: the form says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText(ADDRESS_INVALID)).toBeVisible();
  await expect(page.getByText(ZIP_REQUIRED)).toBeVisible();
  await chooseAddress(page, 'Address C', '90017', 'Los Angeles, CA 90017, USA');
  await expect(page.locator('input[name="zip_code"]')).toHaveValue('90017');
  await page.locator('input[name="apartment_number"]').fill('Suite 5');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByText(ADDED)).toBeVisible();
  const added = addresses.getByRole('region', { name: /^Drop off C: .*90017/ });
  await expect(added).toContainText('Suite 5');

  // Edit the drop-off (B): its stored values are in the form.
  await addresses.getByRole('link', { name: 'Edit address B' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Address' })).toBeVisible();
  await expect(page.locator('input[name="zip_code"]')).toHaveValue('90401');
  await expectAccessible(page, 'edit address');
  await page.locator('input[name="apartment_number"]').fill('Apt 9');
  await page.getByRole('radio', { name: 'Stairs' }).check();
  await page.getByRole('button', { name: 'Update Address' }).click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByText(UPDATED)).toBeVisible();
  const dropOff = addresses.getByRole('region', { name: /^Drop off B: / });
  await expect(dropOff).toContainText('Apt 9');
  await expect(dropOff).toContainText('Lift type: Stairs');

  // Delete the added address after the confirmation.
  await addresses.getByRole('button', { name: 'Delete address C' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete address' });
  await expect(dialog).toContainText(DELETE_CONFIRM);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(DELETED)).toBeVisible();
  await expect(added).toBeHidden();

  // Two remain: deleting one is refused on the screen, without a call.
  let deleteCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/delete_address')) deleteCalls += 1;
  });
  await addresses.getByRole('button', { name: 'Delete address B' }).click();
  await expect(addresses.getByText(MIN_TWO)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(deleteCalls).toBe(0);
  await expectAccessible(page, 'request detail with address controls');
});
