import { createCustomer } from './support/accounts';
import {
  acceptCookies,
  DEMO,
  expect,
  expectAccessible,
  expectRefusal,
  logIn,
  test,
} from './support/fixtures';
import {
  postDowntownMove,
  sendDowntownMove,
  startDowntownMove,
  summaryOf,
  waitForBids,
} from './support/requests';

/*
 * The tour of the customer's and the public screens that no journey visits on its way (spec/
 * portal.md §2 and spec/request-lifecycle.md §2): the states a link opens when it is wrong, the
 * dashboard's menus and drawers, the dialogs a request opens, the edit screens at their top-level
 * paths. Each is checked at 375 × 812 and 1280 × 800 (axe, no sideways scroll) and kept as a
 * screenshot. The journeys check every other screen on their own way.
 */

test.beforeEach(async ({ page, baseURL }) => {
  // Several screens, each scanned at two widths: a generous budget for a busy two-core machine.
  test.setTimeout(120_000);
  await acceptCookies(page, baseURL);
});

test('links a visitor opens: a friend’s invitation, and links that are wrong or used up', async ({
  page,
}) => {
  await page.goto('/register/FRIEND42');
  await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible();
  await expect(page.locator('input[name="reference_code"]')).toHaveValue('FRIEND42');
  await expectAccessible(page, 'sign-up with a referral code');

  await page.goto('/set-forget-password/not-a-reset-token');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'set password, unknown link');

  expectRefusal(page, '/api/company/validate_generated_link', 400);
  await page.goto('/create-request/no-such-company-link');
  await expect(page.getByRole('alert')).toHaveText('Company direct link is invalid.');
  await expectAccessible(page, 'direct-link wizard, unknown link');

  expectRefusal(page, '/app_api/request_detail_by_request_link', 400);
  await page.goto('/view-request/no-such-access-token');
  await expect(page.getByRole('alert')).toHaveText('Error Message: This request link is invalid.');
  await expectAccessible(page, 'public request page, unknown link');

  await page.goto('/claim-request/no-such-claim-token');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'claim request, unknown link');

  expectRefusal(page, '/api/company/get_confirmation_letter', 404);
  await page.goto('/sign-confirmation-letter/no-such-letter');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'sign confirmation letter, unknown link');
});

test('the wizard asks a visitor to sign up or log in, and shows the card step', async ({
  page,
}) => {
  await startDowntownMove(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('input[name="customer_budget"]')).toBeVisible();

  // Step 6, the card, from the summary: a visitor adds one once there is an account.
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.locator('input[name="customer_budget"]')).toHaveCount(0);
  await expectAccessible(page, 'wizard step 6');
  await page
    .getByRole('button', { name: /^(Prev|Back|Next)$/ })
    .first()
    .click();

  await page.locator('input[name="customer_budget"]').fill('700');
  await page.getByRole('button', { name: 'Request Move' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get moving' });
  await expect(dialog.getByText('Please Login or Signup to request move.')).toBeVisible();
  await expectAccessible(page, 'get moving dialog');
});

test('the dashboard’s account menu, navigation drawer and 404 page', async ({ page }) => {
  await logIn(page, DEMO.email, DEMO.password);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'About Us' })).toBeVisible();
  await expectAccessible(page, 'account menu');
  // A click beside the menu closes it.
  await page.mouse.click(5, 400);
  await expect(page.getByRole('menu')).toBeHidden();

  // On a phone the navigation is a drawer over the page.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Show navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page, 'navigation drawer');
  // A link in the drawer takes the customer there and closes it.
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'My Requests' })
    .click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();

  // On a desktop the sidebar can be hidden.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Hide navigation' }).click();
  await expect(page.getByRole('button', { name: 'Show navigation' })).toBeVisible();
  await expectAccessible(page, 'my requests, navigation hidden');
  await page.getByRole('button', { name: 'Show navigation' }).click();

  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'dashboard 404 page');
});

