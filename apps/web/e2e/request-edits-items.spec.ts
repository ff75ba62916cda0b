import type { APIRequestContext } from '@playwright/test';
import { createCustomer } from './support/accounts';
import { acceptCookies, expect, expectAccessible, logIn, test } from './support/fixtures';

/*
 * Item editing (spec/request-lifecycle.md §2 "Item and extra-item
 * editing", §4 "Item editing", §5 "Save payloads"): a customer changes the items of a request
 * that is not paid yet (a quantity, a deletion) and ticks an extra item, and the request's detail
 * shows the new lists.
 */

test.beforeEach(async ({ page, baseURL }) => {
  // About 15 s alone; axe over a room's open catalogue search takes longer on a busy machine.
  test.setTimeout(60_000);
  await acceptCookies(page, baseURL);
});

interface CatalogueItem {
  id: number;
  name: string;
  category_name: string;
}

const itemsOf = async (res: Awaited<ReturnType<APIRequestContext['post']>>) =>
  ((await res.json()) as { data: { items: CatalogueItem[] } }).data.items;

/** The first room type's catalogue items (get_item_categories_by_type, get_item_by_category_id). */
async function roomCatalogue(request: APIRequestContext) {
  const types = await request.post('/api/customer/get_item_categories_by_type', {
    data: { type: '1' },
  });
  const [room] = (await itemsOf(types)) as unknown as { id: number; name: string }[];
  const items = await request.post('/api/customer/get_item_by_category_id', {
    data: { type: '', category_id: room!.id },
  });
  return { room: room!.name, items: await itemsOf(items) };
}

/** The packing materials (get_item, type '2'). */
async function extraCatalogue(request: APIRequestContext) {
  return itemsOf(await request.post('/api/customer/get_item', { data: { type: '2' } }));
}

const address = (index: number, zip: string, lat: number, lng: number) => ({
  street_address: `${100 + index} Main St`,
  complete_address: `${100 + index} Main St, Los Angeles, CA ${zip}, USA`,
  zip_code: zip,
  city: 'Los Angeles',
  state: 'CA',
  country: 'USA',
  is_stairs: false,
  is_elevator: true,
  is_hardwood_floor: false,
  number_of_flights: 0,
  latitude: lat,
  longitude: lng,
  address_type: index === 0 ? '1' : '2',
});

/** A move with two items of one room, sent through the API as the wizard sends it. */
async function sendMoveWithItems(
  request: APIRequestContext,
  token: string,
  items: CatalogueItem[],
): Promise<number> {
  const moveTypes = await request.get('/api/customer/get_move_type');
  const moveType = ((await moveTypes.json()) as { data: { moveTypeItems: { id: number }[] } }).data
    .moveTypeItems[0]!;
  const date = new Date();
  date.setDate(date.getDate() + 7);
  const sDate = [date.getMonth() + 1, date.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .concat(String(date.getFullYear()))
    .join('-');
  const res = await request.post('/api/customer/generate_request', {
    headers: { 'x-sh-auth': token },
    data: {
      request_type: '0',
      address_array: [
        address(0, '90012', 34.0614, -118.2385),
        address(1, '90401', 34.0159, -118.4962),
      ],
      starting_lat: 34.0614,
      starting_long: -118.2385,
      move_type: moveType.id,
      payment_status: '0',
      customer_budget: 700,
      s_date: sDate,
      s_time: '08:00 - 09:00',
      movers: 2,
      items_array: items.map((item, index) => ({
        _id: item.id,
        category_name: item.category_name,
        name: item.name,
        type: '1',
        quantity: 2 + index,
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { Request_ID: { id: number } } }).data.Request_ID.id;
}

test('a customer edits the items and extra items of a request before it is paid', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'edit-items');
  const { room, items: roomItems } = await roomCatalogue(page.request);
  const [kept, deleted] = roomItems;
  const [extra] = await extraCatalogue(page.request);
  const id = await sendMoveWithItems(page.request, customer.token, [kept!, deleted!]);
  await logIn(page, customer.email, customer.password);

  await page.goto(`/dashboard/my-requests/${id}`);
  const items = page.getByRole('region', { name: 'Items', exact: true });
  await expect(items.getByText(`${kept!.name} × 2`)).toBeVisible();
  await items.getByRole('link', { name: 'Edit items' }).click();

  // The by-room editor (the items are a room's): Update appears once something is edited.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Items' })).toBeVisible();
  await expect(page.getByText('Total items: 5')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: room })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Room Type/ })).toHaveText(
    'Please Selelct a room',
  );
  await expectAccessible(page, 'Edit Items');
  const update = page.getByRole('button', { name: 'Update' });
  await expect(update).toHaveCount(0);
  const quantity = page.getByLabel(`Quantity: ${kept!.name}`, { exact: true });
  await quantity.fill('4');
  await page.getByRole('button', { name: `Delete ${deleted!.name}`, exact: true }).click();
  await expect(page.getByText('Total items: 4')).toBeVisible();
  await update.click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${id}$`));
  await expect(page.getByText('Items updated successfully.')).toBeVisible();
  await expect(items.getByText(`${room} (4)`)).toBeVisible();
  await expect(items.getByText(`${kept!.name} × 4`)).toBeVisible();
  await expect(items.getByText(deleted!.name)).toHaveCount(0);

  // The extra items: ticking one sets 1.
  const extras = page.getByRole('region', { name: 'Extra Items', exact: true });
  await extras.getByRole('link', { name: 'Edit extra items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Extra Items' })).toBeVisible();
  const tick = page.getByRole('checkbox', { name: extra!.name, exact: true });
  await expect(tick).not.toBeChecked();
  await expectAccessible(page, 'Edit Extra Items');
  await tick.check();
  await expect(page.getByLabel(`Quantity: ${extra!.name}`, { exact: true })).toHaveValue('1');
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/my-requests/${id}$`));
  await expect(extras.getByText(`${extra!.name} × 1`)).toBeVisible();
});
