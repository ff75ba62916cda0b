import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADER, type ForemanJob } from '@movehub/shared';
import { setSession } from '../../lib/storage';
import { fakeSocketWrapper } from '../../test/fake-socket';
import { stubFetch } from '../../test/fetch-stub';
import { preloadScreens, renderApp } from '../../test/render';
import { EMPTY_SECTION_TEXT, NO_FOREMAN_JOBS_MESSAGE } from './foreman-jobs-page';
import { buildForemanJob, buildForemanJobDetail, buildForemanUser } from './foreman-test-data';

function renderPage(
  lists: { today?: ForemanJob[]; upcoming?: ForemanJob[]; recent?: ForemanJob[] },
  code = 200,
) {
  const stub = stubFetch({
    // The job a card opens.
    'POST /api/foreman/job_detail': (body) => ({
      code: 200,
      data: buildForemanJobDetail({ id: (body as { request_id: number }).request_id }),
    }),
    'POST /api/foreman/jobs':
      code === 200
        ? {
            code,
            data: {
              today_date: '2026-03-15',
              today: lists.today ?? [],
              upcoming: lists.upcoming ?? [],
              recent: lists.recent ?? [],
            },
          }
        : { code, message: 'Something went wrong.' },
  });
  setSession('foreman-token', buildForemanUser(), 'partner');
  const view = renderApp('/partner/foreman', { wrapper: fakeSocketWrapper().wrapper });
  return { ...view, calls: stub.calls };
}

const section = (name: RegExp) => screen.findByRole('region', { name });

beforeAll(() => preloadScreens('/partner/foreman', '/partner/foreman/jobs/705'), 60_000);

describe('ForemanJobsPage', () => {
  it("shows today's, upcoming and recently finished jobs as cards, with the foreman's token", async () => {
    const { calls } = renderPage({
      today: [buildForemanJob({ id: 701, request_timeline_status: 5 })],
      upcoming: [
        buildForemanJob({ id: 702, s_date: '03-18-2026', move_date: '2026-03-18' }),
        buildForemanJob({ id: 703, s_date: '03-20-2026', move_date: '2026-03-20' }),
      ],
      recent: [buildForemanJob({ id: 690, request_timeline_status: 6 })],
    });

    const today = within(await section(/^Today/));
    const card = within(today.getByRole('article', { name: /Request #701/ }));
    expect(card.getByText('Move in progress')).toBeInTheDocument();
    expect(card.getByText(/Mar 15th 26 · 8:00 AM - 9:00 AM/)).toBeInTheDocument();
    expect(card.getByText('Customer: Robin')).toBeInTheDocument();
    expect(card.getByText(/350 S Grand Ave/)).toBeInTheDocument();
    expect(card.getByText(/100 Ocean Ave/)).toBeInTheDocument();
    expect(card.getByRole('link')).toHaveAttribute('href', '/partner/foreman/jobs/701');

    const upcoming = within(await section(/^Upcoming \(2\)/));
    expect(upcoming.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'foreman-job-702',
      'foreman-job-703',
    ]);
    const recent = within(await section(/^Recently finished/));
    expect(recent.getByText('Completed, waiting for confirmation')).toBeInTheDocument();

    expect(calls[0]!.headers[AUTH_HEADER]).toBe('foreman-token');
  });

  it('opens a job from its card with the keyboard', async () => {
    const { router } = renderPage({ today: [buildForemanJob({ id: 705 })] });
    const link = within(await screen.findByRole('article', { name: /Request #705/ })).getByRole(
      'link',
    );
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Request #705\b/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/partner/foreman/jobs/705');
  });

  it('says when a section is empty, and when there are no jobs at all', async () => {
    renderPage({ upcoming: [buildForemanJob({ id: 702 })] });
    expect(within(await section(/^Today/)).getByText(EMPTY_SECTION_TEXT.today)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Recently finished/ })).toBeNull();
  });

  it('says where jobs come from when he has none', async () => {
    renderPage({});
    expect(await screen.findByText(NO_FOREMAN_JOBS_MESSAGE)).toBeInTheDocument();
  });

  it('shows the error with Try again when the jobs cannot be loaded', async () => {
    renderPage({}, 500);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
  });
});
