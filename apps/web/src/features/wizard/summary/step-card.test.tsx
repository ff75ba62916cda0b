import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type SavedCard } from '@movehub/shared';
import { setSession } from '../../../lib/storage';
import { stubFetch, type StubReply } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import {
  buildSavedCard,
  cardsReply,
  SANDBOX_CONFIG,
  tokenReply,
  typeCard,
} from '../../../lib/card-form/card-test-helpers';
import { Screen } from '../draft';
import { StepCard } from './step-card';
import { renderStep } from '../test-wizard';

/** A server holding the customer's one card, as the real one does. */
function stubCards(initial: SavedCard | null) {
  let saved = initial;
  return stubFetch({
    'GET /app_api/payment_config': SANDBOX_CONFIG,
    'POST /api/customer/checking_card_exist': () => cardsReply(saved ? [saved] : []),
    'POST /app_api/sandbox/tokens': tokenReply(),
    'POST /api/customer/add_card': (): StubReply => {
      saved = buildSavedCard({ id: 9 });
      return { code: 200, message: MSG.cardAdded, data: saved };
    },
  });
}

const renderCardStep = () => renderStep(<StepCard />, { draft: { screen: Screen.card } });

describe('StepCard', () => {
  it('tells a visitor the card is added after logging in, with Prev back to the summary', async () => {
    const { calls } = stubCards(null);
    const user = userEvent.setup();
    const view = renderCardStep();

    expect(screen.getByRole('heading', { level: 1, name: 'Add card' })).toBeVisible();
    expect(screen.getByText(/Your card is added after you log in\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(view.latest().screen).toBe(Screen.summary);
    expect(calls).toHaveLength(0);
  });

  it('shows the saved card as Verified with a Next back to the summary', async () => {
    setSession('token-123', buildUser());
    stubCards(buildSavedCard({ last4: '4242' }));
    const user = userEvent.setup();
    const view = renderCardStep();

    expect(await screen.findByText('Visa card ending in 4242')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(view.latest().screen).toBe(Screen.summary);
  });

  it('shows the card form without Next until a card is added and verified', async () => {
    setSession('token-123', buildUser());
    const { calls } = stubCards(null);
    const user = userEvent.setup();
    renderCardStep();

    await screen.findByLabelText('Card number');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Add Card' }));

    expect(await screen.findByRole('button', { name: 'Next' })).toBeVisible();
    expect(screen.getByText('Verified')).toBeVisible();
    await waitFor(() => expect(screen.getByText('Visa card ending in 4242')).toBeInTheDocument());
    expect(calls.filter((call) => call.path === '/api/customer/add_card')).toHaveLength(1);
  });
});
