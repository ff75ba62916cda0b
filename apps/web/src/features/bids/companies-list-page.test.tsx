import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@movehub/shared';
import { stubFetch, type StubReply } from '../../test/fetch-stub';
import { renderRoutes } from '../../test/render';
import { COMPANIES_REFRESH_MS } from './bids-api';
import { CompaniesListPage } from './companies-list-page';
import { ReviewProfilePage } from './review-profile-page';
import { buildCompany, companiesReply } from './test-companies';

const LIST_CALL = 'POST /api/customer/detail_of_bided_companies';

function renderList(at = '/dashboard/my-requests/companies-list/101') {
  return renderRoutes(
    [
      { path: '/dashboard/my-requests/companies-list/:requestId', element: <CompaniesListPage /> },
      { path: '/dashboard/my-requests/:requestId', element: <p>Request detail</p> },
      { path: '/dashboard/my-requests', element: <p>My Requests list</p> },
      { path: '/dashboard/review-profile', element: <ReviewProfilePage /> },
    ],
    at,
  );
}

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

describe('CompaniesListPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows each bidding company's name, rating, completed moves and bid", async () => {
    const { calls } = stubFetch({ [LIST_CALL]: companiesReply([swift, atlas]) });
    renderList();

    const card = await findCard('Swift Movers');
    expect(within(card).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(within(card).getByText('120 completed moves')).toBeInTheDocument();
    expect(within(card).getByText('$640.00')).toBeInTheDocument();
    const other = await findCard('Atlas Van Lines');
    expect(within(other).getByText('1 completed move')).toBeInTheDocument();
    expect(within(other).getByText('$910.50')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ request_id: 101, filter_status: 0, top_rated: 0 });
  });

  it('sends the customer to My Requests unless the request is pending acceptance (status 1)', async () => {
    stubFetch({ [LIST_CALL]: companiesReply([swift], { request_timeline_status: 2 }) });
    const { router } = renderList();

    expect(await screen.findByText('My Requests list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests');
  });

  it('sends a malformed request id to My Requests without asking the server', async () => {
    const { calls } = stubFetch({});
    renderList('/dashboard/my-requests/companies-list/abc');

    expect(await screen.findByText('My Requests list')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says more bids are coming when there are none', async () => {
    stubFetch({ [LIST_CALL]: companiesReply([]) });
    renderList();

    expect(await screen.findByText(MSG.noBids)).toBeInTheDocument();
  });

  it("shows the server's message in an error banner when the list cannot load", async () => {
    stubFetch({ [LIST_CALL]: { code: 404, message: 'Request not found.' } });
    renderList();

    expect(await screen.findByRole('alert')).toHaveTextContent('Request not found.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks again every few seconds while open, so new bids appear', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let companies = [swift];
    stubFetch({ [LIST_CALL]: () => companiesReply(companies) });
    renderList();
    await findCard('Swift Movers');

    companies = [swift, atlas];
    await act(() => vi.advanceTimersByTimeAsync(COMPANIES_REFRESH_MS));
    expect(await findCard('Atlas Van Lines')).toBeInTheDocument();
  });

  it('deletes a bid after confirmation and shows the list without it', async () => {
    let companies = [swift, atlas];
    const { calls } = stubFetch({
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
    const { calls } = stubFetch({ [LIST_CALL]: companiesReply([swift]) });
    renderList();
    const user = userEvent.setup();

    const card = await findCard('Swift Movers');
    await user.click(within(card).getByRole('button', { name: 'Delete the bid of Swift Movers' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path === '/api/customer/delete_bid')).toBe(false);
  });

  it('accepts a bid at its amount, showing the discounted price, then opens the request', async () => {
    const { calls } = stubFetch({
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

    expect(await screen.findByText('Request detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests/101');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request_id: 101,
      company_id: 7,
      final_amount: 640,
    });
  });

  it('shows only the bid amount when there is no discount', async () => {
    stubFetch({ [LIST_CALL]: companiesReply([swift]) });
    renderList();
    const user = userEvent.setup();

    const card = await findCard('Swift Movers');
    await user.click(within(card).getByRole('button', { name: 'Accept the bid of Swift Movers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Bid' });
    expect(dialog).toHaveTextContent('Accept the bid of Swift Movers for $640.00?');
    expect(dialog).not.toHaveTextContent('discount');
  });

  it("shows the server's message in an error banner when another accept won", async () => {
    stubFetch({
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
    const { calls } = stubFetch({ [LIST_CALL]: companiesReply([swift, atlas]) });
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
      expect(calls.at(-1)?.body).toEqual({
        request_id: 101,
        filter_status: 1,
        min_completed_movies: 2,
        max_completed_movies: 150,
        price: 'min',
        top_rated: 1,
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
    stubFetch({ [LIST_CALL]: companiesReply([swift]) });
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
