import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type RequestDetail, type SavedCard } from '@movehub/shared';
import { getToast } from '../../lib/toast';
import { buildSavedCard, cardsReply } from '../../lib/card-form/card-test-helpers';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { buildRequestDetail } from '../../test/fixtures';
import { preloadScreens, renderApp } from '../../test/render';
import { customerHomeStubs, GEO_CONFIG_STUB, signInCustomer } from '../../test/sessions';
import { RETURN_TEXT } from '../../lib/card-form/my-cards-path';
import { AGREE_TERMS_REQUIRED, ANOTHER_CARD, RELEASED_TEXT } from './make-payment-page';
import { rememberPaidInSession } from './paid-in-session';

const DETAIL = 'POST /api/customer/customer_request_detail';
const CARDS = 'POST /api/customer/checking_card_exist';
const PAY = 'POST /api/customer/make_payment';
const PAYMENT_PATH = '/dashboard/my-requests/make-payment/42';

afterEach(() => window.sessionStorage.clear());

const at = (status: number, request: Partial<RequestDetail['request']> = {}) =>
  buildRequestDetail({
    request: { id: 42, request_timeline_status: status, final_amount: 500, ...request },
  });

function stubServer(
  detail: RequestDetail,
  cards: SavedCard[] = [buildSavedCard({ last4: '4242' })],
  more: Record<string, StubHandler> = {},
) {
  return stubFetch({
    // The dashboard's own calls, and where the screen leads: My Requests, the detail (its map).
    ...customerHomeStubs(),
    'GET /api/geo/config': GEO_CONFIG_STUB,
    [DETAIL]: { code: 200, data: detail },
    [CARDS]: cardsReply(cards),
    ...more,
  });
}

/** The payment screen, opened from My Requests. */
function renderPayment() {
  signInCustomer();
  return renderApp(['/dashboard/my-requests', '/dashboard/my-requests/make-payment/42']);
}

async function section(name: string) {
  const heading = await screen.findByRole('heading', { name });
  const box = heading.closest('section');
  if (!box) throw new Error(`section ${name} not found`);
  return within(box);
}

const payButton = () => screen.findByRole('button', { name: /^Pay / });

beforeAll(
  () =>
    preloadScreens(
      '/dashboard/my-requests/make-payment/42',
      '/dashboard/my-requests',
      '/dashboard/my-requests/42',
    ),
  60_000,
);

