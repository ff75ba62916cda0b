import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHANGE_MESSAGES,
  MSG,
  type ChangeAddress,
  type ChangeItem,
  type ChangeType,
  type RequestDetail,
  type ServerAddress,
  type ServerItem,
} from '@movehub/shared';
import { buildSavedCard, cardsReply } from '../../lib/card-form/card-test-helpers';
import { getToast } from '../../lib/toast';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';
import { MARKER_JUMP_DELAY_MS } from './change-map';
import { PAYMENT_TEXT } from './change-payment';
import { CHANGE_TEXT } from './change-request-page';

const REQUEST_ID = 42;
const DETAIL = 'POST /api/customer/customer_request_detail';
const CALLS: Record<ChangeType, string> = {
  request: 'POST /api/customer/change_price_date_time_movers_confirmation',
  address: 'POST /api/customer/change_address_confirmation',
  items: 'POST /api/customer/change_item_confirmation',
  'extra-items': 'POST /api/customer/change_extra_item_confirmation',
};

type Overrides = Parameters<typeof buildRequestDetail>[0];

const address = (i: number, extra: Partial<ServerAddress> = {}): ServerAddress => ({
  id: i + 1,
  address_type: i === 0 ? 1 : 2,
  complete_address: `${100 + i} Main St, Los Angeles, CA 900${10 + i}, USA`,
  street_address: null,
  zip_code: `900${10 + i}`,
  apartment_number: null,
  address_detail: null,
  city: null,
  state: null,
  country: 'USA',
  is_storage: false,
  is_stairs: false,
  is_elevator: false,
  is_hardwood_floor: false,
  number_of_flights: 0,
  parking_and_building_info: null,
  latitude: 34 + i * 0.02,
  longitude: -118.3,
  ...extra,
});

const item = (name: string, quantity: number, extra: Partial<ServerItem> = {}): ServerItem => ({
  id: 1,
  item_id: null,
  name,
  quantity,
  value: quantity,
  category_name: 'Living Room',
  additional_info: null,
  type: '1',
  unit_price: 0,
  size: '2',
  added_by_type: null,
  request_item_image_models: [],
  ...extra,
});

const changed = (name: string, quantity: number, category = 'Living Room'): ChangeItem => ({
  ...item(name, quantity, { category_name: category }),
  id: null,
  item_change_images: [],
});

const company = {
  company_id: 7,
  name: 'Swift Movers',
  address: null,
  company_email: null,
  company_phone: null,
  company_rating: 4.6,
  truck_count: 2,
  comapny_profile: { about_company: null, name: 'Swift Movers', profile_picture: null },
  bid_amount: 500,
  movers: 2,
  movers_change: null,
};

/** A request of status `status` with a pending change of `type` priced `price`. */
function detailWith(
  type: ChangeType | null,
  { status = 3, price = 75.5, ...more }: Overrides & { status?: number; price?: number } = {},
): RequestDetail {
  return buildRequestDetail({
    request_address: [address(0), address(1)],
    bid_Accepted_company: company,
    change_proposals: type
      ? [{ change_id: 5, type, price, proposed_at: '2026-11-20T10:00:00Z' }]
      : [],
    ...more,
    request: {
      id: REQUEST_ID,
      request_timeline_status: status,
      s_date: '12-15-2026',
      s_time: null,
      start_window_from: '08:00',
      start_window_to: '10:00',
      final_amount: 500,
      ...more.request,
    },
  });
}

function stubServer(detail: RequestDetail, more: Record<string, StubHandler> = {}) {
  return stubFetch({
    ...dashboardStubs(),
    [DETAIL]: { code: 200, data: detail },
    'GET /api/geo/config': GEO_CONFIG_STUB,
    'POST /api/geo/directions': {
      code: 200,
      data: { route: { distance_miles: 3, points: [], legs: [] } },
    },
    'POST /api/customer/checking_card_exist': cardsReply([buildSavedCard({ last4: '4242' })]),
    ...more,
  });
}

