import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@movehub/shared';
import { stubFetch } from '../../../test/fetch-stub';
import { buildCounts } from '../../../test/fixtures';
import { preloadScreens, renderApp } from '../../../test/render';
import { dashboardStubs, signInCustomer } from '../../../test/sessions';

beforeAll(() => preloadScreens('/dashboard/congratulations', '/dashboard/my-requests'), 60_000);

describe('CongratulationsPage', () => {
  it('says the request went to licensed and insured companies, and leads to /dashboard', async () => {
    const user = userEvent.setup();
    signInCustomer();
    stubFetch({
      ...dashboardStubs(),
      'POST /api/customer/get_customer_request': {
        code: 200,
        data: [],
        request_count: buildCounts(),
        next_before_id: null,
      },
    });
    const { router } = renderApp('/dashboard/congratulations');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Congratulations!' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Your request has been sent to the best licensed and insured moving companies in your area. You will soon receive bids with price ranges.',
      ),
    ).toBeVisible();
    expect(document.title).toBe('Congratulations | MoveHub');

    await user.click(screen.getByRole('button', { name: 'go to my requests page' }));
    // /dashboard is the customer's requests (the route table sends it on to my-requests).
    expect(await screen.findByText(MSG.noRequests)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-requests'));
  });
});
