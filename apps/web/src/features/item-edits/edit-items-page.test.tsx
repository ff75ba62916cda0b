import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES, EDIT_MESSAGES, type ServerItem } from '@movehub/shared';
import { COMMON_ITEMS, LIVING_ROOM_ITEMS, ROOM_TYPES } from '../../lib/items/test-catalogue';
import { getToast } from '../../lib/toast';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';
import {
  BY_ROOM_TITLE,
  COMMON_LIST_TITLE,
  ITEMS_OPTION_TITLE,
  ROOM_PLACEHOLDER,
} from './edit-items-page';
import { serverItem } from './test-items';

type Request = Parameters<typeof buildRequestDetail>[0] extends infer O
  ? O extends { request?: infer R }
    ? R
    : never
  : never;

const EDITED = (awaiting = false) => ({
  code: 200,
  message: awaiting ? CHANGE_MESSAGES.sentForPricing : EDIT_MESSAGES.itemsUpdated,
  data: {
    request_id: 42,
    request_address: [],
    request_item: [],
    extra_request_items: [],
    net_distance: 12,
    recommend_amount: 300,
    awaiting_price: awaiting,
  },
});

function renderEditItems(
  items: ServerItem[],
  { request = {}, more = {} }: { request?: Request; more?: Record<string, StubHandler> } = {},
) {
  signInCustomer();
  const server = stubFetch({
    // The dashboard's own calls, and the detail's map once the edit returns there.
    ...dashboardStubs(),
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'POST /api/customer/customer_request_detail': {
      code: 200,
      data: buildRequestDetail({
        request: { id: 42, request_timeline_status: 1, ...request },
        request_item: items,
      }),
    },
    'POST /api/customer/get_item_categories_by_type': { code: 200, data: { items: ROOM_TYPES } },
    'POST /api/customer/get_item_by_category_id': { code: 200, data: { items: LIVING_ROOM_ITEMS } },
    'POST /api/customer/get_item': { code: 200, data: { items: COMMON_ITEMS } },
    'POST /api/customer/edit_items': EDITED(),
    'POST /app_api/edit_items': EDITED(true),
    ...more,
  });
  const view = renderApp('/dashboard/my-requests/edit-items/42');
  return { ...server, ...view };
}

/** The request's detail page, where the edit screen returns. */
async function expectRequestDetail() {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Request DETAIL' }),
  ).toBeInTheDocument();
  expect(window.location.pathname).toBe('/dashboard/my-requests/42');
}

const setup = () => userEvent.setup({ delay: null });
const update = () => screen.queryByRole('button', { name: 'Update' });
const sent = (calls: { path: string; body: unknown }[], path: string) =>
  calls.find((call) => call.path === path)?.body as { items_array: Record<string, unknown>[] };

const commonList = [
  serverItem({ id: 1, item_id: 33, name: 'Chair', quantity: 2, category_name: 'Common List' }),
  serverItem({ id: 2, item_id: 34, name: 'Television', quantity: 1, category_name: 'Common List' }),
];

beforeAll(
  () => preloadScreens('/dashboard/my-requests/edit-items/42', '/dashboard/my-requests/42'),
  60_000,
);