const confirmed = (status: 'accepted' | 'rejected', type: ChangeType, price: number) => ({
  code: 200,
  message: status === 'accepted' ? CHANGE_MESSAGES.accepted : CHANGE_MESSAGES.rejected,
  data: {
    change_id: 5,
    request_id: REQUEST_ID,
    type,
    status,
    price,
    proposed_at: '2026-11-20T10:00:00Z',
    decided_at: '2026-11-20T11:00:00Z',
    request_timeline_status: 3,
    final_amount: 500 + price,
    amount_moved: price,
  },
});

/** The change screen of `type`, opened from the request's detail. */
function renderPage(type: string) {
  signInCustomer();
  return renderApp([
    `/dashboard/my-requests/${REQUEST_ID}`,
    `/dashboard/my-requests/change-request/${type}/${REQUEST_ID}`,
  ]);
}

/** Back on the request's detail: its summary, and no change to answer. */
async function expectRequestDetail() {
  await waitFor(() =>
    expect(window.location.pathname).toBe(`/dashboard/my-requests/${REQUEST_ID}`),
  );
  expect(await screen.findByRole('heading', { name: `Request #${REQUEST_ID}` })).toBeVisible();
  expect(screen.queryByRole('button', { name: CHANGE_TEXT.accept })).not.toBeInTheDocument();
}

const region = async (name: string) => within(await screen.findByRole('region', { name }));
const sent = (calls: ReturnType<typeof stubFetch>['calls'], type: ChangeType) =>
  calls.filter((c) => `${c.method} ${c.path}` === CALLS[type]).map((c) => c.body);

beforeAll(
  () =>
    preloadScreens('/dashboard/my-requests/change-request/request/42', '/dashboard/my-requests/42'),
  60_000,
);

