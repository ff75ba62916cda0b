import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { CongratulationsPage } from './congratulations-page';

describe('CongratulationsPage', () => {
  it('says the request went to licensed and insured companies, and leads to /dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(<CongratulationsPage />, {
      path: '/dashboard/congratulations',
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
    expect(
      screen.getByText(
        'Your request has been sent to the best licensed and insured moving companies in your area. You will soon receive bids with price ranges.',
      ),
    ).toBeVisible();
    expect(document.title).toBe('Congratulations | MoveHub');

    await user.click(screen.getByRole('button', { name: 'go to my requests page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