describe('EditItemsPage', () => {
  it('asks how to add items when the request has none, then opens the chosen editor', async () => {
    renderEditItems([]);
    expect(
      await screen.findByRole('heading', { level: 1, name: ITEMS_OPTION_TITLE }),
    ).toBeInTheDocument();
    await setup().click(screen.getByRole('button', { name: 'Common List' }));
    expect(screen.getByRole('heading', { level: 1, name: COMMON_LIST_TITLE })).toBeInTheDocument();
    expect(screen.getByText('Total items: 0')).toBeInTheDocument();
    expect(update()).not.toBeInTheDocument();
  });

  it('gives no heading while the request loads, then the editor’s own', async () => {
    renderEditItems(commonList);
    expect(screen.getByRole('progressbar', { name: 'Loading request' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: COMMON_LIST_TITLE }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: BY_ROOM_TITLE })).not.toBeInTheDocument();
  });

  it('opens the common-list editor when every item is in Common List, with its count and pieces', async () => {
    renderEditItems(commonList);
    expect(
      await screen.findByRole('heading', { level: 1, name: COMMON_LIST_TITLE }),
    ).toBeInTheDocument();
    expect(screen.getByText('Total items: 3')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Items' });
    expect(within(list).getByText(/2 pieces/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Details of Chair' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Delete Television' })).toBeInTheDocument();
  });

  it('shows Update only while the common list differs from the loaded copy', async () => {
    renderEditItems(commonList);
    const user = setup();
    const chair = await screen.findByLabelText('Quantity: Chair');
    expect(update()).not.toBeInTheDocument();

    await user.clear(chair);
    await user.type(chair, '5');
    expect(update()).toBeInTheDocument();
    await user.clear(chair);
    await user.type(chair, '2');
    expect(update()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Television' }));
    expect(update()).toBeInTheDocument();
  });

  it('sends only the items above 0 to /api/customer/edit_items, toasts and goes back to the detail', async () => {
    const { calls } = renderEditItems(commonList);
    const user = setup();
    const tv = await screen.findByLabelText('Quantity: Television');
    await user.clear(tv);
    await user.type(tv, '0');
    await user.click(update()!);

    await expectRequestDetail();
    const body = sent(calls, '/api/customer/edit_items');
    expect(body).toMatchObject({ request_id: 42 });
    expect(body.items_array).toEqual([
      expect.objectContaining({
        _id: 33,
        name: 'Chair',
        quantity: 2,
        change_by: '1',
        category_name: 'Common List',
      }),
    ]);
    expect(getToast()).toMatchObject({ message: EDIT_MESSAGES.itemsUpdated, severity: 'success' });
  });

  it('opens the by-room editor otherwise, and shows Update after any edit, even one that adds no item', async () => {
    renderEditItems([serverItem({ id: 1, item_id: 11, name: 'Sofa 3-seat', quantity: 1 })]);
    const user = setup();
    expect(await screen.findByText('Total items: 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: BY_ROOM_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Living Room' })).toBeInTheDocument();
    const roomType = screen.getByRole('combobox', { name: /^Room Type/ });
    expect(roomType).toHaveTextContent(ROOM_PLACEHOLDER);
    expect(update()).not.toBeInTheDocument();

    await waitFor(() => expect(roomType).not.toHaveAttribute('aria-disabled'));
    await user.click(roomType);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Bedroom' }));
    await user.click(screen.getByRole('button', { name: 'Add Room' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Bedroom' })).toBeInTheDocument();
    expect(update()).toBeInTheDocument();
  });

  it("renames and deletes a room from the room's menu, and saves the room's new name", async () => {
    const { calls } = renderEditItems([
      serverItem({ id: 1, name: 'Sofa 3-seat' }),
      serverItem({ id: 2, item_id: 21, name: 'Queen bed frame', category_name: 'Bedroom' }),
    ]);
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Actions of room Living Room' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const rename = within(await screen.findByRole('dialog', { name: 'Rename room' }));
    await user.clear(rename.getByLabelText(/Room Name/));
    await user.type(rename.getByLabelText(/Room Name/), 'Lounge');
    await user.click(rename.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Lounge' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions of room Bedroom' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete room' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Bedroom' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Total items: 1')).toBeInTheDocument();
    await user.click(update()!);
    await expectRequestDetail();
    // The renamed room is what the request keeps.
    expect(sent(calls, '/api/customer/edit_items').items_array).toEqual([
      expect.objectContaining({ name: 'Sofa 3-seat', category_name: 'Lounge' }),
    ]);
  });

  it("sends a direct request's edit to /app_api and shows that it waits for the mover's price", async () => {
    const { calls } = renderEditItems([serverItem({ id: 1, name: 'Sofa 3-seat', quantity: 1 })], {
      request: { request_type: 1, request_timeline_status: 4 },
    });
    const user = setup();
    const sofa = await screen.findByLabelText('Quantity: Sofa 3-seat');
    await user.clear(sofa);
    await user.type(sofa, '3');
    await user.click(update()!);
    await expectRequestDetail();
    expect(sent(calls, '/app_api/edit_items').items_array).toEqual([
      expect.objectContaining({ name: 'Sofa 3-seat', quantity: 3, category_name: 'Living Room' }),
    ]);
    expect(getToast()).toMatchObject({ message: CHANGE_MESSAGES.sentForPricing });
  });

  it("shows the server's refusal in a banner and stays", async () => {
    renderEditItems(commonList, {
      more: {
        'POST /api/customer/edit_items': {
          code: 422,
          message: 'Addresses and items can be changed only until the move is paid.',
        },
      },
    });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Chair' }));
    await user.click(update()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Addresses and items can be changed only until the move is paid.',
    );
    expect(screen.getByRole('heading', { level: 1, name: COMMON_LIST_TITLE })).toBeInTheDocument();
  });

  it('goes back to the detail when the request can no longer be edited', async () => {
    renderEditItems(commonList, { request: { request_timeline_status: 3 } });
    await expectRequestDetail();
  });
});