describe('ChangeRequestPage: the previous version beside the changed one', () => {
  it("type request: date, time window, movers and price, the changed ones marked, under 'Request DETAIL'", async () => {
    stubServer(
      detailWith('request', {
        request: {
          s_date_change: '12-30-2026',
          s_time_change: '10:00 - 12:00',
          final_amount_change: 575.5,
        },
        bid_Accepted_company: { ...company, movers: 2, movers_change: 3 },
      }),
    );
    renderPage('request');

    expect(
      await screen.findByRole('heading', { level: 1, name: CHANGE_TEXT.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Request #${REQUEST_ID} · Change in request`)).toBeInTheDocument();
    const previous = await region('Previous');
    expect(previous.getByText('Dec 15th 26')).toBeInTheDocument();
    expect(previous.getByText(/8:00 AM - 10:00 AM/)).toBeInTheDocument();
    expect(previous.getByText('Movers:').parentElement).toHaveTextContent('Movers: 2');
    expect(previous.getByText('$500.00')).toBeInTheDocument();
    const after = await region('Changed');
    expect(after.getByText('Dec 30th 26')).toBeInTheDocument();
    expect(after.getByText('10:00 AM - 12:00 PM')).toBeInTheDocument();
    expect(after.getByText('Movers:').parentElement).toHaveTextContent('Movers: 3');
    expect(after.getByText('$575.50')).toBeInTheDocument();
    expect(after.getAllByText('Changed', { selector: 'span' })).toHaveLength(4);
    expect(screen.getByText('+$75.50')).toBeInTheDocument();
  });

  it('type address: the current addresses beside the added, edited and deleted ones', async () => {
    const edited: ChangeAddress = {
      ...address(1, { complete_address: '9 Ocean Ave, Santa Monica, CA 90401, USA' }),
      price: 20,
    };
    const added: ChangeAddress = {
      ...address(2, {
        complete_address: '1 Colorado Blvd, Pasadena, CA 91101, USA',
        apartment_number: 'Apt 4B',
      }),
      id: null,
      price: 30,
    };
    stubServer(
      detailWith('address', {
        price: 50,
        request_address: [
          address(0, { apartment_number: '12' }),
          address(1),
          address(2, { id: 3 }),
        ],
        edit_address_array: [edited],
        new_address_array: [added],
        delete_address_array: [{ ...address(2, { id: 3 }), price: null }],
      }),
    );
    renderPage('address');

    const previous = await screen.findByRole('list', { name: 'Previous addresses' });
    expect(within(previous).getAllByRole('listitem')).toHaveLength(3);
    expect(within(previous).getByText(address(1).complete_address)).toBeInTheDocument();
    const after = screen.getByRole('list', { name: 'Changed addresses' });
    const lines = within(after).getAllByRole('listitem');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toHaveTextContent(address(0).complete_address);
    expect(lines[1]).toHaveTextContent(edited.complete_address);
    expect(lines[1]).toHaveTextContent('Edited');
    expect(lines[1]).toHaveTextContent('Price: +$20.00');
    expect(lines[2]).toHaveTextContent('Deleted');
    expect(within(lines[2]!).getByText(address(2).complete_address).tagName).toBe('DEL');
    expect(lines[3]).toHaveTextContent(added.complete_address);
    expect(lines[3]).toHaveTextContent('New');
    // A unit the customer named is printed as typed; a bare number gets its "Apt".
    expect(lines[3]).toHaveTextContent(`${added.complete_address}, Apt 4B`);
    expect(lines[3]).not.toHaveTextContent('Apt Apt');
    expect(lines[0]).toHaveTextContent(`${address(0).complete_address}, Apt 12`);
  });

  it('type items: request_item beside change_item with the price of the change', async () => {
    stubServer(
      detailWith('items', {
        price: -40,
        request_item: [item('Sofa', 1), item('Small box', 5, { category_name: 'Common List' })],
        change_item: [changed('Small box', 3, 'Common List')],
        request: { item_price_change: -40 },
      }),
    );
    renderPage('items');

    const previous = await screen.findByRole('list', { name: 'Previous items' });
    expect(
      within(previous)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sofa × 1Living Room', 'Small box × 5Common List']);
    const after = screen.getByRole('list', { name: 'Changed items' });
    expect(
      within(after)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Small box × 3Common List']);
    expect((await region('Previous')).getByText('Total items: 6')).toBeInTheDocument();
    expect((await region('Changed')).getByText('Total items: 3')).toBeInTheDocument();
    expect(screen.getByText('-$40.00')).toBeInTheDocument();
  });

  it('type extra-items: extra_request_items beside change_item_extra', async () => {
    stubServer(
      detailWith('extra-items', {
        price: 12,
        extra_request_items: [item('Tape', 1, { category_name: 'Extra' })],
        change_item_extra: [changed('Tape', 1, 'Extra'), changed('Bubble wrap', 2, 'Extra')],
        request: { extra_item_price_change: 12 },
      }),
    );
    renderPage('extra-items');

    const previous = await screen.findByRole('list', { name: 'Previous items' });
    expect(within(previous).getAllByRole('listitem')).toHaveLength(1);
    const after = screen.getByRole('list', { name: 'Changed items' });
    expect(within(after).getByText('Bubble wrap')).toBeInTheDocument();
    expect(screen.getByText(`Request #${REQUEST_ID} · Change in extra items`)).toBeInTheDocument();
    expect(screen.getByText('+$12.00')).toBeInTheDocument();
  });

  it('says so when no change of that type waits, with no Accept or Reject', async () => {
    stubServer(detailWith('items'));
    renderPage('address');

    expect(await screen.findByText(CHANGE_TEXT.noChange)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CHANGE_TEXT.backToRequest })).toHaveAttribute(
      'href',
      `/dashboard/my-requests/${REQUEST_ID}`,
    );
    expect(screen.queryByRole('button', { name: CHANGE_TEXT.accept })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CHANGE_TEXT.reject })).not.toBeInTheDocument();
  });

  it("shows 'Error Message: …' with Try again when the detail does not load", async () => {
    stubServer(detailWith('items'), {
      [DETAIL]: { code: 404, message: 'Request not found.' },
    });
    renderPage('items');
    expect(await screen.findByText('Error Message: Request not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the tracking map, 600 px high, with the first three addresses and the moving marker', async () => {
    stubServer(
      detailWith('request', {
        request_address: [address(0), address(1), address(2), address(3)],
      }),
    );
    renderPage('request');

    const map = await screen.findByRole('region', { name: CHANGE_TEXT.map });
    expect(map).toHaveStyle({ height: '600px' });
    await waitFor(() =>
      expect(within(map).getAllByRole('button', { name: /^Address \d:/ })).toHaveLength(3),
    );
    expect(within(map).getByRole('img', { name: 'Moving marker at address 1' })).toBeVisible();
  });

  it('moves the marker from the first address to the second after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubServer(detailWith('request', { request_address: [address(0), address(1), address(2)] }));
      renderPage('request');

      const map = await screen.findByRole('region', { name: CHANGE_TEXT.map });
      expect(
        await within(map).findByRole('img', { name: 'Moving marker at address 1' }),
      ).toBeVisible();
      // Well before the delay it still waits at the first address.
      act(() => vi.advanceTimersByTime(MARKER_JUMP_DELAY_MS - 1000));
      expect(within(map).getByRole('img', { name: 'Moving marker at address 1' })).toBeVisible();

      act(() => vi.advanceTimersByTime(1000));
      expect(
        await within(map).findByRole('img', { name: 'Moving marker at address 2' }),
      ).toBeVisible();
      expect(
        within(map).queryByRole('img', { name: 'Moving marker at address 1' }),
      ).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ChangeRequestPage: answering', () => {
  it('accepts below status 3 without a payment step and goes back to the detail with the server message', async () => {
    const { calls } = stubServer(detailWith('request', { status: 2, price: 60 }), {
      [CALLS.request]: confirmed('accepted', 'request', 60),
    });
    const user = userEvent.setup();
    const view = renderPage('request');

    await user.click(await screen.findByRole('button', { name: CHANGE_TEXT.accept }));
    await expectRequestDetail();
    expect(view.router.state.location.pathname).toBe(`/dashboard/my-requests/${REQUEST_ID}`);
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.pay })).not.toBeInTheDocument();
    expect(sent(calls, 'request')).toEqual([{ request_id: REQUEST_ID, status: '1', price: '60' }]);
    expect(getToast()).toMatchObject({ message: CHANGE_MESSAGES.accepted, severity: 'success' });
  });

  it("accepts a change with no price at status 3 at once, with price ''", async () => {
    const { calls } = stubServer(detailWith('address', { status: 4, price: 0 }), {
      [CALLS.address]: confirmed('accepted', 'address', 0),
    });
    const user = userEvent.setup();
    renderPage('address');

    await user.click(await screen.findByRole('button', { name: CHANGE_TEXT.accept }));
    await expectRequestDetail();
    expect(sent(calls, 'address')).toEqual([{ request_id: REQUEST_ID, status: '1', price: '' }]);
  });

  it("pays a higher price at status 3 in the payment step: the saved card, the amount, 'Submit payment to escrow'", async () => {
    let release: () => void = () => {};
    const { calls } = stubServer(detailWith('request', { status: 3, price: 75.5 }), {
      [CALLS.request]: () =>
        new Promise((resolve) => {
          release = () => resolve(confirmed('accepted', 'request', 75.5));
        }),
    });
    const user = userEvent.setup();
    renderPage('request');

    await user.click(await screen.findByRole('button', { name: CHANGE_TEXT.accept }));
    const payment = await region(PAYMENT_TEXT.title);
    expect(await payment.findByText('Visa card ending in 4242')).toBeInTheDocument();
    expect(payment.getByText(`${PAYMENT_TEXT.charged}:`).parentElement).toHaveTextContent('$75.50');
    expect(payment.queryByRole('button', { name: PAYMENT_TEXT.refund })).not.toBeInTheDocument();
    expect(sent(calls, 'request')).toEqual([]);

    const pay = payment.getByRole('button', { name: PAYMENT_TEXT.pay });
    await user.click(pay);
    await waitFor(() => expect(pay).toBeDisabled());
    expect(payment.getByRole('button', { name: PAYMENT_TEXT.back })).toBeDisabled();
    fireEvent.click(pay);
    release();
    await expectRequestDetail();
    expect(sent(calls, 'request')).toEqual([
      { request_id: REQUEST_ID, status: '1', price: '75.5' },
    ]);
  });

  it("refunds a lower price at status 3 with 'Refund payment from escrow'", async () => {
    const { calls } = stubServer(detailWith('items', { status: 5, price: -40 }), {
      [CALLS.items]: confirmed('accepted', 'items', -40),
    });
    const user = userEvent.setup();
    renderPage('items');

    await user.click(await screen.findByRole('button', { name: CHANGE_TEXT.accept }));
    const payment = await region(PAYMENT_TEXT.title);
    expect(payment.getByText(`${PAYMENT_TEXT.refunded}:`).parentElement).toHaveTextContent(
      '$40.00',
    );
    expect(payment.queryByRole('button', { name: PAYMENT_TEXT.pay })).not.toBeInTheDocument();
    await user.click(payment.getByRole('button', { name: PAYMENT_TEXT.refund }));
    await expectRequestDetail();
    expect(sent(calls, 'items')).toEqual([{ request_id: REQUEST_ID, status: '1', price: '-40' }]);
  });

  it('goes back from the payment step to Accept and Reject, focus following each step', async () => {
    stubServer(detailWith('request'));
    const user = userEvent.setup();
    renderPage('request');

    await user.click(await screen.findByRole('button', { name: CHANGE_TEXT.accept }));
    expect(screen.getByRole('heading', { name: PAYMENT_TEXT.title })).toHaveFocus();
    await user.click(await screen.findByRole('button', { name: PAYMENT_TEXT.back }));
    expect(screen.getByRole('button', { name: CHANGE_TEXT.accept })).toHaveFocus();
    expect(screen.getByRole('button', { name: CHANGE_TEXT.reject })).toBeEnabled();
    expect(screen.queryByRole('region', { name: PAYMENT_TEXT.title })).not.toBeInTheDocument();
  });

  it('asks for a card before a charge when none is saved', async () => {
    stubServer(detailWith('request'), {
      'POST /api/customer/checking_card_exist': cardsReply([]),
    });
    const user = userEvent.setup();
    renderPage('request');

    await user.click(await screen.findByRole('button', { name: CHANGE_TEXT.accept }));
    const payment = await region(PAYMENT_TEXT.title);
    expect(await payment.findByText(MSG.noActiveCard, { exact: false })).toBeInTheDocument();
    // My Cards comes back to this change once the card is saved (decision 041).
    expect(payment.getByRole('link', { name: 'Add Card' })).toHaveAttribute(
      'href',
      `/dashboard/my-cards?return_to=${encodeURIComponent('/dashboard/my-requests/change-request/request/42')}`,
    );
    expect(payment.getByRole('button', { name: PAYMENT_TEXT.pay })).toBeDisabled();
  });

  it("rejects with status '0', whatever the status, and goes back to the detail", async () => {
    const { calls } = stubServer(detailWith('extra-items', { status: 3, price: 12 }), {
      [CALLS['extra-items']]: confirmed('rejected', 'extra-items', 12),
    });
    const user = userEvent.setup();
    renderPage('extra-items');

    await user.click(await screen.findByRole('button', { name: CHANGE_TEXT.reject }));
    await expectRequestDetail();
    expect(sent(calls, 'extra-items')).toEqual([
      { request_id: REQUEST_ID, status: '0', price: '' },
    ]);
    expect(getToast()).toMatchObject({ message: CHANGE_MESSAGES.rejected, severity: 'success' });
  });

  it("shows the server's refusal in a banner and stays, the buttons usable again", async () => {
    stubServer(detailWith('request', { status: 2, price: 60 }), {
      [CALLS.request]: { code: 409, message: 'This change has already been answered.' },
    });
    const user = userEvent.setup();
    renderPage('request');

    await user.click(await screen.findByRole('button', { name: CHANGE_TEXT.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This change has already been answered.',
    );
    expect(window.location.pathname).toBe(
      `/dashboard/my-requests/change-request/request/${REQUEST_ID}`,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: CHANGE_TEXT.accept })).toBeEnabled(),
    );
  });

  it('keeps the refusal in view when the change was answered meanwhile, and says none waits', async () => {
    let reads = 0;
    stubServer(detailWith('request', { status: 2, price: 60 }), {
      [DETAIL]: () => {
        reads += 1;
        return { code: 200, data: detailWith(reads === 1 ? 'request' : null, { status: 2 }) };
      },
      [CALLS.request]: { code: 409, message: 'This change has already been answered.' },
    });
    const user = userEvent.setup();
    renderPage('request');

    await user.click(await screen.findByRole('button', { name: CHANGE_TEXT.accept }));
    expect(await screen.findByText(CHANGE_TEXT.noChange)).toBeInTheDocument();
    expect(screen.getByText('This change has already been answered.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CHANGE_TEXT.accept })).not.toBeInTheDocument();
  });
});
