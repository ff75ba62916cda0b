import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANCELLATION_POLICY_TEXT,
  MSG,
  TIMELINE_LABELS,
  type GetCommentsBody,
  type RequestDetail,
  type ServerItem,
} from '@movehub/shared';
import { getToast } from '../../lib/toast';
import { CANCELLED_TEXT } from './cancelled-money';
import { stubFetch, type RecordedCall, type StubHandler } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { customerHomeStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';

type DetailOverrides = Parameters<typeof buildRequestDetail>[0];

const DETAIL = 'POST /api/customer/customer_request_detail';

/**
 * The server: the dashboard's own calls, My Requests (where the page goes back to), the map's
 * configuration, and the test's.
 */
function server(handlers: Record<string, StubHandler>) {
  return stubFetch({
    ...customerHomeStubs(),
    'GET /api/geo/config': GEO_CONFIG_STUB,
    ...handlers,
  });
}

function stubDetail(detail: RequestDetail, more: Record<string, StubHandler> = {}) {
  return server({ [DETAIL]: { code: 200, data: detail }, ...more });
}

/** The page's own calls for the detail. */
const detailCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/api/customer/customer_request_detail');

/**
 * The detail page opened from My Requests (so that "back" has somewhere to go), itself opened
 * from the About page (so that going back twice shows).
 */
function renderDetail(id = 42) {
  signInCustomer();
  return renderApp([
    '/dashboard/about-us',
    '/dashboard/my-requests',
    `/dashboard/my-requests/${id}`,
  ]);
}

/** Back on My Requests, once: the page before it was not reached. */
async function expectMyRequests() {
  expect(await screen.findByRole('heading', { level: 1, name: 'My Requests' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/dashboard/my-requests');
}

const at = (status: number, more: DetailOverrides = {}) =>
  buildRequestDetail({
    ...more,
    request: { id: 42, request_timeline_status: status, ...more.request },
  });

async function section(name: string | RegExp) {
  const heading = await screen.findByRole('heading', { name });
  const box = heading.closest('section');
  if (!box) throw new Error(`section ${String(name)} not found`);
  return within(box);
}

const summary = () => section('Request #42');

function item(overrides: Partial<ServerItem>): ServerItem {
  return {
    id: 1,
    item_id: null,
    name: 'Sofa',
    quantity: 1,
    value: 1,
    category_name: 'Living Room',
    additional_info: null,
    type: '1',
    unit_price: 0,
    size: '2',
    added_by_type: null,
    request_item_image_models: [],
    ...overrides,
  };
}

const company = {
  company_id: 7,
  name: 'Swift Movers',
  address: '1 Depot Rd, Los Angeles, CA',
  company_email: 'swift@movers.test',
  company_phone: '+12135550199',
  company_rating: 4.6,
  truck_count: 2,
  comapny_profile: { about_company: null, name: 'Swift Movers', profile_picture: null },
  bid_amount: 600,
  movers: 3,
  movers_change: null,
};

beforeAll(
  () =>
    preloadScreens('/dashboard/my-requests/42', '/dashboard/my-requests', '/dashboard/about-us'),
  60_000,
);

describe('RequestDetailPage summary', () => {
  it('asks for the request and shows its summary with the estimated and offered price', async () => {
    const { calls } = stubDetail(at(0));
    renderDetail();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request DETAIL' }),
    ).toBeInTheDocument();
    const card = await summary();
    expect(card.getByText(TIMELINE_LABELS[0])).toBeInTheDocument();
    expect(card.getByText('2 bed room apt.')).toHaveTextContent('Move Type: 2 bed room apt.');
    expect(card.getByText('Mar 15th 26')).toHaveTextContent('Move Date: Mar 15th 26');
    expect(card.getByText('8AM - 12PM Morning')).toHaveTextContent('Move Time:');
    expect(card.getByText('Movers:').parentElement).toHaveTextContent('Movers: 2');
    expect(card.getByText('$500.00')).toHaveTextContent('Estimated Price: $500.00');
    expect(card.getByText('$450.00')).toHaveTextContent('Your Price: $450.00');
    expect(card.queryByText(/Final Price/)).not.toBeInTheDocument();
    expect(card.queryByRole('heading', { name: 'Company Info' })).not.toBeInTheDocument();
    expect(detailCalls(calls)[0]?.body).toEqual({ request_id: 42 });
  });

  it('shows a range start to end in 12-hour display', async () => {
    stubDetail(
      at(0, { request: { s_time: null, start_window_from: '13:30', start_window_to: '15:00' } }),
    );
    renderDetail();
    expect((await summary()).getByText('1:30 PM - 3:00 PM')).toBeInTheDocument();
  });

  it('shows the hourly rates of an hourly direct request', async () => {
    stubDetail(
      at(3, {
        request: {
          request_type: 1,
          rate_method: 'Hourly',
          cash_payment_rate: 120,
          card_payment_rate: 130,
          minimum_hours: 3,
          final_amount: 900,
        },
        additional_status: 1,
      }),
    );
    renderDetail();
    const card = await summary();
    expect(card.getByText('$120.00')).toHaveTextContent('Cash Hour Rate: $120.00');
    expect(card.getByText('$130.00')).toHaveTextContent('Card Hour Rate: $130.00');
    expect(card.getByText('Minimum Hours:').parentElement).toHaveTextContent('Minimum Hours: 3');
    expect(card.queryByText(/Final Price|Estimated Price/)).not.toBeInTheDocument();
    expect(card.queryByRole('link', { name: 'Confirm and proceed with the move' })).toBeNull();
  });

  it("offers 'Confirm and proceed with the move' to a direct request awaiting its letter", async () => {
    stubDetail(at(3, { request: { request_type: 1, rate_method: 'Flat' }, additional_status: 0 }));
    renderDetail();
    const card = await summary();
    expect(card.getByText(MSG.pendingConfirmation)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Confirm and proceed with the move' })).toHaveAttribute(
      'href',
      '/sign-confirmation-letter/link-42',
    );
  });

  it("gives a direct request's public page link to copy, and none to a marketplace request", async () => {
    stubDetail(at(3, { request: { request_type: 1, rate_method: 'Flat' }, additional_status: 0 }));
    const { unmount } = renderDetail();
    const share = await screen.findByRole('region', { name: 'Share this request' });
    expect(within(share).getByRole('textbox', { name: 'Link to this request' })).toHaveValue(
      `${window.location.origin}/view-request/link-42`,
    );
    expect(within(share).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    unmount();

    stubDetail(at(3));
    renderDetail();
    await summary();
    await screen.findByRole('region', { name: /^Comments/ });
    expect(screen.queryByRole('region', { name: 'Share this request' })).toBeNull();
  });

  it('links the signed confirmation letter once it is signed', async () => {
    stubDetail(
      at(3, {
        request: { request_type: 1, rate_method: 'Hourly' },
        additional_status: 1,
        confirmation_letter_pdf: '/uploads/abc.pdf',
      }),
    );
    renderDetail();
    const card = await summary();
    expect(card.getByRole('link', { name: 'Signed confirmation letter (PDF)' })).toHaveAttribute(
      'href',
      '/uploads/abc.pdf',
    );
    expect(card.queryByRole('link', { name: 'Confirm and proceed with the move' })).toBeNull();
  });

  it("shows a flat direct request's cash and card rates as 'min - max'", async () => {
    stubDetail(
      at(3, {
        request: {
          request_type: 1,
          rate_method: 'Flat',
          cash_min_flat_rate: 400,
          cash_max_flat_rate: 600,
          card_min_flat_rate: 420,
          card_max_flat_rate: 630,
        },
      }),
    );
    renderDetail();
    const card = await summary();
    expect(card.getByText('$400.00 - $600.00')).toHaveTextContent(
      'Cash Flat Rate: $400.00 - $600.00',
    );
    expect(card.getByText('$420.00 - $630.00')).toHaveTextContent('Card Flat Rate:');
  });

  it('shows price and discount of a direct request at 8', async () => {
    stubDetail(
      at(8, {
        request: { request_type: 1, rate_method: 'Flat', final_amount: 800, discount: 5 },
        status: 1,
      }),
    );
    renderDetail();
    const card = await summary();
    expect(card.getByText('$800.00')).toHaveTextContent('Final Price: $800.00');
    expect(card.getByText('5%')).toHaveTextContent('Discount %: 5%');
    expect(card.getByText('$760.00')).toHaveTextContent('Discounted Price: $760.00');
  });

  it('shows the accepted bid beside the estimated and offered price at 2 (decision 041)', async () => {
    stubDetail(
      at(2, {
        request: { final_amount: 600, discount: 10 },
        bid_Accepted_company: company,
      }),
    );
    renderDetail();
    const card = await summary();
    expect(card.getByText('$500.00')).toHaveTextContent('Estimated Price: $500.00');
    expect(card.getByText('$450.00')).toHaveTextContent('Your Price: $450.00');
    expect(card.getByText('$600.00')).toHaveTextContent('Accepted Bid: $600.00');
    expect(card.getByText('$540.00')).toHaveTextContent('Discounted Price: $540.00');
    expect(card.queryByText(/Final Price/)).not.toBeInTheDocument();
  });

  it('shows the final price, discount and discounted price once paid; no discount lines at 0%', async () => {
    const first = stubDetail(
      at(3, { request: { final_amount: 600, discount: 10 }, bid_Accepted_company: company }),
    );
    const view = renderDetail();
    let card = await summary();
    expect(card.getByText('$600.00')).toHaveTextContent('Final Price: $600.00');
    expect(card.getByText('10%')).toHaveTextContent('Discount %: 10%');
    expect(card.getByText('$540.00')).toHaveTextContent('Discounted Price: $540.00');
    expect(card.queryByText(/Estimated Price/)).not.toBeInTheDocument();
    // The accepted company's movers count once a bid is accepted.
    expect(card.getByText('Movers:').parentElement).toHaveTextContent('Movers: 3');
    view.unmount();
    first.fetchMock.mockReset();

    stubDetail(
      at(4, { request: { final_amount: 600, discount: 0 }, bid_Accepted_company: company }),
    );
    renderDetail();
    card = await summary();
    expect(card.getByText('$600.00')).toBeInTheDocument();
    expect(card.queryByText(/Discount/)).not.toBeInTheDocument();
  });

  it('shows Company Info after acceptance, and the foreman and trucks only above status 3', async () => {
    const view = stubDetail(
      at(3, {
        bid_Accepted_company: company,
        get_foreman_of_company: { first_name: 'Sam', last_name: 'Lift' },
        truck_array: [{ name: 'Truck 7' }, { name: 'Truck 9' }],
      }),
    );
    const first = renderDetail();
    let info = await section('Company Info');
    expect(info.getByText('Swift Movers')).toHaveTextContent('Company Name: Swift Movers');
    expect(info.getByText('(213) 555-0199')).toHaveTextContent('Phone:');
    expect(info.getByText('swift@movers.test')).toHaveTextContent('Email:');
    expect(info.getByText('1 Depot Rd, Los Angeles, CA')).toHaveTextContent('Address:');
    expect(info.queryByText('Sam Lift')).not.toBeInTheDocument();
    first.unmount();
    view.fetchMock.mockReset();

    stubDetail(
      at(4, {
        bid_Accepted_company: company,
        get_foreman_of_company: { first_name: 'Sam', last_name: 'Lift' },
        truck_array: [{ name: 'Truck 7' }, { name: 'Truck 9' }],
      }),
    );
    renderDetail();
    info = await section('Company Info');
    expect(info.getByText('Sam Lift')).toHaveTextContent('Foreman: Sam Lift');
    expect(info.getByText('Truck 7, Truck 9')).toHaveTextContent('Truck Name: Truck 7, Truck 9');
  });

  it("shows '{n} company/companies have bet on your order.' with 'Show All' at 1", async () => {
    stubDetail(
      at(1, {
        request_bid: [
          { company_id: 1, request_id: 42, bid_amount: 400 },
          { company_id: 2, request_id: 42, bid_amount: 450 },
        ],
      }),
    );
    renderDetail();
    const card = await summary();
    expect(card.getByText(/have bet on your order/)).toHaveTextContent(
      '2 company/companies have bet on your order. Show All',
    );
    expect(card.getByRole('link', { name: 'Show All' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/companies-list/42',
    );
  });

  it('lists the timeline with More Details links for the change entries', async () => {
    stubDetail(
      at(2, {
        request_timeline: [
          { id: 1, activity_title: 'Request created', activity_datetime: '2026-03-01T10:00:00' },
          { id: 2, activity_title: 'Change in items', activity_datetime: '2026-03-02T14:30:00' },
          {
            id: 3,
            activity_title: 'Change in extra items',
            activity_datetime: '2026-03-03T09:00:00',
          },
        ],
      }),
    );
    renderDetail();
    const timeline = await section('Timeline');
    expect(timeline.getByText('Request created')).toBeInTheDocument();
    expect(timeline.getByText('Mar 2nd 26, 2:30 PM')).toBeInTheDocument();
    const links = timeline.getAllByRole('link', { name: /More Details/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/my-requests/change-request/items/42',
      '/dashboard/my-requests/change-request/extra-items/42',
    ]);
  });
});

describe('RequestDetailPage timeline pages', () => {
  it('loads the earlier activity above the newest entries the detail holds', async () => {
    const { calls } = stubDetail(
      at(2, {
        request_timeline: [
          { id: 7, activity_title: 'Change in items', activity_datetime: '2026-03-02T14:30:00' },
        ],
        request_timeline_next_before_id: 7,
      }),
      {
        'POST /api/customer/request_timeline': {
          code: 200,
          data: [
            { id: 1, activity_title: 'Request created', activity_datetime: '2026-03-01T10:00:00' },
          ],
          next_before_id: null,
        },
      },
    );
    renderDetail();
    const timeline = await section('Timeline');
    expect(timeline.queryByText('Request created')).toBeNull();
    await userEvent.setup().click(timeline.getByRole('button', { name: 'Show earlier activity' }));
    expect(await timeline.findByText('Request created')).toBeInTheDocument();
    const entries = timeline.getAllByRole('listitem').map((li) => li.textContent);
    expect(entries[0]).toMatch(/^Request created/);
    expect(entries[1]).toMatch(/^Change in items/);
    expect(timeline.queryByRole('button', { name: 'Show earlier activity' })).toBeNull();
    expect(
      calls.filter((c) => c.path === '/api/customer/request_timeline').map((c) => c.body),
    ).toEqual([{ request_id: 42, limit: 20, before_id: 7 }]);
  });
});

describe('RequestDetailPage information', () => {
  it('shows contact, date, time, distance in miles and move type', async () => {
    stubDetail(at(0));
    renderDetail();
    const info = await section('Request Information');
    expect(info.getByText('Dana Mover')).toHaveTextContent('Contact Name: Dana Mover');
    expect(info.getByText('demo@movehub.test')).toBeInTheDocument();
    expect(info.getByText('(213) 555-0100')).toBeInTheDocument();
    expect(info.getByText('12.4 miles')).toHaveTextContent('Distance: 12.4 miles');
    expect(info.getByText('2 bed room apt.')).toHaveTextContent('Move Type:');
  });

  it('shows each address card: zip or N/A, unit, storage, lift, flights on stairs, floor, parking', async () => {
    const detail = at(0);
    detail.request_address = [
      {
        ...detail.request_address[0]!,
        zip_code: null,
        apartment_number: '4B',
        is_storage: true,
        is_stairs: true,
        is_elevator: false,
        number_of_flights: 2,
        is_hardwood_floor: true,
        parking_and_building_info: 'Loading dock in the back',
      },
      detail.request_address[1]!,
    ];
    stubDetail(detail);
    renderDetail();
    const first = await section(/Pick up A: 100 Main St/);
    expect(first.getByText('Zip code:').parentElement).toHaveTextContent('Zip code: N/A');
    expect(first.getByText('4B')).toHaveTextContent('Unit / Apartment number: 4B');
    expect(first.getByText('Storage:').parentElement).toHaveTextContent('Storage: Yes');
    expect(first.getByText('Lift type:').parentElement).toHaveTextContent('Lift type: Stairs');
    expect(first.getByText('Flights:').parentElement).toHaveTextContent('Flights: 2');
    expect(first.getByText('Hardwood floor:').parentElement).toHaveTextContent(
      'Hardwood floor: Yes',
    );
    expect(first.getByText('Loading dock in the back')).toBeInTheDocument();

    const second = await section(/Drop off B: 200 Oak Ave/);
    expect(second.getByText('91101')).toBeInTheDocument();
    expect(second.getByText('Lift type:').parentElement).toHaveTextContent('Lift type: Elevator');
    expect(second.queryByText('Flights:')).not.toBeInTheDocument();
    expect(second.getByText('Parking and building info:').parentElement).toHaveTextContent('N/A');
  });

  it('groups items by category with counts, Common List on its own, photos in a popover', async () => {
    stubDetail(
      at(0, {
        request_item: [
          item({ id: 1, name: 'Sofa', quantity: 1, category_name: 'Living Room' }),
          item({ id: 2, name: 'Bed', quantity: 2, category_name: 'Bedroom' }),
          item({ id: 3, name: 'Lamp', quantity: 3, category_name: 'Living Room' }),
          item({
            id: 4,
            name: 'Piano',
            quantity: 1,
            category_name: 'Common List',
            request_item_image_models: [
              { image_url: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg' },
              { image_url: '/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg' },
            ],
          }),
        ],
      }),
    );
    renderDetail();
    const items = await section('Items');
    const living = within(
      items.getByRole('heading', { name: 'Living Room (4)' }).closest('section')!,
    );
    expect(living.getByText('Sofa × 1')).toBeInTheDocument();
    expect(living.getByText('Lamp × 3')).toBeInTheDocument();
    expect(items.getByRole('heading', { name: 'Bedroom (2)' })).toBeInTheDocument();
    const common = within(
      items.getByRole('heading', { name: 'Common List (1)' }).closest('section')!,
    );
    expect(common.getByText('Piano × 1')).toBeInTheDocument();

    const photos = common.getByRole('button', { name: '2 photos of Piano' });
    expect(photos).toHaveTextContent('2');
    photos.focus();
    expect(await screen.findByRole('img', { name: 'Piano photo 2' })).toHaveAttribute(
      'src',
      '/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg',
    );
    photos.blur();
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Piano photo 1' })).toBeNull());
  });

  it('shows extra items with unit_price × quantity and hides rows with quantity 0', async () => {
    stubDetail(
      at(0, {
        extra_request_items: [
          item({ id: 10, name: 'Small box', quantity: 4, unit_price: 2.5, type: '2' }),
          item({ id: 11, name: 'Tape', quantity: 0, unit_price: 3, type: '2' }),
        ],
      }),
    );
    renderDetail();
    const extras = await section('Extra Items');
    const row = extras.getByText('Small box × 4').closest('li')!;
    expect(row).toHaveTextContent('$10.00');
    expect(extras.queryByText(/Tape/)).not.toBeInTheDocument();
  });
});

describe('RequestDetailPage client comment', () => {
  it('edits the client comment and says so', async () => {
    let comment = 'Old note';
    const { calls } = server({
      [DETAIL]: () => ({ code: 200, data: at(2, { request: { final_comment: comment } }) }),
      'POST /api/customer/edit_final_comment': (body) => {
        comment = (body as { final_comment: string }).final_comment;
        return { code: 200, data: { request_id: 42, final_comment: comment } };
      },
    });
    renderDetail();
    const box = await section('Client Comment');
    expect(box.getByText('Old note')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(box.getByRole('button', { name: 'Edit client comment' }));
    const field = box.getByRole('textbox', { name: /Client comment/ });
    expect(field).toHaveAttribute('name', 'final_comment');
    await user.clear(field);
    await user.type(field, 'Fragile boxes');
    await user.click(box.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.clientCommentUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('edit_final_comment'))?.body).toEqual({
      request_id: 42,
      final_comment: 'Fragile boxes',
    });
    expect(await box.findByText('Fragile boxes')).toBeInTheDocument();
  });

  it('shows the server message as an error snackbar and keeps the form', async () => {
    stubDetail(at(2, { request: { final_comment: 'Old note' } }), {
      'POST /api/customer/edit_final_comment': { code: 422, message: 'Comment is not allowed.' },
    });
    renderDetail();
    const box = await section('Client Comment');
    const user = userEvent.setup();
    await user.click(box.getByRole('button', { name: 'Edit client comment' }));
    await user.type(box.getByRole('textbox', { name: /Client comment/ }), ' more');
    await user.click(box.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByText('Comment is not allowed.');
    expect(alert.closest('.MuiAlert-filledError')).not.toBeNull();
    expect(box.getByRole('textbox', { name: /Client comment/ })).toHaveValue('Old note more');
  });

  it('offers no edit from status 6', async () => {
    stubDetail(at(6, { request: { final_comment: 'Old note' } }));
    renderDetail();
    const box = await section('Client Comment');
    expect(box.queryByRole('button', { name: 'Edit client comment' })).not.toBeInTheDocument();
  });
});

describe('RequestDetailPage comments', () => {
  const thread = {
    parent_comment: {
      id: 5,
      request_id: 42,
      comment: 'Is there an elevator?',
      updated_at: '2026-03-01T10:00:00',
      sender_type: 0,
    },
    parent_comment_profile: {
      name: 'Swift Movers',
      profile_url: null,
      company_rating: 4.6,
      customer_rating: null,
    },
    child_comments: [
      {
        child_comment: {
          id: 6,
          comment: 'Yes, a large one.',
          updated_at: '2026-03-01T11:00:00',
          sender_type: 1,
        },
        child_comment_profile: {
          name: 'Dana Mover',
          profile_url: null,
          company_rating: null,
          customer_rating: 4.5,
        },
      },
    ],
  };

  it('shows threads with replies, company and customer told apart', async () => {
    stubDetail(at(1, { comments_array: [thread] }));
    renderDetail();
    const comments = await section('Comments');
    const parent = comments.getByText('Is there an elevator?').closest('li')!;
    expect(within(parent).getAllByText('Company')).toHaveLength(1);
    const replies = within(parent).getByRole('list', { name: 'Replies to Swift Movers' });
    expect(within(replies).getByText('Yes, a large one.')).toBeInTheDocument();
    expect(within(replies).getByText('Customer')).toBeInTheDocument();
  });

  it('loads the older threads above the newest ones the detail holds, each with its replies', async () => {
    const older = (id: number, text: string) => ({
      ...thread,
      parent_comment: { ...thread.parent_comment, id, comment: text },
      child_comments: [],
    });
    const { calls } = stubDetail(at(1, { comments_array: [thread], comments_next_before_id: 5 }), {
      'POST /app_api/get_comments': (body) =>
        (body as GetCommentsBody).before_id === 5
          ? {
              code: 200,
              data: [older(2, 'First question'), older(3, 'Second question')],
              next_before_id: 2,
            }
          : { code: 200, data: [older(1, 'The very first')], next_before_id: null },
    });
    renderDetail();
    const comments = await section('Comments');
    expect(comments.queryByText('Second question')).toBeNull();
    const user = userEvent.setup();
    await user.click(comments.getByRole('button', { name: 'Show older comments' }));
    expect(await comments.findByText('Second question')).toBeInTheDocument();
    await user.click(await comments.findByRole('button', { name: 'Show older comments' }));
    expect(await comments.findByText('The very first')).toBeInTheDocument();
    // Oldest first, the older pages above the detail's own.
    const text = comments.getByRole('list', { name: 'Comments' }).textContent!;
    const positions = [
      'The very first',
      'First question',
      'Second question',
      'Is there an elevator?',
    ].map((t) => text.indexOf(t));
    expect(positions.every((i) => i >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The newest thread keeps its replies; the end is reached.
    expect(comments.getByText('Yes, a large one.')).toBeInTheDocument();
    expect(comments.queryByRole('button', { name: 'Show older comments' })).toBeNull();
    expect(calls.filter((c) => c.path === '/app_api/get_comments').map((c) => c.body)).toEqual([
      { request_id: 42, limit: 20, before_id: 5 },
      { request_id: 42, limit: 20, before_id: 2 },
    ]);
  });

  it('adds a comment with parent_id 0 and a reply with the parent id', async () => {
    const { calls } = stubDetail(at(1, { comments_array: [thread] }), {
      'POST /app_api/add_comments': { code: 200, data: [], next_before_id: null },
    });
    renderDetail();
    const comments = await section('Comments');
    const user = userEvent.setup();

    await user.click(comments.getByRole('button', { name: 'Post comment' }));
    expect(await comments.findByText('Please enter a comment.')).toBeInTheDocument();
    // Pasted, not typed key by key: each key re-renders the whole detail, slow on a busy machine.
    await user.click(comments.getByRole('textbox', { name: /Add a comment/ }));
    await user.paste(' Two flights too ');
    await user.click(comments.getByRole('button', { name: 'Post comment' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/app_api/add_comments')[0]?.body).toEqual({
        request_id: 42,
        comment: 'Two flights too',
        parent_id: 0,
        type: 0,
      }),
    );

    await user.click(comments.getByRole('button', { name: /^Reply to / }));
    await user.click(comments.getByRole('textbox', { name: /^Reply/ }));
    await user.paste('Thanks!');
    await user.click(comments.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/app_api/add_comments')[1]?.body).toEqual({
        request_id: 42,
        comment: 'Thanks!',
        parent_id: 5,
        type: 0,
      }),
    );
    // The detail loads again with the new comments.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path.endsWith('customer_request_detail')).length,
      ).toBeGreaterThan(2),
    );
  });
});

const cancelData = (refund: number) => ({
  request_id: 42,
  request_status: 2,
  request_timeline_status: 11,
  refund_amount: refund,
  kept_amount: 0,
});

describe('RequestDetailPage cancel, errors and cancelled requests', () => {
  it('cancels after confirmation and lands on the Cancelled tab of My Requests', async () => {
    let cancelled = false;
    const { calls } = server({
      // Once deleted, the detail says so: the page must still go back only once.
      [DETAIL]: () => ({
        code: 200,
        data: cancelled ? at(11, { request: { request_status: 2 } }) : at(1),
      }),
      'POST /api/customer/delete_request': () => {
        cancelled = true;
        return { code: 200, message: 'Your request has been cancelled.', data: cancelData(0) };
      },
    });
    renderDetail();
    const card = await summary();
    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Cancel Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Request' });
    expect(dialog).toHaveTextContent('Are you sure you want to cancel request #42?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await expectMyRequests();
    expect(calls.find((c) => c.path.endsWith('delete_request'))?.body).toEqual({ request_id: 42 });
    expect(await screen.findByRole('tab', { name: /^Cancelled/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path.endsWith('get_customer_request') &&
            (c.body as { request_status?: string } | null)?.request_status === '2',
        ),
      ).toBe(true),
    );
  });

  it('after answering a change and then cancelling, lands on My Requests, not the answered change', async () => {
    let cancelled = false;
    server({
      [DETAIL]: () => ({
        code: 200,
        data: cancelled
          ? at(11, { request: { request_status: 2 } })
          : at(3, { request: { final_amount: 600 } }),
      }),
      'POST /api/customer/delete_request': () => {
        cancelled = true;
        return { code: 200, message: 'Your request has been cancelled.', data: cancelData(0) };
      },
    });
    signInCustomer();
    // The detail was reached from a change screen (its answer leads to the detail).
    renderApp([
      '/dashboard/my-requests',
      '/dashboard/my-requests/change-request/request/42',
      '/dashboard/my-requests/42',
    ]);
    const user = userEvent.setup();
    await user.click((await summary()).getByRole('button', { name: 'Cancel Request' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel Request' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await expectMyRequests();
    expect(screen.queryByText(/No change of this kind is waiting/)).not.toBeInTheDocument();
  });

  it('says what a paid request will refund before confirming, and the refund after', async () => {
    let cancelled = false;
    const paid = at(3, {
      request: { final_amount: 600 },
      cancellation_refund: { refund_amount: 300, kept_amount: 300 },
    });
    server({
      [DETAIL]: () => ({
        code: 200,
        data: cancelled ? at(11, { request: { request_status: 2 } }) : paid,
      }),
      'POST /api/customer/delete_request': () => {
        cancelled = true;
        return { code: 200, message: 'Your request has been cancelled.', data: cancelData(300) };
      },
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click((await summary()).getByRole('button', { name: 'Cancel Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Request' });
    expect(dialog).toHaveTextContent(
      'You will be refunded $300.00. The company keeps $300.00 as its cancellation fee.',
    );
    expect(dialog).toHaveTextContent(CANCELLATION_POLICY_TEXT);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await expectMyRequests();
    expect(getToast()).toMatchObject({
      severity: 'success',
      message: 'Your request has been cancelled. $300.00 will be refunded to your card.',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('$300.00 will be refunded');
  });

  it('says nothing of refunds for an unpaid request, and nothing is refunded once started', async () => {
    stubDetail(at(1));
    const first = renderDetail();
    const user = userEvent.setup();
    await user.click((await summary()).getByRole('button', { name: 'Cancel Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Request' });
    expect(dialog).not.toHaveTextContent('refund');
    first.unmount();

    stubDetail(at(5, { cancellation_refund: { refund_amount: 0, kept_amount: 600 } }));
    renderDetail();
    await user.click((await summary()).getByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel Request' })).toHaveTextContent(
      'Nothing will be refunded. The company keeps $600.00 as its cancellation fee.',
    );
  });

  it('keeps the request when the dialog is dismissed, and offers no cancel on direct requests', async () => {
    const view = stubDetail(at(1));
    const first = renderDetail();
    const user = userEvent.setup();
    await user.click((await summary()).getByRole('button', { name: 'Cancel Request' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.calls.some((c) => c.path.endsWith('delete_request'))).toBe(false);
    first.unmount();
    view.fetchMock.mockReset();

    stubDetail(at(1, { request: { request_type: 1 } }));
    renderDetail();
    expect((await summary()).queryByRole('button', { name: 'Cancel Request' })).toBeNull();
  });

  it("shows 'Error Message: {message}' when the detail cannot be loaded", async () => {
    server({ [DETAIL]: { code: 404, message: 'Request not found.' } });
    renderDetail();
    expect(await screen.findByText('Error Message: Request not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a malformed request id", async () => {
    const { calls } = server({
      [DETAIL]: { code: 422, message: 'request_id must be a request id.' },
    });
    signInCustomer();
    renderApp('/dashboard/my-requests/abc');
    expect(
      await screen.findByText('Error Message: request_id must be a request id.'),
    ).toBeInTheDocument();
    expect(detailCalls(calls)).toHaveLength(1);
  });

  it('shows the actions of the status in the summary: Pay at 2, Track and Chat at 5', async () => {
    const view = stubDetail(at(2, { request: { final_amount: 500 } }));
    const first = renderDetail();
    expect((await summary()).getByRole('link', { name: 'Pay for request #42' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/make-payment/42',
    );
    first.unmount();
    view.fetchMock.mockReset();

    stubDetail(at(5, { request: { final_amount: 500 } }));
    renderDetail();
    const card = await summary();
    expect(card.getByRole('link', { name: 'Track request #42' })).toBeInTheDocument();
    expect(
      card.getByRole('link', { name: 'Chat with the foreman of request #42' }),
    ).toHaveAttribute('href', '/dashboard/chats?request_id=42&type=2');
  });

  it('opens a cancelled request read-only: status, refund and fee, timeline, receipts (decision 041)', async () => {
    stubDetail(
      at(11, {
        request: { request_status: 2, final_amount: 740 },
        cancellation: { refund_amount: 370, kept_amount: 370, refund_pending: false },
        request_timeline: [
          {
            id: 1,
            activity_title: 'Request Cancelled',
            activity_datetime: '2026-11-20T10:00:00.000Z',
          },
          {
            id: 2,
            activity_title: 'Refund of $370.00',
            activity_datetime: '2026-11-20T10:00:00.000Z',
          },
          {
            id: 3,
            activity_title: 'Cancellation fee of $370.00',
            activity_datetime: '2026-11-20T10:00:00.000Z',
          },
        ],
        receipts: [
          {
            receipt_id: 7,
            number: 1,
            kind: 'payment',
            amount: 762.2,
            created_at: '2026-11-19T10:00:00.000Z',
          },
          {
            receipt_id: 9,
            number: 2,
            kind: 'refund',
            amount: 370,
            created_at: '2026-11-20T10:00:00.000Z',
          },
        ],
      }),
    );
    renderDetail();
    const card = await summary();
    expect(card.getByText(TIMELINE_LABELS[11])).toBeInTheDocument();
    expect(await card.findByText(CANCELLED_TEXT.readOnly)).toBeInTheDocument();
    expect(card.getByText(`${CANCELLED_TEXT.refunded}:`).parentElement).toHaveTextContent(
      `${CANCELLED_TEXT.refunded}: $370.00`,
    );
    expect(card.getByText(`${CANCELLED_TEXT.kept}:`).parentElement).toHaveTextContent(
      `${CANCELLED_TEXT.kept}: $370.00`,
    );
    expect(card.getByText('$740.00')).toHaveTextContent('Final Price: $740.00');
    // Nothing left to do on it.
    expect(card.queryByRole('button', { name: 'Cancel Request' })).toBeNull();
    expect(card.queryByRole('link')).toBeNull();
    const timeline = await section('Timeline');
    expect(timeline.getByText('Refund of $370.00')).toBeInTheDocument();
    const documents = await section('Your documents');
    expect(documents.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Payment receipt No. 1 · $762.20'),
      expect.stringContaining('Refund receipt No. 2 · $370.00'),
    ]);
    expect(window.location.pathname).toBe('/dashboard/my-requests/42');
  });

  it('says a cancelled refund is on its way, and that an unpaid cancelled request moved no money', async () => {
    const view = stubDetail(
      at(11, {
        request: { request_status: 2, final_amount: 600 },
        cancellation: { refund_amount: 600, kept_amount: 0, refund_pending: true },
      }),
    );
    const first = renderDetail();
    expect(await (await summary()).findByText(CANCELLED_TEXT.pending)).toBeInTheDocument();
    first.unmount();
    view.fetchMock.mockReset();

    stubDetail(
      at(11, {
        request: { request_status: 2, final_amount: null },
        cancellation: { refund_amount: 0, kept_amount: 0, refund_pending: false },
      }),
    );
    renderDetail();
    const card = await summary();
    expect(await card.findByText(CANCELLED_TEXT.nothingPaid)).toBeInTheDocument();
    // Never priced: what it was asked at.
    expect(card.getByText('$500.00')).toHaveTextContent('Estimated Price: $500.00');
    expect(card.queryByText(/Final Price/)).not.toBeInTheDocument();
  });
});
