import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, TIMELINE_LABELS, type RequestListEntry } from '@movehub/shared';
import { stubFetch, type RecordedCall, type StubReply } from '../../test/fetch-stub';
import { buildCounts, buildRequestEntry } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, signInCustomer } from '../../test/sessions';
import { MY_REQUESTS_TAB_KEY } from '../../lib/request-paths';

const counts = buildCounts({
  active_request_count: 3,
  done_request_count: 1,
  cancle_request_count: 2,
});

/**
 * The server's answer per tab code, a page at a time as the API reads it (`limit` entries after
 * before_id's, the lists given newest first); counts are the same whichever tab or page is asked.
 */
function stubRequests(lists: Partial<Record<'0' | '1' | '2', RequestListEntry[]>> = {}) {
  return stubFetch({
    ...dashboardStubs(),
    'POST /api/customer/get_customer_request': (body): StubReply => {
      const {
        request_status: status,
        limit = 20,
        before_id: beforeId,
      } = body as {
        request_status: '0' | '1' | '2';
        limit?: number;
        before_id?: number;
      };
      const list = lists[status] ?? [];
      const older =
        beforeId === undefined
          ? list
          : list.slice(list.findIndex((e) => e.request.id === beforeId) + 1);
      const page = older.slice(0, limit);
      return {
        code: 200,
        data: page,
        request_count: counts,
        next_before_id: older.length > limit ? page[page.length - 1]!.request.id : null,
      };
    },
  });
}

/** `count` active requests, newest (highest id) first. */
const manyRequests = (count: number) =>
  Array.from({ length: count }, (_, i) => buildRequestEntry({ request: { id: 200 - i } }));