test('a request sent from the wizard: its congratulations, Cancel Request, a change screen and Delete Bid', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'tour');
  await logIn(page, customer.email, customer.password);
  const id = await sendDowntownMove(page);
  await expectAccessible(page, 'wizard step 8 congratulations');

  // The detail's Cancel Request asks first.
  await page.goto(`/dashboard/my-requests/${id}`);
  await summaryOf(page, id).getByRole('button', { name: 'Cancel Request' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Request' });
  await expect(cancel).toBeVisible();
  await expectAccessible(page, 'cancel request dialog');
  await cancel.getByRole('button', { name: 'No' }).click();
  await expect(cancel).toBeHidden();

  // A change screen with no change waiting (the change journey shows one waiting).
  await page.goto(`/dashboard/my-requests/change-request/address/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Request DETAIL' })).toBeVisible();
  await expect(page.getByText(`Request #${id}`)).toBeVisible();
  await expectAccessible(page, 'change request, nothing waiting');

  // A bid deleted from the companies list asks first.
  await waitForBids(page.request, customer.token, id);
  await page.goto(`/dashboard/my-requests/companies-list/${id}`);
  const first = page.getByRole('list', { name: 'Bidding companies' }).getByRole('listitem').first();
  const company = await first.getByRole('heading', { level: 2 }).innerText();
  await first.getByRole('button', { name: `Delete the bid of ${company}` }).click();
  const deleteBid = page.getByRole('dialog', { name: 'Delete Bid' });
  await expect(deleteBid).toBeVisible();
  await expectAccessible(page, 'delete bid dialog');
  await deleteBid.getByRole('button', { name: 'No' }).click();
  await expect(deleteBid).toBeHidden();
});

test('the edit screens at their top-level paths', async ({ page }) => {
  const customer = await createCustomer(page.request, 'tour-edits');
  const id = await postDowntownMove(page.request, customer.token);
  await logIn(page, customer.email, customer.password);

  await page.goto(`/dashboard/my-requests/${id}`);
  const editLink = page
    .getByRole('region', { name: 'Addresses' })
    .getByRole('link', { name: 'Edit address A' });
  const editPath = (await editLink.getAttribute('href')) ?? '';
  const addressId = /\/(\d+)$/.exec(editPath)?.[1];
  expect(addressId, editPath).toBeTruthy();

  await page.goto(`/add-address/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Address' })).toBeVisible();
  await expectAccessible(page, 'add address, top level');

  await page.goto(`/edit-address/${id}/${addressId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Address' })).toBeVisible();
  await expect(page.locator('input[name="zip_code"]')).toHaveValue('90012');
  await expectAccessible(page, 'edit address, top level');

  await page.goto(`/edit-extra-items/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Extra Items' })).toBeVisible();
  await expectAccessible(page, 'edit extra items, top level');
});

test('the items editor’s dialogs: an item’s details, renaming and deleting a room', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'tour-items');
  const id = await postDowntownMove(page.request, customer.token);
  await logIn(page, customer.email, customer.password);

  // A request without items is asked how to add them first.
  await page.goto(`/edit-items/${id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'How do you want to add items?' }),
  ).toBeVisible();
  await expectAccessible(page, 'edit items, top level');
  await page.getByRole('button', { name: 'By Room' }).click();
  await page.getByLabel('Room Type').click();
  await page.getByRole('option', { name: 'Bedroom', exact: true }).click();
  await page.getByRole('button', { name: 'Add Room' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bedroom' })).toBeVisible();
  await page.getByLabel('Search items').fill('Grandfather clock');
  await page.getByRole('button', { name: 'Add custom item' }).click();

  await page.getByRole('button', { name: 'Details' }).first().click();
  const details = page.getByRole('dialog', { name: 'Item details' });
  await expect(details).toBeVisible();
  await expectAccessible(page, 'item details dialog');
  await details.getByRole('button', { name: 'Cancel' }).click();
  await expect(details).toBeHidden();

  const actions = page.getByRole('button', { name: 'Actions of room Bedroom' });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename room' });
  await expect(rename).toBeVisible();
  await expectAccessible(page, 'rename room dialog');
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await expect(rename).toBeHidden();

  await actions.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const deleteRoom = page.getByRole('dialog', { name: 'Delete room' });
  await expect(deleteRoom).toBeVisible();
  await expectAccessible(page, 'delete room dialog');
  await deleteRoom.getByRole('button', { name: 'No' }).click();
  await expect(deleteRoom).toBeHidden();
});
