import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_HEADER, PAYOUTS_TEXT, type PayoutJob, type PayoutTotals } from '@movehub/shared';
import { setSession } from '../../lib/storage';
import { getToast } from '../../lib/toast';
import { stubFetch } from '../../test/fetch-stub';
import { buildCompanyUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { PAYOUTS_PAGE_SIZE } from './payouts-api';
import { NO_PAYOUTS_IN_RANGE_MESSAGE, NO_PAYOUTS_MESSAGE } from './payouts-page';

function buildJob(overrides: Partial<PayoutJob> = {}): PayoutJob {
  return {
    request_id: 401,
    s_date: '03-15-2026',
    customer_name: 'Robin Hart',
    paid_in: 500,
    held: 0,
    released: 450,
    refunded: 50,
    tips: 75,
    net: 525,
    ...overrides,
  };
}

const sum = (jobs: PayoutJob[]): PayoutTotals => {
  const total = (field: keyof PayoutTotals) => jobs.reduce((s, j) => s + j[field], 0);
  return {
    paid_in: total('paid_in'),
    held: total('held'),
    released: total('released'),
    refunded: total('refunded'),
    tips: total('tips'),
    net: total('net'),
  };
};

/**
 * A fake API with the company's jobs (newest request first), filtered by move date and paged by
 * limit and before_id as the server does; the totals are the range's whole.
 */
function payoutsServer(jobs: PayoutJob[], opts: { fail?: boolean; csvStatus?: number } = {}) {
  const key = (d: string) => d.slice(6) + d.slice(0, 2) + d.slice(3, 5);
  return stubFetch({
    'POST /api/company/payouts': (body) => {
      if (opts.fail) return { code: 500, message: 'Something went wrong.' };
      const {
        from,
        to,
        limit = 50,
        before_id,
      } = (body ?? {}) as {
        from?: string;
        to?: string;
        limit?: number;
        before_id?: number;
      };
      const kept = jobs.filter(
        (j) => (!from || key(j.s_date) >= key(from)) && (!to || key(j.s_date) <= key(to)),
      );
      const older = kept.filter((j) => before_id === undefined || j.request_id < before_id);
      const page = older.slice(0, limit);
      return {
        code: 200,
        data: { jobs: page, totals: sum(kept) },
        next_before_id: older.length > limit ? page.at(-1)!.request_id : null,
      };
    },
    'GET /api/company/payouts_csv': () =>
      opts.csvStatus && opts.csvStatus !== 200
        ? { code: opts.csvStatus, message: 'The export failed.' }
        : { code: 200, csv: 'Request,...' },
  });
}

let saved: { href: string; download: string }[];
beforeEach(() => {
  saved = [];
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:movehub/payouts');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderPage(at = '/partner/payouts') {
  setSession('company-token', buildCompanyUser(), 'partner');
  return renderApp(at);
}

const table = () => screen.findByRole('table');

beforeAll(() => preloadScreens('/partner/payouts'), 60_000);

describe('PayoutsPage', () => {
  it('shows each job and the totals in dollars, in a table that scrolls inside its card', async () => {
    const { calls } = payoutsServer([
      buildJob({
        request_id: 402,
        s_date: '03-20-2026',
        customer_name: 'Ada Byron',
        paid_in: 300,
        held: 300,
        released: 0,
        refunded: 0,
        tips: 0,
        net: 0,
      }),
      buildJob(),
    ]);
    renderPage();

    const rows = within(await table()).getAllByRole('row');
    // Header, two jobs, the total.
    expect(rows).toHaveLength(4);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Request',
      'Move date',
      'Customer',
      'Paid into escrow',
      'Held in escrow',
      'Released',
      'Refunded',
      'Tips',
      'Net to company',
    ]);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Mar 15th 26',
      'Robin Hart',
      '$500.00',
      '$0.00',
      '$450.00',
      '$50.00',
      '$75.00',
      '$525.00',
    ]);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('#401');
    expect(within(rows[3]!).getByRole('rowheader')).toHaveTextContent('Total');
    expect(rows[3]).toHaveTextContent('$800.00');

    const dl = screen.getByLabelText('Totals');
    expect(dl).toHaveTextContent('Held in escrow$300.00');
    expect(dl).toHaveTextContent('Net to company$525.00');

    // The table's region is focusable, so a keyboard can scroll it at 375 px.
    expect(screen.getByRole('region', { name: 'Payouts per job' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(calls[0]?.headers[AUTH_HEADER]).toBe('company-token');
    expect(calls[0]?.body).toEqual({ limit: PAYOUTS_PAGE_SIZE });
  });

  it('filters by move date, keeping the dates in the address and sending them as MM-DD-YYYY', async () => {
    const { calls } = payoutsServer([
      buildJob({ request_id: 402, s_date: '03-20-2026' }),
      buildJob({ request_id: 401, s_date: '03-15-2026' }),
    ]);
    const { router } = renderPage();
    await table();

    fireEvent.change(screen.getByLabelText('Move date from'), { target: { value: '2026-03-16' } });
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3),
    );
    expect(screen.getByRole('table')).toHaveTextContent('#402');
    expect(screen.getByRole('table')).not.toHaveTextContent('#401');
    expect(router.state.location.search).toBe('?from=2026-03-16');
    expect(calls.at(-1)?.body).toEqual({ from: '03-16-2026', limit: PAYOUTS_PAGE_SIZE });

    fireEvent.change(screen.getByLabelText('Move date to'), { target: { value: '2026-03-18' } });
    expect(await screen.findByText(NO_PAYOUTS_IN_RANGE_MESSAGE)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({
      from: '03-16-2026',
      to: '03-18-2026',
      limit: PAYOUTS_PAGE_SIZE,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Clear dates' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4),
    );
  });

  it('keeps both dates typed one right after the other, before the router has drawn the first', async () => {
    payoutsServer([buildJob()]);
    const { router } = renderPage();
    await table();
    // Two changes in one task, so that neither the router nor React has drawn the first when
    // the second comes (as a fast second field does in a slow browser): the second must keep it.
    const from = screen.getByLabelText('Move date from');
    const to = screen.getByLabelText('Move date to');
    act(() => {
      fireEvent.change(from, { target: { value: '2026-03-20' } });
      fireEvent.change(to, { target: { value: '2026-03-10' } });
    });
    expect(await screen.findByText(PAYOUTS_TEXT.toBeforeFrom)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?from=2026-03-20&to=2026-03-10');
  });

  it("says so next to the field when 'To' is before 'From', and asks nothing", async () => {
    const { calls } = payoutsServer([buildJob()]);
    renderPage('/partner/payouts?from=2026-03-20&to=2026-03-10');
    expect(await screen.findByText(PAYOUTS_TEXT.toBeforeFrom)).toBeInTheDocument();
    expect(screen.getByLabelText('Move date to')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    // No payouts asked for (the console's header reads the company's profile for its name).
    expect(calls.filter((call) => call.path !== '/api/company/profile')).toHaveLength(0);
  });

  it('downloads the CSV of the dates shown with the partner token', async () => {
    const { calls } = payoutsServer([buildJob()]);
    renderPage('/partner/payouts?from=2026-03-01&to=2026-03-31');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      href: 'blob:movehub/payouts',
      download: 'payouts-03-01-2026-to-03-31-2026.csv',
    });
    const csv = calls.find((c) => c.path === '/api/company/payouts_csv')!;
    expect(csv.method).toBe('GET');
    expect(csv.query).toEqual({ from: '03-01-2026', to: '03-31-2026' });
    expect(csv.headers[AUTH_HEADER]).toBe('company-token');
  });

  it("shows the server's message when the CSV cannot be made", async () => {
    payoutsServer([buildJob()], { csvStatus: 500 });
    renderPage();
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(getToast()?.message).toBe('The export failed.'));
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('loads the older jobs below the table, keeping the totals of the whole range', async () => {
    const jobs = Array.from({ length: PAYOUTS_PAGE_SIZE + 3 }, (_, i) =>
      buildJob({ request_id: 900 - i, customer_name: `Customer ${900 - i}` }),
    );
    const { calls } = payoutsServer(jobs);
    renderPage();
    const first = within(await table()).getAllByRole('row');
    // Header, a page of jobs, the total.
    expect(first).toHaveLength(PAYOUTS_PAGE_SIZE + 2);
    expect(screen.getByRole('table')).not.toHaveTextContent('#878');
    const totals = screen.getByLabelText('Totals');
    expect(totals).toHaveTextContent(
      `Net to company$${(525 * jobs.length).toLocaleString('en-US')}.00`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(jobs.length + 2),
    );
    expect(screen.getByRole('table')).toHaveTextContent('#878');
    expect(calls.at(-1)?.body).toEqual({
      limit: PAYOUTS_PAGE_SIZE,
      before_id: 900 - PAYOUTS_PAGE_SIZE + 1,
    });
    expect(totals).toHaveTextContent(
      `Net to company$${(525 * jobs.length).toLocaleString('en-US')}.00`,
    );
    // The last page said there is no other: no button is left.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says where payouts come from when there are none', async () => {
    payoutsServer([]);
    renderPage();
    expect(await screen.findByText(NO_PAYOUTS_MESSAGE)).toBeInTheDocument();
  });

  it('shows the error with Try again when the payouts cannot be loaded', async () => {
    payoutsServer([], { fail: true });
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('.MuiAlert-root')).toHaveTextContent('Something went wrong.');
  });
});