const cardCount = () => screen.queryAllByRole('heading', { name: /^Request #\d+$/ }).length;

function renderMyRequests() {
  signInCustomer();
  return renderApp('/dashboard/my-requests');
}

/** The page's own calls for its list. */
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/api/customer/get_customer_request');

beforeAll(() => preloadScreens('/dashboard/my-requests'), 60_000);

describe('MyRequestsPage', () => {
  it('shows the three tabs with the counts from request_count', async () => {
    stubRequests();
    renderMyRequests();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Active (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Completed (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled (2)' })).toBeInTheDocument();
  });

  it("shows the empty text and a 'Create a request now' button on an empty Active tab", async () => {
    const { calls } = stubRequests();
    renderMyRequests();

    expect(await screen.findByText(MSG.noRequests)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.createRequestNow })).toHaveAttribute(
      'href',
      '/create-request',
    );
    expect(listCalls(calls)[0]?.body).toEqual({ request_status: '0', limit: 20 });
  });

  it('shows the empty text without the create button on an empty Completed tab', async () => {
    stubRequests();
    renderMyRequests();
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Completed (1)' }));

    expect(await screen.findByText(MSG.noRequests)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: MSG.createRequestNow })).not.toBeInTheDocument();
  });

  it('remembers the chosen tab in localStorage and opens on it next time', async () => {
    const { calls } = stubRequests();
    const first = renderMyRequests();
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Cancelled (2)' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.body).toEqual({ request_status: '2', limit: 20 }),
    );
    expect(window.localStorage.getItem(MY_REQUESTS_TAB_KEY)).toBe('2');
    first.unmount();

    calls.length = 0;
    renderMyRequests();
    expect(await screen.findByRole('tab', { name: 'Cancelled (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(listCalls(calls)[0]?.body).toEqual({ request_status: '2', limit: 20 });
  });

  it('opens on the Active tab when nothing (or nonsense) is remembered', async () => {
    window.localStorage.setItem(MY_REQUESTS_TAB_KEY, '7');
    const { calls } = stubRequests();
    renderMyRequests();
    expect(await screen.findByRole('tab', { name: 'Active (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(listCalls(calls)[0]?.body).toEqual({ request_status: '0', limit: 20 });
  });

  it('lists request cards with number, date, time, lettered addresses, status and a detail link', async () => {
    stubRequests({
      '0': [
        buildRequestEntry({ request: { id: 7, request_timeline_status: 0 } }),
        buildRequestEntry({
          request: {
            id: 8,
            request_timeline_status: 2,
            s_time: null,
            start_window_from: '13:30',
            start_window_to: '15:00',
          },
        }),
      ],
    });
    renderMyRequests();

    const card = (await screen.findByRole('heading', { name: 'Request #7' })).closest('li');
    if (!card) throw new Error('card not found');
    const inCard = within(card);
    expect(inCard.getByText('Mar 15th 26')).toBeInTheDocument();
    expect(inCard.getByText('8AM - 12PM Morning')).toBeInTheDocument();
    expect(inCard.getByText(/100 Main St, Los Angeles, CA/)).toHaveTextContent(
      'Address A: 100 Main St',
    );
    expect(inCard.getByText(/200 Oak Ave, Pasadena, CA/)).toHaveTextContent(
      'Address B: 200 Oak Ave',
    );
    expect(inCard.getByText(TIMELINE_LABELS[0])).toBeInTheDocument();
    expect(inCard.getByRole('link', { name: 'View details of request #7' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/7',
    );

    const second = screen.getByRole('heading', { name: 'Request #8' }).closest('li');
    if (!second) throw new Error('card not found');
    expect(within(second).getByText('1:30 PM - 3:00 PM')).toBeInTheDocument();
    expect(within(second).getByText(TIMELINE_LABELS[2])).toBeInTheDocument();
  });

  it("shows an 'HH:mm - HH:mm' s_time in 12-hour display, as the confirm screen does", async () => {
    stubRequests({
      '0': [
        buildRequestEntry({
          request: {
            id: 9,
            s_time: '08:00 - 09:00',
            start_window_from: '08:00',
            start_window_to: '09:00',
          },
        }),
      ],
    });
    renderMyRequests();

    const card = (await screen.findByRole('heading', { name: 'Request #9' })).closest('li');
    if (!card) throw new Error('card not found');
    expect(within(card).getByText('8:00 AM - 9:00 AM')).toBeInTheDocument();
    expect(within(card).queryByText('08:00 - 09:00')).not.toBeInTheDocument();
  });

  it("shows the bid count and a 'Show All' link to the companies list while bids are open", async () => {
    stubRequests({
      '0': [
        buildRequestEntry({
          request: { id: 9, request_timeline_status: 1 },
          request_bid: [
            { company_id: 1, request_id: 9, bid_amount: 400 },
            { company_id: 2, request_id: 9, bid_amount: 420 },
          ],
        }),
      ],
    });
    renderMyRequests();

    expect(await screen.findByText('Bids received: 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show All' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/companies-list/9',
    );
  });

  it("labels a direct request at status 3 awaiting its letter 'Pending request confirmation'", async () => {
    stubRequests({
      '0': [
        buildRequestEntry({
          request: { id: 10, request_timeline_status: 3, request_type: 1 },
          additional_status: 0,
        }),
        buildRequestEntry({
          request: { id: 11, request_timeline_status: 3, request_type: 0 },
          additional_status: 0,
        }),
      ],
    });
    renderMyRequests();

    expect(await screen.findByText(MSG.pendingConfirmation)).toBeInTheDocument();
    expect(screen.getByText(TIMELINE_LABELS[3])).toBeInTheDocument();
  });

  it('links a cancelled request to its read-only detail (decision 041)', async () => {
    stubRequests({
      '2': [
        buildRequestEntry({ request: { id: 12, request_timeline_status: 11, request_status: 2 } }),
      ],
    });
    window.localStorage.setItem(MY_REQUESTS_TAB_KEY, '2');
    renderMyRequests();

    expect(await screen.findByRole('heading', { name: 'Request #12' })).toBeInTheDocument();
    expect(screen.getByText(TIMELINE_LABELS[11])).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View details of request #12' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/12',
    );
  });

  it('shows the server message when the list cannot be loaded', async () => {
    stubFetch({ 'POST /api/customer/get_customer_request': { code: 500, message: MSG.internal } });
    renderMyRequests();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    // Once inline beside the retry button, once in the red toast.
    expect(retry.closest('[role="alert"]')).toHaveTextContent(MSG.internal);
    expect(screen.getAllByText(MSG.internal)).toHaveLength(2);
  });

  describe('older requests', () => {
    afterEach(() => vi.unstubAllGlobals());

    it("loads the tab's older requests by Load more, a page at a time, to the end", async () => {
      const { calls } = stubRequests({ '0': manyRequests(45) });
      renderMyRequests();
      expect(await screen.findByRole('heading', { name: 'Request #200' })).toBeInTheDocument();
      expect(cardCount()).toBe(20);
      expect(screen.queryByRole('heading', { name: 'Request #180' })).not.toBeInTheDocument();

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByRole('heading', { name: 'Request #180' })).toBeInTheDocument();
      expect(cardCount()).toBe(40);
      expect(listCalls(calls).at(-1)?.body).toEqual({
        request_status: '0',
        limit: 20,
        before_id: 181,
      });

      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByRole('heading', { name: 'Request #156' })).toBeInTheDocument();
      expect(cardCount()).toBe(45);
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      // The tab counts are the totals, whatever the pages read.
      expect(screen.getByRole('tab', { name: 'Active (3)' })).toBeInTheDocument();
    });

    it('loads the next page by itself as the customer scrolls to the end of the list', async () => {
      const seen: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
            seen.push(callback);
          }
          observe() {}
          disconnect() {}
        },
      );
      stubRequests({ '0': manyRequests(25) });
      renderMyRequests();
      expect(await screen.findByRole('heading', { name: 'Request #200' })).toBeInTheDocument();
      expect(cardCount()).toBe(20);

      // The end of the list scrolls into view.
      await waitFor(() => expect(seen.length).toBeGreaterThan(0));
      seen.at(-1)!([{ isIntersecting: true }]);
      expect(await screen.findByRole('heading', { name: 'Request #176' })).toBeInTheDocument();
      expect(cardCount()).toBe(25);
    });

    it("reads another tab's own pages", async () => {
      const cancelled = Array.from({ length: 21 }, (_, i) =>
        buildRequestEntry({
          request: { id: 300 - i, request_status: 2, request_timeline_status: 11 },
        }),
      );
      const { calls } = stubRequests({ '0': manyRequests(3), '2': cancelled });
      renderMyRequests();
      expect(await screen.findByRole('heading', { name: 'Request #200' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

      const user = userEvent.setup();
      await user.click(screen.getByRole('tab', { name: 'Cancelled (2)' }));
      expect(await screen.findByRole('heading', { name: 'Request #300' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByRole('heading', { name: 'Request #280' })).toBeInTheDocument();
      expect(listCalls(calls).at(-1)?.body).toEqual({
        request_status: '2',
        limit: 20,
        before_id: 281,
      });
    });
  });
});
