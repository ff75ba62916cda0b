import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_HEADER,
  JOB_STAGES,
  type JobCounts,
  type JobStage,
  type JobSummary,
} from '@movehub/shared';
import { setSession } from '../../lib/storage';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildCompanyUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { JOBS_PAGE_SIZE } from './jobs-api';
import { NO_JOBS_MESSAGE, NO_STAGE_JOBS_MESSAGE } from './jobs-page';

function buildJob(overrides: Partial<JobSummary> = {}): JobSummary {
  return {
    id: 401,
    stage: 'paid',
    request_timeline_status: 3,
    request_status: 0,
    additional_status: 0,
    is_direct: false,
    s_date: '03-15-2026',
    s_time: '8AM - 12PM Morning',
    start_window_from: null,
    start_window_to: null,
    move_type: '1 Bedroom',
    movers: 2,
    request_address: [
      {
        id: 1,
        address_type: 1,
        complete_address: '350 S Grand Ave, Los Angeles, CA 90071',
        zip_code: '90071',
        latitude: 34.05,
        longitude: -118.25,
      },
      {
        id: 2,
        address_type: 2,
        complete_address: '100 Ocean Ave, Santa Monica, CA 90402',
        zip_code: '90402',
        latitude: null,
        longitude: null,
      },
    ],
    item_count: 12,
    packing_count: 20,
    final_amount: 525,
    customer: {
      first_name: 'Robin',
      last_name: 'Hart',
      email: 'robin@example.com',
      phone: '+13105550101',
    },
    ...overrides,
  };
}

/** A fake API holding the company's jobs, answering by stage and page as the server does. */
function jobsServer(jobs: JobSummary[], failing = false, extra: Record<string, StubHandler> = {}) {
  return stubFetch({
    ...extra,
    'POST /api/company/jobs': (body) => {
      if (failing) return { code: 500, message: 'Something went wrong.' };
      const {
        stage,
        before_id: beforeId,
        limit,
      } = body as {
        stage?: JobStage;
        before_id?: number;
        limit: number;
      };
      const counts = Object.fromEntries(
        JOB_STAGES.map((s) => [s, jobs.filter((j) => j.stage === s).length]),
      ) as JobCounts;
      const older = jobs.filter(
        (j) => (stage === undefined || j.stage === stage) && (!beforeId || j.id < beforeId),
      );
      const items = older.slice(0, limit);
      // One row more than the page names the next page, as the server does.
      const next_before_id = older.length > limit ? items.at(-1)!.id : null;
      return { code: 200, data: { counts, items }, next_before_id };
    },
  });
}

function renderPage(at = '/partner/jobs') {
  setSession('company-token', buildCompanyUser(), 'partner');
  return renderApp(at);
}

const card = (id: number) =>
  screen.findByRole('article', { name: new RegExp(`^Request #${id}\\b`) });

beforeAll(() => preloadScreens('/partner/jobs', '/partner/jobs/402'), 60_000);

