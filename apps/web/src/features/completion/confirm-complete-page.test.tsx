import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { TimelineStatus, type RequestDetail } from '@movehub/shared';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { customerHomeStubs, dashboardStubs, signInCustomer } from '../../test/sessions';

const DETAIL = 'POST /api/customer/customer_request_detail';
const CONFIRM = 'POST /api/customer/end_move_confirmation';

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
  movers: 3,
  movers_change: null,
};

const at = (status: number) =>
  buildRequestDetail({
    request: { id: 42, request_timeline_status: status, final_amount: 500, discount: 10 },
    bid_Accepted_company: company,
  });

function renderPage(
  detail: RequestDetail,
  path = '/dashboard/my-requests/confirm-complete/42',
  more: Record<string, StubHandler> = {},
) {
  signInCustomer();
  const stub = stubFetch({
    // The dashboard's own calls, and My Requests, where the page returns.
    ...customerHomeStubs(),
    [DETAIL]: { code: 200, data: detail },
    ...more,
  });
  // Opened from My Requests.
  const view = renderApp(['/dashboard/my-requests', path]);
  return { ...stub, ...view };
}

beforeAll(
  () => preloadScreens('/dashboard/my-requests/confirm-complete/42', '/dashboard/my-requests'),
  60_000,
);

describe('ConfirmCompletePage', () => {
  it('confirms the move at 6, releasing the discounted price, then opens the feedback modal', async () => {
    const { calls } = renderPage(at(TimelineStatus.completedByCompany), undefined, {
      [CONFIRM]: {
        code: 200,
        message: 'Thank you for confirming your move. The payment was released to the company.',
        data: {
          request_id: 42,
          request_timeline_status: 7,
          request_status: 1,
          released_amount: 450,
        },
      },
    });
    const section = within(
      (await screen.findByRole('heading', { name: 'Request #42' })).closest('section')!,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Confirm move and release money' }),
    ).toBeInTheDocument();
    expect(
      section.getByText(/release the \$450\.00 held in escrow to Swift Movers/),
    ).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Confirm move and release money' }));

    const dialog = await screen.findByRole('dialog', { name: 'Feedback' });
    expect(within(dialog).getByText('Request #42')).toBeInTheDocument();
    expect(within(dialog).getByText('How was your move?')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/customer/end_move_confirmation')).toEqual([
      expect.objectContaining({ body: { request_id: 42 } }),
    ]);
    expect(await screen.findByText(/The payment was released/)).toBeInTheDocument();
  });

  it('after the feedback, opens My Requests on the Completed tab, where the move now is', async () => {
    const { router } = renderPage(
      at(TimelineStatus.completed),
      '/dashboard/my-requests/confirm-complete/42?feedback=1',
      {
        'POST /app_api/add_feedback': (body) => ({
          code: 200,
          data: { ...(body as object), request_timeline_status: 8, company_rating: 5 },
        }),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Feedback' });
    // MUI's rating draws its stars over hidden radios; jsdom has no layout for a pointer.
    fireEvent.click(within(dialog).getByLabelText('5 Stars'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByRole('tab', { name: /^Completed/, selected: true }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests');
  });

  it('shows the server message as a banner when the confirmation fails, and no modal', async () => {
    renderPage(at(TimelineStatus.completedByCompany), undefined, {
      [CONFIRM]: { code: 409, message: 'This move has already been confirmed.' },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Confirm move and release money' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This move has already been confirmed.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['in progress (5)', TimelineStatus.inProgress, ''],
    ['completed (7) without the feedback link', TimelineStatus.completed, ''],
    ['feedback given (8)', TimelineStatus.feedbackGiven, '?feedback=1'],
  ])('goes back to My Requests at %s', async (_name, status, query) => {
    const { router } = renderPage(at(status), `/dashboard/my-requests/confirm-complete/42${query}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests');
  });

  it("opens the feedback modal at 7 from the card's 'Leave feedback'", async () => {
    renderPage(
      at(TimelineStatus.completed),
      '/dashboard/my-requests/confirm-complete/42?feedback=1',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Feedback' });
    expect(within(dialog).getByText('Request #42')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The screen stays, with the way back into the modal.
    await userEvent.click(screen.getByRole('button', { name: 'Leave feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('shows a load failure as Error Message', async () => {
    signInCustomer();
    stubFetch({ ...dashboardStubs(), [DETAIL]: { code: 404, message: 'Request not found.' } });
    renderApp('/dashboard/my-requests/confirm-complete/42');
    expect(await screen.findByText('Error Message: Request not found.')).toBeInTheDocument();
  });
});
