import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDIT_MESSAGES, ItemType } from '@movehub/shared';
import { PACKING_MATERIALS } from '../../lib/items/test-catalogue';
import { getToast } from '../../lib/toast';
import { stubFetch } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';
import { EXTRA_ITEMS_TITLE } from './edit-extra-items-page';
import { serverItem } from './test-items';

const [smallBox, bubbleWrap] = [PACKING_MATERIALS[0]!, PACKING_MATERIALS[1]!];
const PACKING_GROUP_ID = PACKING_MATERIALS[0]!.category_id;

function renderExtraItems() {
  signInCustomer();
  const server = stubFetch({
    // The dashboard's own calls, and the detail's map once the edit returns there.
    ...dashboardStubs(),
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'POST /api/customer/customer_request_detail': {
      code: 200,
      data: buildRequestDetail({
        request: { id: 42, request_timeline_status: 0 },
        extra_request_items: [
          serverItem({
            id: 9,
            item_id: smallBox.id,
            name: smallBox.name,
            type: ItemType.extra,
            quantity: 4,
          }),
        ],
      }),
    },
    // spec §7: the edit screens ask get_item_by_category_id with type '2', for each group.
    'POST /api/customer/get_item_categories_by_type': (body) =>
      (body as { type: string }).type === ItemType.extra
        ? { code: 200, data: { items: [{ id: PACKING_GROUP_ID, name: 'Packing Materials' }] } }
        : { code: 422, message: 'Only the extra-item groups are asked for here.' },
    'POST /api/customer/get_item_by_category_id': (body) => {
      const { type, category_id } = body as { type: string; category_id: number };
      return type === ItemType.extra && category_id === PACKING_GROUP_ID
        ? { code: 200, data: { items: PACKING_MATERIALS } }
        : { code: 200, data: { items: [] } };
    },
    'POST /api/customer/edit_extra_item': {
      code: 200,
      message: EDIT_MESSAGES.extraItemsUpdated,
      data: {
        request_id: 42,
        request_address: [],
        request_item: [],
        extra_request_items: [],
        net_distance: 12,
        recommend_amount: 300,
        awaiting_price: false,
      },
    },
  });
  const view = renderApp('/dashboard/my-requests/edit-extra-items/42');
  return { ...server, ...view };
}

/** The request's detail page, where the edit screen returns. */
async function expectRequestDetail() {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Request DETAIL' }),
  ).toBeInTheDocument();
  expect(window.location.pathname).toBe('/dashboard/my-requests/42');
}

beforeAll(
  () => preloadScreens('/dashboard/my-requests/edit-extra-items/42', '/dashboard/my-requests/42'),
  60_000,
);

describe('EditExtraItemsPage', () => {
  it("ticks the request's extra items; ticking sets 1, unticking 0, and Update sends them all", async () => {
    const { calls } = renderExtraItems();
    const user = userEvent.setup({ delay: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: EXTRA_ITEMS_TITLE }),
    ).toBeInTheDocument();
    const box = await screen.findByRole('checkbox', { name: smallBox.name });
    const wrap = screen.getByRole('checkbox', { name: bubbleWrap.name });
    expect(box).toBeChecked();
    expect(screen.getByLabelText(`Quantity: ${smallBox.name}`)).toHaveValue('4');
    expect(wrap).not.toBeChecked();
    // Nothing changed yet, nothing to send.
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();

    await user.click(wrap);
    expect(screen.getByLabelText(`Quantity: ${bubbleWrap.name}`)).toHaveValue('1');
    await user.click(box);
    expect(screen.getByLabelText(`Quantity: ${smallBox.name}`)).toHaveValue('0');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await expectRequestDetail();
    const body = calls.find((call) => call.path === '/api/customer/edit_extra_item')?.body as {
      request_id: number;
      items_array: { _id: number; quantity: number; type: string }[];
    };
    expect(body.request_id).toBe(42);
    expect(body.items_array.map((line) => [line._id, line.quantity, line.type])).toEqual(
      PACKING_MATERIALS.map((item) => [item.id, item.id === bubbleWrap.id ? 1 : 0, ItemType.extra]),
    );
    expect(getToast()).toMatchObject({ message: EDIT_MESSAGES.extraItemsUpdated });
  });

  it("reads the packing materials with get_item_by_category_id, type '2', of each extra-item group", async () => {
    const { calls } = renderExtraItems();
    await screen.findByRole('checkbox', { name: smallBox.name });
    const asked = (path: string) =>
      calls.filter((call) => call.path === path).map((call) => call.body);
    expect(asked('/api/customer/get_item_categories_by_type')).toEqual([{ type: '2' }]);
    expect(asked('/api/customer/get_item_by_category_id')).toEqual([
      { type: '2', category_id: PACKING_GROUP_ID },
    ]);
    expect(asked('/api/customer/get_item')).toEqual([]);
  });
});