describe('JobsPage', () => {
  it("shows the stages with their counts and each job's date, window, addresses, type, amount, customer and status", async () => {
    const { calls } = jobsServer([
      buildJob({ id: 403, stage: 'awaiting_payment', request_timeline_status: 2 }),
      buildJob({ id: 402 }),
      buildJob({
        id: 401,
        stage: 'cancelled',
        request_timeline_status: 11,
        request_status: 2,
        customer: { first_name: 'Sam', last_name: 'Lee', email: null, phone: null },
      }),
    ]);
    renderPage();

    const paid = within(await card(402));
    expect(paid.getByText('Request #402 · 1 Bedroom')).toBeInTheDocument();
    expect(paid.getByText('Mar 15th 26')).toBeInTheDocument();
    expect(paid.getByText('8AM - 12PM Morning')).toBeInTheDocument();
    expect(paid.getByText(/350 S Grand Ave, Los Angeles/)).toBeInTheDocument();
    expect(paid.getByText(/100 Ocean Ave, Santa Monica/)).toBeInTheDocument();
    expect(paid.getByText('$525')).toBeInTheDocument();
    expect(paid.getByText('Robin Hart')).toBeInTheDocument();
    expect(paid.getByText('robin@example.com')).toBeInTheDocument();
    expect(paid.getByText('Paid and waiting for move')).toBeInTheDocument();
    // The pieces to carry and the packing materials, apart; the phone as every screen prints it.
    expect(paid.getByText('12')).toBeInTheDocument();
    expect(paid.getByText('20')).toBeInTheDocument();
    expect(paid.getByText('Packing materials')).toBeInTheDocument();
    expect(paid.getByText('(310) 555-0101')).toBeInTheDocument();

    const cancelled = within(await card(401));
    expect(cancelled.getByText('Sam Lee')).toBeInTheDocument();
    expect(cancelled.queryByText('Email')).toBeNull();
    expect(cancelled.getByText('Request Cancelled')).toBeInTheDocument();

    const tabs = screen.getByRole('tablist', { name: 'Job stage' });
    expect(within(tabs).getByRole('tab', { name: 'All (3)', selected: true })).toBeInTheDocument();
    expect(
      within(tabs).getByRole('tab', { name: 'Won, awaiting payment (1)' }),
    ).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Paid (1)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'In progress (0)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Cancelled (1)' })).toBeInTheDocument();

    const call = calls.find((c) => c.path === '/api/company/jobs')!;
    expect(call.headers[AUTH_HEADER]).toBe('company-token');
    expect(call.body).toEqual({ limit: JOBS_PAGE_SIZE });
  });

  it("opens a job's detail from its card", async () => {
    // The detail screen asks for the job it opened (here gone by then: its not-found state).
    const { calls } = jobsServer([buildJob({ id: 402 })], false, {
      'POST /api/company/job_detail': { code: 404, message: 'This request was not found.' },
    });
    const { router } = renderPage();
    const job = within(await card(402));
    await userEvent.click(job.getByRole('link', { name: 'Open job #402' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Job not found' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/partner/jobs/402');
    expect(calls.find((c) => c.path === '/api/company/job_detail')?.body).toEqual({
      request_id: 402,
    });
  });

  it('lists one stage when its tab is chosen, and keeps the stage in the address', async () => {
    const { calls } = jobsServer([
      buildJob({ id: 403, stage: 'awaiting_payment', request_timeline_status: 2 }),
      buildJob({ id: 402 }),
    ]);
    const { router } = renderPage();
    await card(403);

    await userEvent.click(screen.getByRole('tab', { name: 'Paid (1)' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /^Request #403\b/ })).toBeNull(),
    );
    expect(await card(402)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Paid (1)', selected: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?stage=paid');
    expect(calls.at(-1)?.body).toEqual({ stage: 'paid', limit: JOBS_PAGE_SIZE });
  });

  it('says so when a stage, or the whole list, is empty', async () => {
    jobsServer([buildJob({ id: 402 })]);
    renderPage('/partner/jobs?stage=in_progress');
    expect(await screen.findByText(NO_STAGE_JOBS_MESSAGE)).toBeInTheDocument();
    expect(
      screen.getByRole('tab', { name: 'In progress (0)', selected: true }),
    ).toBeInTheDocument();
  });

  it('says where jobs come from when the company has none', async () => {
    jobsServer([]);
    renderPage();
    expect(await screen.findByText(NO_JOBS_MESSAGE)).toBeInTheDocument();
  });

  it('loads older jobs with Load more', async () => {
    const many = Array.from({ length: JOBS_PAGE_SIZE + 2 }, (_, i) => buildJob({ id: 900 - i }));
    jobsServer(many);
    renderPage();
    await card(900);
    expect(screen.queryByRole('article', { name: /^Request #879\b/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await card(879)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(JOBS_PAGE_SIZE + 2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the error with Try again when the jobs cannot be loaded', async () => {
    jobsServer([], true);
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="tabpanel"]')).toHaveTextContent('Something went wrong.');
  });
});
