import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADER, type CommentThread, type OpenRequest } from '@movehub/shared';
import { NO_COMMENTS_TEXT } from '../../lib/partner-comments';
import { setSession } from '../../lib/storage';
import { fakeSocketWrapper } from '../../test/fake-socket';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildCompanyUser, buildOpenRequest } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { OPEN_REQUESTS_PAGE_SIZE } from './market-api';
import { NO_MATCH_MESSAGE, NO_OPEN_REQUESTS_MESSAGE } from './open-requests-page';

const GEO_CONFIG = {
  code: 200,
  data: {
    map_tile_url: null,
    provider: 'offline',
    default_center: { lat: 33.9679, lng: -118.297 },
    default_zoom: 11,
  },
};

const MOVE_TYPES = [
  { id: 1, name: 'Studio' },
  { id: 2, name: '1 Bedroom' },
];

interface OpenRequestsBodyFilters {
  limit: number;
  before_id?: number;
  date_from?: string;
  date_to?: string;
  move_type?: number;
  max_distance?: number;
}

/** MM-DD-YYYY → YYYY-MM-DD, which sorts as text. */
const iso = (date: string) => `${date.slice(6)}-${date.slice(0, 5)}`;

/** The API's filters, as open_requests applies them. */
function matches(r: OpenRequest, f: OpenRequestsBodyFilters): boolean {
  if (f.before_id !== undefined && r.id >= f.before_id) return false;
  if (
    f.move_type !== undefined &&
    MOVE_TYPES.find((t) => t.id === f.move_type)?.name !== r.move_type
  )
    return false;
  if (f.date_from && (!r.s_date || iso(r.s_date) < iso(f.date_from))) return false;
  if (f.date_to && (!r.s_date || iso(r.s_date) > iso(f.date_to))) return false;
  if (f.max_distance !== undefined && (r.distance_from_base ?? Infinity) > f.max_distance)
    return false;
  return true;
}

/** A fake API holding the open requests; place and withdraw change them as the server does. */
function market(initial: OpenRequest[], overrides: Record<string, StubHandler> = {}) {
  const requests = [...initial];
  const server = stubFetch({
    'GET /api/geo/config': GEO_CONFIG,
    'GET /api/customer/get_move_type': {
      code: 200,
      data: { moveTypeItems: MOVE_TYPES },
    },
    'POST /api/company/open_requests': (body) => {
      const filters = body as OpenRequestsBodyFilters;
      const page = requests.filter((r) => matches(r, filters));
      const limit = filters.limit ?? page.length;
      return {
        code: 200,
        data: page.slice(0, limit),
        // One row more than the page names the next page, as the server does.
        next_before_id: page.length > limit ? page[limit - 1]!.id : null,
      };
    },
    'POST /api/company/place_bid':
      overrides['place_bid'] ??
      ((body) => {
        const {
          request_id: id,
          bid_amount: amount,
          movers,
        } = body as {
          request_id: number;
          bid_amount: number | string;
          movers?: number | string;
        };
        const index = requests.findIndex((r) => r.id === id);
        const request = requests[index]!;
        const bid = { bid_amount: Number(amount), movers: movers ? Number(movers) : null };
        requests[index] = {
          ...request,
          my_bid: bid,
          bid_count: request.my_bid ? request.bid_count : request.bid_count + 1,
        };
        return {
          code: 200,
          data: { request_id: id, company_id: 501, ...bid, request_timeline_status: 1 },
        };
      }),
    'POST /app_api/add_comments':
      overrides['add_comments'] ?? (() => ({ code: 200, data: [] as CommentThread[] })),
    'POST /api/company/withdraw_bid': (body) => {
      const id = (body as { request_id: number }).request_id;
      const index = requests.findIndex((r) => r.id === id);
      requests[index] = {
        ...requests[index]!,
        my_bid: null,
        bid_count: requests[index]!.bid_count - 1,
      };
      return { code: 200, data: { request_id: id, request_timeline_status: 1 } };
    },
  });
  return { ...server, requests };
}

function renderPage() {
  setSession('company-token', buildCompanyUser(), 'partner');
  return renderApp('/partner/open-requests');
}

/** The page with the console's socket on a fake the test drives. */
function renderLive() {
  setSession('company-token', buildCompanyUser(), 'partner');
  const { connector, wrapper } = fakeSocketWrapper();
  return { ...renderApp('/partner/open-requests', { wrapper }), connector };
}

/** A customer's question, and another company's answer to it, as the thread carries them. */
function thread(id: number, comment: string): CommentThread {
  return {
    parent_comment: {
      id,
      request_id: 301,
      comment,
      updated_at: '2026-03-03T10:00:00.000Z',
      sender_type: 1,
    },
    parent_comment_profile: {
      name: 'Customer',
      profile_url: null,
      company_rating: null,
      customer_rating: null,
    },
    child_comments: [reply(id + 100, 'Yes, if it is empty.', 'Other Movers')],
  };
}

