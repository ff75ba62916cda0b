import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, type SavedCard } from '@movehub/shared';
import { getToast } from '../../lib/toast';
import { stubFetch, type StubHandler, type StubReply } from '../../test/fetch-stub';
import { preloadScreens, renderApp } from '../../test/render';
import { buildRequestDetail } from '../../test/fixtures';
import { myCardsPath, RETURN_TEXT } from '../../lib/card-form/my-cards-path';
import { dashboardStubs, screenCalls, signInCustomer } from '../../test/sessions';
import {
  buildSavedCard,
  cardField,
  cardsReply,
  SANDBOX_CONFIG,
  tokenReply,
  typeCard,
} from '../../lib/card-form/card-test-helpers';

/** A fake server holding the customer's one card, as the real one does. */
function stubServer(initial: SavedCard | null, handlers: Record<string, StubHandler> = {}) {
  let saved = initial;
  const stub = stubFetch({
    ...dashboardStubs(),
    'GET /app_api/payment_config': SANDBOX_CONFIG,
    'POST /api/customer/checking_card_exist': () => cardsReply(saved ? [saved] : []),
    'POST /app_api/sandbox/tokens': tokenReply(),
    'POST /api/customer/add_card': (): StubReply => {
      saved = buildSavedCard({ id: 9 });
      return { code: 200, message: MSG.cardAdded, data: saved };
    },
    'POST /api/customer/delete_card': (): StubReply => {
      saved = null;
      return { code: 200, message: MSG.cardDeleted };
    },
    ...handlers,
  });
  const listCalls = () =>
    stub.calls.filter((call) => call.path === '/api/customer/checking_card_exist').length;
  return { ...stub, listCalls };
}

function renderMyCards() {
  signInCustomer();
  return renderApp('/dashboard/my-cards');
}

beforeAll(
  () => preloadScreens('/dashboard/my-cards', '/dashboard/my-requests/make-payment/42'),
  60_000,
);