describe('MakePaymentPage', () => {
  it('shows the saved card, the final price, the processing fee and the total', async () => {
    const { calls } = stubServer(at(2));
    renderPayment();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Make Payment' }),
    ).toBeInTheDocument();
    const card = await section('Saved Card');
    expect(await card.findByText('Visa card ending in 4242')).toBeInTheDocument();
    expect(card.getByText('Expires 12/34')).toBeInTheDocument();

    const price = await section('Price');
    expect(price.getByText('$500.00')).toHaveTextContent('Final Price: $500.00');
    // (500 + 0.30) / 0.971 − 500 = 15.24
    expect(price.getByText('$15.24')).toHaveTextContent('Processing Fee: $15.24');
    expect(price.getByText('$515.24')).toHaveTextContent('Total: $515.24');
    expect(price.queryByText(/Discount/)).not.toBeInTheDocument();
    expect(await payButton()).toHaveTextContent('Pay $515.24');
    expect(calls.find((c) => c.path.endsWith('customer_request_detail'))?.body).toEqual({
      request_id: 42,
    });
  });

  it('shows Discount % and Discounted Price, with the fee on the discounted amount', async () => {
    stubServer(at(2, { discount: 5 }));
    renderPayment();

    const price = await section('Price');
    expect(price.getByText('5%')).toHaveTextContent('Discount %: 5%');
    expect(price.getByText('$475.00')).toHaveTextContent('Discounted Price: $475.00');
    // (475 + 0.30) / 0.971 − 475 = 14.50
    expect(price.getByText('$14.50')).toHaveTextContent('Processing Fee: $14.50');
    expect(price.getByText('$489.50')).toHaveTextContent('Total: $489.50');
  });

  it('shows the terms and the tip to come in the tip and terms area', async () => {
    stubServer(at(2, { discount: 5 }));
    renderPayment();

    const terms = await section('Tip and Terms');
    expect(terms.getByText(/held in escrow/)).toBeInTheDocument();
    expect(terms.getByRole('link', { name: 'Cancellation policy' })).toHaveAttribute(
      'href',
      '/dashboard/about-us',
    );
    // Tips on the discounted $475, in whole dollars: 12% → $57, 15% → $71, 20% → $95.
    expect(terms.getByText(/12% \(\$57\), 15% \(\$71\), 20% \(\$95\)/)).toBeInTheDocument();
    expect(terms.getByRole('checkbox', { name: 'Agree to terms' })).not.toBeChecked();
  });

  it('refuses to pay until Agree to terms is ticked', async () => {
    const { calls } = stubServer(at(2));
    renderPayment();
    const user = userEvent.setup();

    await user.click(await payButton());
    expect(await screen.findByText(AGREE_TERMS_REQUIRED)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('make_payment'))).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Agree to terms' }));
    expect(screen.queryByText(AGREE_TERMS_REQUIRED)).not.toBeInTheDocument();
  });

  it('pays the total shown and goes to the request detail', async () => {
    const { calls } = stubServer(at(2, { discount: 5 }), undefined, {
      [PAY]: {
        code: 200,
        message: 'Your payment is held in escrow until you confirm the move.',
        data: {
          request_id: 42,
          request_timeline_status: 3,
          final_amount: 500,
          discount: 5,
          discounted_amount: 475,
          processing_fee: 14.5,
          price: 489.5,
        },
      },
    });
    const { router } = renderPayment();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Agree to terms' }));
    await user.click(await payButton());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request DETAIL' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests/42');
    expect(calls.find((c) => c.path.endsWith('make_payment'))?.body).toEqual({
      request_id: 42,
      price: 489.5,
    });
    expect(getToast()).toMatchObject({
      message: 'Your payment is held in escrow until you confirm the move.',
      severity: 'success',
    });
  });

  it('after paying in this session, shows the success state instead of leaving', async () => {
    rememberPaidInSession(42);
    stubServer(at(3));
    renderPayment();

    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View request' })).toHaveAttribute(
      'href',
      '/dashboard/my-requests/42',
    );
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('after paying in this session and confirming the move, says the payment was released', async () => {
    rememberPaidInSession(42);
    stubServer(
      buildRequestDetail({
        request: { id: 42, request_timeline_status: 7, final_amount: 500 },
        bid_Accepted_company: {
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
        },
      }),
    );
    renderPayment();

    expect(await screen.findByRole('heading', { name: 'Payment released' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Request #42: ${RELEASED_TEXT('Swift Movers')}`,
    );
    expect(screen.queryByText(/held in escrow/)).not.toBeInTheDocument();
  });

  it('after paying in this session and cancelling, goes back to My Requests', async () => {
    // The detail's cancel goes Back to this screen: the refunded payment is no success to show.
    rememberPaidInSession(42);
    stubServer(at(11, { request_status: 2 }));
    const { router } = renderPayment();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests');
    expect(screen.queryByText('Payment successful')).not.toBeInTheDocument();
  });

  it.each([1, 3, 11])('goes back to My Requests at status %i', async (status) => {
    stubServer(at(status));
    const { router } = renderPayment();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Requests' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests');
  });

  it('with no saved card says so, links to Add Card and does not pay', async () => {
    const { calls } = stubServer(at(2), []);
    renderPayment();

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(`${MSG.noActiveCard} Add Card`);
    // My Cards comes back here once the card is saved (decision 041).
    expect(within(banner).getByRole('link', { name: 'Add Card' })).toHaveAttribute(
      'href',
      `/dashboard/my-cards?return_to=${encodeURIComponent(PAYMENT_PATH)}`,
    );
    expect(await payButton()).toBeDisabled();
    expect(calls.some((c) => c.path.endsWith('make_payment'))).toBe(false);
  });

  it('shows a refusal in the error banner and stays on the screen unchanged', async () => {
    stubServer(at(2), undefined, {
      [PAY]: { code: 400, message: 'The amount must be above zero.' },
    });
    const { router } = renderPayment();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Agree to terms' }));
    await user.click(await payButton());

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('The amount must be above zero.');
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-requests/make-payment/42');
    await waitFor(async () => expect(await payButton()).toBeEnabled());
    expect((await section('Price')).getByText('$515.24')).toBeInTheDocument();
  });

  it('offers another card after a declined charge, and comes back to pay with it', async () => {
    let cards = [buildSavedCard({ last4: '0341' })];
    const declined = { code: 400, message: 'Your card was declined.', card_declined: true };
    stubServer(at(2), undefined, {
      [PAY]: declined,
      [CARDS]: () => cardsReply(cards),
      'POST /api/customer/delete_card': () => {
        cards = [];
        return { code: 200, message: 'Card deleted.' };
      },
    });
    const { router } = renderPayment();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Agree to terms' }));
    await user.click(await payButton());
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(`Your card was declined. ${ANOTHER_CARD}`);
    await user.click(within(banner).getByRole('link', { name: ANOTHER_CARD }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Cards' })).toBeInTheDocument();
    expect(await screen.findByText(RETURN_TEXT.replace, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: RETURN_TEXT.back })).toHaveAttribute(
      'href',
      PAYMENT_PATH,
    );
    await user.click(screen.getByRole('link', { name: RETURN_TEXT.back }));
    expect(await payButton()).toBeEnabled();
    expect(router.state.location.pathname).toBe(PAYMENT_PATH);
    // Back on the payment, the refusal is gone: the customer decides again.
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
  });

  it('offers Add Card when the server answers that there is no active card', async () => {
    stubServer(at(2), undefined, { [PAY]: { code: 400, message: MSG.noActiveCard } });
    renderPayment();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Agree to terms' }));
    await user.click(await payButton());

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(MSG.noActiveCard);
    expect(within(banner).getByRole('link', { name: 'Add Card' })).toBeInTheDocument();
  });

  it("shows the detail's load failure as 'Error Message: {message}'", async () => {
    stubFetch({
      [DETAIL]: { code: 404, message: 'Request not found.' },
      [CARDS]: cardsReply([]),
    });
    renderPayment();
    expect(await screen.findByText('Error Message: Request not found.')).toBeInTheDocument();
  });
});