function reply(id: number, comment: string, company: string) {
  return {
    child_comment: { id, comment, updated_at: '2026-03-03T11:00:00.000Z', sender_type: 0 },
    child_comment_profile: {
      name: company,
      profile_url: null,
      company_rating: 4.5,
      customer_rating: null,
    },
  };
}

const card = async (id: number) =>
  screen.findByRole('article', { name: new RegExp(`^Request #${id}\\b`) });

beforeAll(() => preloadScreens('/partner/open-requests'), 60_000);

describe('OpenRequestsPage', () => {
  it("shows each request's addresses, date, window, type, inventory with photos, prices and bids, and no contact", async () => {
    const { calls } = market([
      buildOpenRequest({ id: 302, my_bid: { bid_amount: 480, movers: 3 }, bid_count: 3 }),
      buildOpenRequest({ id: 301 }),
    ]);
    renderPage();

    const mine = within(await card(302));
    expect(mine.getByText('Request #302 · 1 Bedroom')).toBeInTheDocument();
    expect(mine.getByText(/350 S Grand Ave, Los Angeles/)).toBeInTheDocument();
    expect(mine.getByText(/100 Ocean Ave, Santa Monica/)).toBeInTheDocument();
    expect(mine.getByText('Mar 15th 26')).toBeInTheDocument();
    expect(mine.getByText('8AM - 12PM Morning')).toBeInTheDocument();
    expect(mine.getByText('Sofa × 1')).toBeInTheDocument();
    expect(mine.getByRole('img', { name: 'Sofa, photo 1' })).toHaveAttribute(
      'src',
      '/uploads/bedbedbedbedbedbedbedbedbedbed01.jpg',
    );
    expect(mine.getByText('Moving box × 10')).toBeInTheDocument();
    expect(mine.getByText('$450')).toBeInTheDocument();
    expect(mine.getByText('$520')).toBeInTheDocument();
    expect(mine.getByText('3')).toBeInTheDocument();
    expect(mine.getByText('$480, 3 movers')).toBeInTheDocument();
    expect(within(await card(301)).getByText('No bid from you yet')).toBeInTheDocument();
    expect(screen.queryByText(/@|\(\d{3}\)/)).toBeNull();

    const call = calls.find((c) => c.path === '/api/company/open_requests')!;
    expect(call.headers[AUTH_HEADER]).toBe('company-token');
    expect(call.body).toEqual({ limit: OPEN_REQUESTS_PAGE_SIZE });
  });

  it('draws the pick-up points on the map', async () => {
    market([buildOpenRequest({ id: 301 })]);
    renderPage();
    expect(
      await screen.findByRole('img', {
        name: 'Request #301 pick-up: 350 S Grand Ave, Los Angeles, CA 90071',
      }),
    ).toBeInTheDocument();
  });

  it('says so when nothing is open', async () => {
    market([]);
    renderPage();
    expect(await screen.findByText(NO_OPEN_REQUESTS_MESSAGE)).toBeInTheDocument();
  });

  it('shows each address in full, as the job and the foreman’s phone show it', async () => {
    market([buildOpenRequest({ id: 301 })]);
    renderPage();
    const request = within(await card(301));
    const line = (text: string) => (_: string, el: Element | null) => el?.textContent === text;
    const pickUp = within(
      request.getByRole('region', { name: 'Pick up A: 350 S Grand Ave, Los Angeles, CA 90071' }),
    );
    for (const text of [
      'Zip code: 90071',
      'Storage: No',
      'Lift type: Stairs',
      'Flights: 2',
      'Hardwood floor: No',
      'Parking and building info: N/A',
    ]) {
      expect(pickUp.getByText(line(text))).toBeInTheDocument();
    }
    const dropOff = within(
      request.getByRole('region', { name: 'Drop off B: 100 Ocean Ave, Santa Monica, CA 90401' }),
    );
    expect(dropOff.getByText(line('Unit / Apartment number: 4B'))).toBeInTheDocument();
    expect(dropOff.getByText(line('Lift type: Elevator'))).toBeInTheDocument();
  });

  it("shows the questions asked with their answers, the customer named only 'Customer', and answers one", async () => {
    const user = userEvent.setup();
    const question = thread(71, 'Can your crew handle a drained 50-gallon aquarium?');
    const { calls, requests } = market(
      [buildOpenRequest({ id: 301, comments_array: [question] })],
      {
        add_comments: (body) => {
          const { parent_id, comment } = body as { parent_id: number; comment: string };
          const index = requests.findIndex((r) => r.id === 301);
          const request = requests[index]!;
          requests[index] = {
            ...request,
            comments_array: [
              {
                ...request.comments_array[0]!,
                child_comments: [reply(72, comment, 'Mine Movers')],
              },
            ],
          };
          void parent_id;
          return { code: 200, data: requests[index]!.comments_array };
        },
      },
    );
    renderPage();
    const request = within(await card(301));
    const questions = within(request.getByRole('region', { name: 'Questions and answers' }));
    expect(questions.getByText(question.parent_comment.comment)).toBeInTheDocument();
    expect(questions.getByText('Customer')).toBeInTheDocument();
    expect(questions.getByText('Other Movers')).toBeInTheDocument();
    expect(questions.getByText('Yes, if it is empty.')).toBeInTheDocument();

    await user.click(questions.getAllByRole('button', { name: 'Reply' })[0]!);
    await user.type(questions.getByLabelText('Your reply'), 'We bring a pump and a crate.');
    await user.click(questions.getByRole('button', { name: 'Reply' }));
    expect(await questions.findByText('We bring a pump and a crate.')).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/app_api/add_comments');
    expect(sent.map((c) => c.body)).toMatchObject([
      { request_id: 301, parent_id: 71, comment: 'We bring a pump and a crate.' },
    ]);
    expect(sent[0]!.headers[AUTH_HEADER]).toBe('company-token');
    // A new comment of its own opens behind a button: no form per request in the list.
    expect(questions.queryByLabelText('Your comment on #301')).toBeNull();
    await user.click(questions.getByRole('button', { name: 'Comment on request 301' }));
    expect(questions.getByLabelText('Your comment on #301')).toBeInTheDocument();
  });

  it('reads the list again when a question or answer arrives on the socket', async () => {
    const { calls, requests } = market([buildOpenRequest({ id: 301 })]);
    const { connector } = renderLive();
    const request = within(await card(301));
    expect(request.getByText(NO_COMMENTS_TEXT)).toBeInTheDocument();
    const socket = await connector.opened();
    await socket.serverConnects();
    const before = calls.filter((c) => c.path === '/api/company/open_requests').length;

    requests[0] = { ...requests[0]!, comments_array: [thread(81, 'Is there parking?')] };
    await socket.serverEmits('requestComment', { request_id: 301 });
    expect(await request.findByText('Is there parking?')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/company/open_requests').length).toBeGreaterThan(
      before,
    );
  });

  it('loads older requests with before_id', async () => {
    const many = Array.from({ length: OPEN_REQUESTS_PAGE_SIZE + 1 }, (_, i) =>
      buildOpenRequest({ id: 400 - i }),
    );
    const { calls } = market(many);
    renderPage();
    await card(400);
    expect(screen.queryByRole('article', { name: /^Request #380\b/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older requests' }));
    expect(await card(380)).toBeInTheDocument();
    const pages = calls.filter((c) => c.path === '/api/company/open_requests');
    expect(pages.at(-1)!.body).toEqual({ limit: OPEN_REQUESTS_PAGE_SIZE, before_id: 381 });
    expect(screen.queryByRole('button', { name: 'Show older requests' })).toBeNull();
  });
});

describe('OpenRequestsPage filters', () => {
  it('asks the API for the move dates, move size and distance chosen, and lists what it answers', async () => {
    const { calls } = market([
      buildOpenRequest({
        id: 303,
        s_date: '04-02-2026',
        move_type: 'Studio',
        distance_from_base: 40,
      }),
      buildOpenRequest({ id: 302, s_date: '03-20-2026', move_type: '1 Bedroom' }),
      buildOpenRequest({
        id: 301,
        s_date: '03-10-2026',
        move_type: 'Studio',
        distance_from_base: 4,
      }),
    ]);
    renderPage();
    await card(303);
    const user = userEvent.setup();
    expect(screen.getByRole('status')).toHaveTextContent('3 open requests');

    await user.click(screen.getByRole('combobox', { name: 'Move size' }));
    await user.click(await screen.findByRole('option', { name: 'Studio' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('2 open requests match'),
    );
    expect(screen.queryByRole('article', { name: /^Request #302\b/ })).toBeNull();
    const lastBody = () =>
      calls.filter((c) => c.path === '/api/company/open_requests').at(-1)!.body;
    expect(lastBody()).toEqual({ move_type: 1, limit: OPEN_REQUESTS_PAGE_SIZE });

    await user.click(screen.getByRole('combobox', { name: 'Distance from base' }));
    await user.click(await screen.findByRole('option', { name: 'Within 10 mi' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('1 open request match'),
    );
    expect(await card(301)).toHaveTextContent('4 mi');
    expect(screen.queryByRole('article', { name: /^Request #303\b/ })).toBeNull();
    expect(screen.queryByRole('img', { name: /^Request #303 pick-up/ })).toBeNull();

    const from = screen.getByLabelText('Move date from');
    expect(from).toHaveAttribute('name', 'date_from');
    await user.type(from, '2026-03-15');
    expect(await screen.findByText(NO_MATCH_MESSAGE)).toBeInTheDocument();
    expect(lastBody()).toEqual({
      date_from: '03-15-2026',
      move_type: 1,
      max_distance: 10,
      limit: OPEN_REQUESTS_PAGE_SIZE,
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The unfiltered list comes back from the cache, as first loaded.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 open requests'));
  });
});

describe('BidDialog', () => {
  it('validates the amount with the shared schema before sending', async () => {
    const { calls } = market([buildOpenRequest({ id: 301 })]);
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await card(301)).getByRole('button', { name: 'Place a bid on #301' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place a bid on request #301' });
    await user.type(within(dialog).getByLabelText('Your bid (USD)'), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Place bid' }));
    expect(
      await within(dialog).findByText('bid_amount must be an amount in dollars.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/company/place_bid')).toBe(false);
  });

  it('places a bid with movers, then shows it in the refreshed list', async () => {
    const { calls } = market([buildOpenRequest({ id: 301 })]);
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await card(301)).getByRole('button', { name: 'Place a bid on #301' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place a bid on request #301' });
    expect(within(dialog).getByLabelText('Your bid (USD)')).toHaveAttribute('name', 'bid_amount');
    await user.type(within(dialog).getByLabelText('Your bid (USD)'), '475.50');
    await user.click(within(dialog).getByRole('combobox', { name: 'Movers' }));
    await user.click(await screen.findByRole('option', { name: '3 movers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Place bid' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const place = calls.find((c) => c.path === '/api/company/place_bid')!;
    expect(place.body).toEqual({ request_id: 301, bid_amount: 475.5, movers: 3 });
    expect(place.headers[AUTH_HEADER]).toBe('company-token');
    const refreshed = within(await card(301));
    expect(await refreshed.findByText('$475.50, 3 movers')).toBeInTheDocument();
    expect(refreshed.getByText('My bid: $475.50')).toBeInTheDocument();
  });

  it('changes a bid from its current amount', async () => {
    const { calls } = market([
      buildOpenRequest({ id: 301, my_bid: { bid_amount: 480, movers: null } }),
    ]);
    renderPage();
    const user = userEvent.setup();
    await user.click(
      within(await card(301)).getByRole('button', { name: 'Change or withdraw my bid on #301' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change your bid on request #301' });
    const amount = within(dialog).getByLabelText('Your bid (USD)');
    expect(amount).toHaveValue('480');
    await user.clear(amount);
    await user.type(amount, '460');
    await user.click(within(dialog).getByRole('button', { name: 'Change bid' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/company/place_bid')!.body).toEqual({
      request_id: 301,
      bid_amount: 460,
    });
    expect(await within(await card(301)).findByText('My bid: $460')).toBeInTheDocument();
  });

  it('withdraws a bid', async () => {
    const { calls } = market([
      buildOpenRequest({ id: 301, my_bid: { bid_amount: 480, movers: null }, bid_count: 2 }),
    ]);
    renderPage();
    const user = userEvent.setup();
    await user.click(
      within(await card(301)).getByRole('button', { name: 'Change or withdraw my bid on #301' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change your bid on request #301' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw bid' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/company/withdraw_bid')!.body).toEqual({
      request_id: 301,
    });
    expect(await within(await card(301)).findByText('No bid from you yet')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, with the buttons disabled while the call runs", async () => {
    let answer: (() => void) | undefined;
    // The request was accepted elsewhere meanwhile.
    const conflict = 'This request is no longer open for bids.';
    const { calls } = stubFetch({
      'GET /api/geo/config': GEO_CONFIG,
      'POST /api/company/open_requests': {
        code: 200,
        data: [buildOpenRequest({ id: 301 })],
        next_before_id: null,
      },
      'POST /api/company/place_bid': () =>
        new Promise((resolve) => {
          answer = () => resolve({ code: 409, message: conflict });
        }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await card(301)).getByRole('button', { name: 'Place a bid on #301' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place a bid on request #301' });
    await user.type(within(dialog).getByLabelText('Your bid (USD)'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Place bid' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Place bid' })).toBeDisabled(),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer?.();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(conflict);
    expect(within(dialog).getByRole('button', { name: 'Place bid' })).toBeEnabled();
    expect(calls.filter((c) => c.path === '/api/company/place_bid')).toHaveLength(1);
    // The list was asked again, to show the request as it now is.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/company/open_requests')).toHaveLength(2),
    );
  });
});
