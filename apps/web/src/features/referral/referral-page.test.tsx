import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { buildUser } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { dashboardStubs, signInCustomer } from '../../test/sessions';

function renderReferral(code: string | null) {
  signInCustomer(buildUser({ invite_friend_code: 'STALE' }));
  stubFetch({
    ...dashboardStubs(),
    'GET /api/customer/profile_customer': {
      code: 200,
      profile: buildUser({ invite_friend_code: code }),
      customer_rating: 4.5,
    },
  });
  return renderApp('/dashboard/refferral-program');
}

beforeAll(() => preloadScreens('/dashboard/refferral-program'), 60_000);

describe('ReferralPage', () => {
  it('shows the 5% badge, the offer and the invite code with its registration link', async () => {
    renderReferral('DANA5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Refferral Program' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5% off' })).toHaveTextContent('5%');
    expect(screen.getByText(/5% off when they take their first move/)).toBeInTheDocument();
    expect(await screen.findByText('DANA5')).toBeInTheDocument();
    expect(screen.getByLabelText('Your invite link')).toHaveValue(
      `${window.location.origin}/register/DANA5`,
    );
  });

  it('copies {origin}/register/{code} and says Copied', async () => {
    renderReferral('DANA5');
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register/DANA5`);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied the invite link');
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/register/DANA5`,
    );
  });

  it('says so when the clipboard refuses, leaving the link to select', async () => {
    renderReferral('DANA5');
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('We could not copy the link.'),
    );
  });

  it('says the code is not there yet when the profile has none', async () => {
    renderReferral(null);
    expect(await screen.findByText('Your invite code is not available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });
});
