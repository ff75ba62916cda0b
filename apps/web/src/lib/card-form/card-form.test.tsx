import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@movehub/shared';
import { stubFetch, type StubHandler, type StubReply } from '../../test/fetch-stub';
import { renderComponent } from '../../test/render';
import { getToast } from '../toast';
import { CardForm } from './card-form';
import {
  buildSavedCard,
  cardField,
  SANDBOX_CONFIG,
  tokenReply,
  typeCard,
} from './card-test-helpers';

const ADDED = buildSavedCard({ id: 7 });

function stubCards(handlers: Record<string, StubHandler> = {}) {
  return stubFetch({
    'GET /app_api/payment_config': SANDBOX_CONFIG,
    'POST /app_api/sandbox/tokens': tokenReply(),
    'POST /api/customer/add_card': { code: 200, message: MSG.cardAdded, data: ADDED },
    ...handlers,
  });
}

async function renderForm(props: Parameters<typeof CardForm>[0] = {}) {
  const view = renderComponent(<CardForm {...props} />);
  await screen.findByRole('heading', { name: 'Add Card' });
  return view;
}

const addButton = () => screen.getByRole('button', { name: 'Add Card' });

describe('CardForm', () => {
  it('labels every field and gives it the spec name', async () => {
    stubCards();
    await renderForm();
    const names = Object.values(cardField).map((field) => field().getAttribute('name'));
    expect(names).toEqual([
      'card_number',
      'exp_date',
      'cvv',
      'card_holder_name',
      'address_1',
      'address_2',
      'city',
      'state',
      'zip',
    ]);
  });

  it('masks the card number as #### #### #### ####, the expiry as MM/YY and the CVV to 4 digits', async () => {
    stubCards();
    await renderForm();
    const user = userEvent.setup();

    await user.type(cardField.number(), '4242x4242424242424242');
    expect(cardField.number()).toHaveValue('4242 4242 4242 4242');

    await user.type(cardField.expiry(), '1a234');
    expect(cardField.expiry()).toHaveValue('12/34');

    await user.type(cardField.cvv(), '12345');
    expect(cardField.cvv()).toHaveValue('1234');
  });

  it('shows the spec messages next to the fields and sends nothing while the form is invalid', async () => {
    const { calls } = stubCards();
    await renderForm();
    const user = userEvent.setup();
    await user.click(addButton());

    expect(await screen.findByText(MSG.cardNumberFormat)).toBeInTheDocument();
    // Focus goes to the first invalid field on screen.
    expect(cardField.number()).toHaveFocus();
    expect(screen.getByText(MSG.cardExpiryFormat)).toBeInTheDocument();
    expect(screen.getByText(MSG.cardCvvFormat)).toBeInTheDocument();
    // Holder, address 1, city, state and zip are required; address 2 is optional.
    expect(screen.getAllByText(MSG.cardRequired)).toHaveLength(5);
    expect(cardField.holder()).toHaveAccessibleDescription(MSG.cardRequired);
    expect(cardField.address2()).not.toHaveAttribute('aria-invalid', 'true');

    await user.type(cardField.number(), '4242424242424241');
    await user.type(cardField.expiry(), '0120');
    await user.type(cardField.cvv(), '12');
    await user.click(addButton());
    expect(await screen.findByText(MSG.cardNumberInvalid)).toBeInTheDocument();
    expect(cardField.number()).toHaveFocus();
    expect(screen.getByText(MSG.cardExpiryPast)).toBeInTheDocument();
    expect(cardField.cvv()).toHaveAccessibleDescription(MSG.cardCvvFormat);

    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('tokenises the card, sends only the token to add_card, then locks the form and shows Verified', async () => {
    const { calls } = stubCards();
    const onSaved = vi.fn();
    await renderForm({ onSaved });
    const user = userEvent.setup();
    await typeCard(user);
    await user.click(addButton());

    expect(await screen.findByText('Verified')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([
      '/app_api/sandbox/tokens',
      '/api/customer/add_card',
    ]);
    expect(posts[0]?.body).toMatchObject({
      card_number: '4242 4242 4242 4242',
      exp_date: '12/34',
      cvv: '123',
      card_holder_name: 'Dana Mover',
      address_1: '100 Main St',
      address_2: '',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90001',
    });
    // The tokeniser goes without the session token; add_card carries it and nothing else.
    expect(posts[0]?.headers['x-sh-auth']).toBeUndefined();
    expect(posts[1]?.body).toEqual({ token: 'tok_sandbox_test' });
    expect(onSaved).toHaveBeenCalledWith(ADDED);

    for (const field of Object.values(cardField)) expect(field()).toBeDisabled();
    expect(cardField.number()).toHaveValue('•••• •••• •••• 4242');
    expect(cardField.expiry()).toHaveValue('12/34');
    expect(screen.queryByDisplayValue('4242 4242 4242 4242')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('123')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Card' })).not.toBeInTheDocument();
  });

  it('shows progress and ignores further clicks while the card is being verified', async () => {
    let release: (reply: StubReply) => void = () => {};
    const { calls } = stubCards({
      'POST /api/customer/add_card': () =>
        new Promise<StubReply>((resolve) => {
          release = resolve;
        }),
    });
    await renderForm();
    // Clicks reach the button even once it is disabled, as a fast double click would.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await typeCard(user);
    await user.dblClick(addButton());

    const busy = await screen.findByRole('button', { name: 'Verifying card…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    // Enter in a field submits the form without the button.
    await user.type(cardField.zip(), '{Enter}');

    release({ code: 200, data: ADDED });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/app_api/sandbox/tokens')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/customer/add_card')).toHaveLength(1);
  });

  it('shows the server message of a declined card in a banner above the form, not in the toast', async () => {
    const { calls } = stubCards({
      'POST /api/customer/add_card': { code: 400, message: MSG.cardDeclined },
    });
    await renderForm();
    const user = userEvent.setup();
    await typeCard(user, { number: '4000000000000002' });
    await user.click(addButton());

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(MSG.cardDeclined);
    // The banner comes before the fields, and is the only place the message appears.
    expect(
      banner.compareDocumentPosition(cardField.number()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getAllByText(MSG.cardDeclined)).toHaveLength(1);
    expect(getToast()).toBeNull();
    // Nothing locked: the customer can correct the card and try again.
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(cardField.number()).toBeEnabled();
    expect(addButton()).toBeEnabled();

    await user.clear(cardField.number());
    await user.type(cardField.number(), '4242424242424242');
    calls.length = 0;
    stubCards();
    await user.click(addButton());
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText(MSG.cardDeclined)).not.toBeInTheDocument();
  });

  it("shows the provider's message in a notice when the card cannot be tokenised, and never calls add_card", async () => {
    const { calls } = stubCards({
      'POST /app_api/sandbox/tokens': { code: 400, message: MSG.cardProcessingError },
    });
    await renderForm();
    const user = userEvent.setup();
    await typeCard(user);
    await user.click(addButton());

    await waitFor(() =>
      expect(getToast()).toMatchObject({ message: MSG.cardProcessingError, severity: 'error' }),
    );
    expect(await screen.findByText(MSG.cardProcessingError)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/customer/add_card')).toBe(false);
    expect(addButton()).toBeEnabled();
    expect(cardField.number()).toBeEnabled();
  });

  it('shows a saved card locked and verified, with only its last digits', async () => {
    stubCards();
    await renderForm({
      savedCard: buildSavedCard({ last4: '4444', exp_month: 3, exp_year: 2031 }),
    });

    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(cardField.number()).toHaveValue('•••• •••• •••• 4444');
    expect(cardField.expiry()).toHaveValue('03/31');
    expect(cardField.holder()).toHaveValue('Dana Mover');
    for (const field of Object.values(cardField)) expect(field()).toBeDisabled();
  });
});
