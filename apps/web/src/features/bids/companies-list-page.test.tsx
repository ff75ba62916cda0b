import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@movehub/shared';
import {
  stubFetch,
  type RecordedCall,
  type StubHandler,
  type StubReply,
} from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { customerHomeStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';
import { COMPANIES_PAGE_SIZE, COMPANIES_REFRESH_MS } from './bids-api';
import { buildCompany, companiesReply } from './test-companies';

const LIST_CALL = 'POST /api/customer/detail_of_bided_companies';

function renderList(at = '/dashboard/my-requests/companies-list/101') {
  signInCustomer();
  return renderApp(at);
}

/**
 * The server: the dashboard's own calls, the pages the list leads to (My Requests, the request's
 * detail), and the test's.
 */
function server(handlers: Record<string, StubHandler>) {
  return stubFetch({
    ...customerHomeStubs(),
    'POST /api/customer/customer_request_detail': {
      code: 200,
      data: buildRequestDetail({ request: { id: 101, request_timeline_status: 2 } }),
    },
    'GET /api/geo/config': GEO_CONFIG_STUB,
    ...handlers,
  });
}

/** The list's own calls for the companies. */
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/api/customer/detail_of_bided_companies');

const swift = buildCompany();
const atlas = buildCompany({
  company_id: 9,
  name: 'Atlas Van Lines',
  company_rating: 4.8,
  completed_moves: 1,
  bid_amount: 910.5,
  review_count: 0,
  reviews: [],
});

async function findCard(name: string) {
  const list = await screen.findByRole('list', { name: 'Bidding companies' });
  return within(list).getByRole('listitem', { name });
}

beforeAll(
  () =>
    preloadScreens(
      '/dashboard/my-requests/companies-list/101',
      '/dashboard/my-requests',
      '/dashboard/my-requests/101',
      '/dashboard/review-profile',
    ),
  60_000,
);

describe('CompaniesListPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows each bidding company's name, rating, completed moves and bid", async () => {
    const { calls } = server({ [LIST_CALL]: companiesReply([swift, atlas]) });
    renderList();

    const card = await findCard('Swift Movers');
    expect(within(card).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(within(card).getByText('120 completed moves')).toBeInTheDocument();
    expect(within(card).getByText('$640.00')).toBeInTheDocument();
    const other = await findCard('Atlas Van Lines');
    expect(within(other).getByText('1 completed move')).toBeInTheDocument();
    expect(within(other).getByText('$910.50')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.body).toEqual({
      request_id: 101,
      filter_status: 0,
      top_rated: 0,
      limit: COMPANIES_PAGE_SIZE,
    });
  });

  it('shows the next companies as the customer asks for more, by the cursor the server gave', async () => {
    const later = buildCompany({ company_id: 11, name: 'Later Movers', bid_amount: 990 });
    const { calls } = server({
      [LIST_CALL]: (body) =>
        (body as { cursor?: string }).cursor === 'after-atlas'
          ? companiesReply([later])
          : companiesReply([swift, atlas], {}, 'after-atlas'),
    });
    renderList();
    await findCard('Atlas Van Lines');
    expect(screen.queryByRole('listitem', { name: 'Later Movers' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more companies' }));
    const card = await findCard('Later Movers');
    expect(within(card).getByText('$990.00')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.body).toMatchObject({
      request_id: 101,
      limit: COMPANIES_PAGE_SIZE,
      cursor: 'after-atlas',
    });
    // The first page's companies stay, in their order, and the end says nothing more.
    const items = within(screen.getByRole('list', { name: 'Bidding companies' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    ['Swift Movers', 'Atlas Van Lines', 'Later Movers'].forEach((name, i) =>
      expect(items[i]).toHaveAccessibleName(name),
    );
    expect(screen.queryByRole('button', { name: 'Show more companies' })).not.toBeInTheDocument();
  });

  it('sends the customer to My Requests unless the request is pending acceptance (status 1)', async () => {
    server({ [LIST_CALL]: companiesReply([swift], { request_timeline_status: 2 }) });
    const { router } = renderList();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests');
  });

  it('sends a malformed request id to My Requests without asking the server', async () => {
    const { calls } = server({});
    const { router } = renderList('/dashboard/my-requests/companies-list/abc');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests');
    expect(listCalls(calls)).toHaveLength(0);
  });

  it('says more bids are coming when there are none', async () => {
    server({ [LIST_CALL]: companiesReply([]) });
    renderList();

    expect(await screen.findByText(MSG.noBids)).toBeInTheDocument();
  });

  it("shows the server's message in an error banner when the list cannot load", async () => {
    server({ [LIST_CALL]: { code: 404, message: 'Request not found.' } });
    renderList();

    expect(await screen.findByRole('alert')).toHaveTextContent('Request not found.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks again every few seconds while open, so new bids appear', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let companies = [swift];
    server({ [LIST_CALL]: () => companiesReply(companies) });
    renderList();
    await findCard('Swift Movers');

    companies = [swift, atlas];
    await act(() => vi.advanceTimersByTimeAsync(COMPANIES_REFRESH_MS));
    expect(await findCard('Atlas Van Lines')).toBeInTheDocument();
  });

  it('deletes a bid after confirmation and shows the list without it', async () => {
    let companies = [swift, atlas];
    const { calls } = server({
      [LIST_CALL]: () => companiesReply(companies),
      'POST /api/customer/delete_bid': (): StubReply => {
        companies = [atlas];
        return { code: 200, message: 'Bid deleted.' };
      },
    });
    renderList();
    const user = userEvent.setup();

    const card = await findCard('Swift Movers');
    await user.click(within(card).getByRole('button', { name: 'Delete the bid of Swift Movers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bid' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the bid of Swift Movers?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Swift Movers' })).not.toBeInTheDocument(),
    );
    expect(calls.find((c) => c.path === '/api/customer/delete_bid')?.body).toEqual({
      request_id: 101,
      company_id: 7,
    });
  });

  it('keeps the bid when the deletion is not confirmed', async () => {
    const { calls } = server({ [LIST_CALL]: companiesReply([swift]) });
    renderList();
    const user = userEvent.setup();

    const card = await findCard('Swift Movers');
    await user.click(within(card).getByRole('button', { name: 'Delete the bid of Swift Movers' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path === '/api/customer/delete_bid')).toBe(false);
  });

  it('accepts a bid at its amount, showing the discounted price, then opens the request', async () => {
    const { calls } = server({
      [LIST_CALL]: companiesReply([swift], { discount: 5 }),
      'PUT /api/customer/accept_request': {
        code: 200,
        data: {
          request_id: 101,
          company_id: 7,
          final_amount: 640,
          discount: 5,
          request_timeline_status: 2,
        },
      },
    });
    const { router } = renderList();
    const user = userEvent.setup();

    const card = await findCard('Swift Movers');
    await user.click(within(card).getByRole('button', { name: 'Accept the bid of Swift Movers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Bid' });
    expect(dialog).toHaveTextContent('Accept the bid of Swift Movers for $640.00?');
    expect(dialog).toHaveTextContent('With your 5% discount the discounted price is $608.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request DETAIL' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests/101');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request_id: 101,
      company_id: 7,
      final_amount: 640,
    });
  });

  it('shows only the bid amount when there is no discount', async () => {
    server({ [LIST_CALL]: companiesReply([swift]) });
    renderList();
    const user = userEvent.setup();

    const card = await findCard('Swift Movers');
    await user.click(within(card).getByRole('button', { name: 'Accept the bid of Swift Movers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Bid' });
    expect(dialog).toHaveTextContent('Accept the bid of Swift Movers for $640.00?');
    expect(dialog).not.toHaveTextContent('discount');
  });

  it("shows the server's message in an error banner when another accept won", async () => {
    server({
      [LIST_CALL]: companiesReply([swift]),
      'PUT /api/customer/accept_request': {
        code: 409,
        message: 'This request has already been accepted.',
      },
    });
    const { router } = renderList();
    const user = userEvent.setup();

    const card = await findCard('Swift Movers');
    await user.click(within(card).getByRole('button', { name: 'Accept the bid of Swift Movers' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This request has already been accepted.',
    );
    expect(router.state.location.pathname).toBe('/dashboard/my-requests/companies-list/101');
  });

  it('filters by completed moves, price and top rating', async () => {
    const { calls } = server({ [LIST_CALL]: companiesReply([swift, atlas]) });
    renderList();
    const user = userEvent.setup();
    await findCard('Swift Movers');

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    const [low, high] = within(dialog).getAllByRole('slider');
    expect(high).toHaveAttribute('aria-valuenow', '150');
    // jsdom cannot drag a thumb: the slider's range input takes the value as a keyboard would.
    fireEvent.change(low!, { target: { value: '2' } });
    expect(within(dialog).getByText('Completed moves: 2 – 150')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Min price first' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Top rated' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.body).toEqual({
        request_id: 101,
        filter_status: 1,
        min_completed_movies: 2,
        max_completed_movies: 150,
        price: 'min',
        top_rated: 1,
        limit: COMPANIES_PAGE_SIZE,
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The chip clears the filter: the plain list again.
    await user.click(
      within(screen.getByRole('button', { name: 'Filter applied' })).getByTestId('CancelIcon'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Filter applied' })).not.toBeInTheDocument(),
    );
    expect(await findCard('Atlas Van Lines')).toBeInTheDocument();
  });

  it("opens a company's profile from its name, and Back returns to the list", async () => {
    server({ [LIST_CALL]: companiesReply([swift]) });
    const { router } = renderList();
    const user = userEvent.setup();

    const card = await findCard('Swift Movers');
    await user.click(within(card).getByRole('button', { name: 'Swift Movers' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Company Profile' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/review-profile');
    expect(screen.getByText('Careful and on time.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await findCard('Swift Movers')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests/companies-list/101');
  });
});