describe('MyCardsPage', () => {
  it('shows the Add Card form when no card is saved', async () => {
    const { calls } = stubServer(null);
    renderMyCards();

    expect(await screen.findByRole('heading', { level: 1, name: 'My Cards' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading your card')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Add Card' })).toBeInTheDocument();
    expect(cardField.number()).toBeEnabled();
    expect(cardField.number()).toHaveValue('');
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(screenCalls(calls)[0]).toMatchObject({
      path: '/api/customer/checking_card_exist',
      body: {},
    });
  });

  it('shows a saved card with Verified, its brand and only its last digits', async () => {
    stubServer(buildSavedCard({ last4: '4242', exp_month: 12, exp_year: 2034 }));
    renderMyCards();

    const card = await screen.findByRole('region', { name: 'Saved card' });
    const inCard = within(card);
    expect(inCard.getByText('Verified')).toBeInTheDocument();
    expect(inCard.getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(inCard.getByText('•••• 4242')).toBeInTheDocument();
    expect(inCard.getByText('Visa card ending in 4242')).toBeInTheDocument();
    expect(inCard.getByText('Expires 12/34')).toBeInTheDocument();
    expect(inCard.getByText('Dana Mover')).toBeInTheDocument();
    expect(inCard.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/4242\s*4242/);
    expect(screen.queryByRole('heading', { name: 'Add Card' })).not.toBeInTheDocument();
  });

  it.each([
    ['MasterCard', '4444', 'MasterCard'],
    ['American Express', '0005', 'American Express'],
    ['Other', '0000', 'Card'],
  ])('names the %s brand on its icon', async (brand, last4, label) => {
    stubServer(buildSavedCard({ brand, last4 }));
    renderMyCards();
    expect(await screen.findByRole('img', { name: label })).toBeInTheDocument();
    expect(screen.getByText(`•••• ${last4}`)).toBeInTheDocument();
  });

  it('adds a card: the form locks with Verified and the refetched list shows the saved card', async () => {
    const { listCalls } = stubServer(null);
    renderMyCards();
    await screen.findByRole('heading', { name: 'Add Card' });
    const user = userEvent.setup();
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Add Card' }));

    const card = await screen.findByRole('region', { name: 'Saved card' });
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).getByText('•••• 4242')).toBeInTheDocument();
    expect(listCalls()).toBe(2);
    expect(screen.queryByDisplayValue('4242 4242 4242 4242')).not.toBeInTheDocument();
  });

  it("asks 'Delete Card' first; No keeps the card", async () => {
    const { calls } = stubServer(buildSavedCard());
    renderMyCards();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: MSG.deleteCardTitle });
    expect(dialog).toHaveAccessibleDescription(MSG.deleteCardConfirm);
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Saved card' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/customer/delete_card')).toBe(false);
  });

  it('deletes the card on Yes: the form comes back empty and unlocked and the list is refetched', async () => {
    const { calls, listCalls } = stubServer(buildSavedCard());
    renderMyCards();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect(await screen.findByRole('heading', { name: 'Add Card' })).toBeInTheDocument();
    // The call takes no body (the route table's delete_card): the session says whose card.
    expect(calls.find((call) => call.path === '/api/customer/delete_card')?.body).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    for (const field of Object.values(cardField)) {
      expect(field()).toBeEnabled();
      expect(field()).toHaveValue('');
    }
    await waitFor(() => expect(listCalls()).toBe(2));
    // Focus moves into the new form, since the Delete button it came from is gone.
    await waitFor(() => expect(cardField.number()).toHaveFocus());
  });

  it('ends the loading with no message when the delete fails', async () => {
    let answer: (reply: StubReply) => void = () => {};
    stubServer(buildSavedCard(), {
      'POST /api/customer/delete_card': () =>
        new Promise<StubReply>((resolve) => {
          answer = resolve;
        }),
    });
    renderMyCards();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yes' })).toBeDisabled());

    answer({ code: 500, message: MSG.internal });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yes' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'No' })).toBeEnabled();
    expect(getToast()).toBeNull();
    expect(screen.queryByText(MSG.internal)).not.toBeInTheDocument();
    // The card stays (behind the still open dialog, which hides it from the accessibility tree).
    expect(screen.getByRole('region', { name: 'Saved card', hidden: true })).toBeInTheDocument();
  });

  it('offers to try again when the card cannot be loaded', async () => {
    let fail = true;
    stubServer(null, {
      'POST /api/customer/checking_card_exist': () =>
        fail ? { code: 500, message: MSG.internal } : cardsReply([]),
    });
    renderMyCards();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('heading', { name: 'Add Card' })).toBeInTheDocument();
  });
});

describe('MyCardsPage sent by a payment (decision 041)', () => {
  const PAYMENT = '/dashboard/my-requests/make-payment/42';

  it('goes back to the payment once a card is added', async () => {
    stubServer(null, {
      'POST /api/customer/customer_request_detail': {
        code: 200,
        data: buildRequestDetail({
          request: { id: 42, request_timeline_status: 2, final_amount: 500 },
        }),
      },
    });
    signInCustomer();
    const { router } = renderApp(myCardsPath(PAYMENT));
    const user = userEvent.setup();

    expect(await screen.findByText(RETURN_TEXT.add, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: RETURN_TEXT.back })).toHaveAttribute('href', PAYMENT);
    await screen.findByRole('heading', { name: 'Add Card' });
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Add Card' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Make Payment' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PAYMENT);
    expect(await screen.findByText('Visa card ending in 4242')).toBeInTheDocument();
  });

  it('says how to change a saved card before going back', async () => {
    stubServer(buildSavedCard());
    signInCustomer();
    renderApp(myCardsPath(PAYMENT));
    expect(await screen.findByText(RETURN_TEXT.replace, { exact: false })).toBeInTheDocument();
  });

  it("ignores a return path that is not one of a request's payment screens", async () => {
    stubServer(null);
    signInCustomer();
    const { router } = renderApp(
      `/dashboard/my-cards?return_to=${encodeURIComponent('https://evil.test/pay')}`,
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Add Card' });
    expect(screen.queryByRole('link', { name: RETURN_TEXT.back })).not.toBeInTheDocument();
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Add Card' }));
    expect(await screen.findByRole('region', { name: 'Saved card' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-cards');
  });
});
