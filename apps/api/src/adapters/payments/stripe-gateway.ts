import Stripe from 'stripe';
import { GatewayError, type CardDetails, type PaymentGateway, type PaymentNotice } from './gateway';

/** Stripe: a Customer per customer, PaymentMethods from the browser's token, PaymentIntents,
 * refunds and Connect transfers. The SDK retries network faults with the same idempotency key. */
export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(secretKey: string) {
    this.stripe = new Stripe(secretKey, { timeout: 20_000, maxNetworkRetries: 2 });
  }

  async createCustomer(opts: { userId: number; email: string; name: string }): Promise<string> {
    return this.call(async () => {
      const customer = await this.stripe.customers.create(
        { email: opts.email, name: opts.name, metadata: { user_id: String(opts.userId) } },
        { idempotencyKey: `customer:${opts.userId}` },
      );
      return customer.id;
    });
  }

  async attachCard(opts: { customerRef: string; token: string }): Promise<CardDetails> {
    return this.call(async () => {
      const method = await this.stripe.paymentMethods.create({
        type: 'card',
        card: { token: opts.token },
      });
      const attached = await this.stripe.paymentMethods.attach(method.id, {
        customer: opts.customerRef,
      });
      const card = attached.card;
      if (!card) throw new GatewayError('invalid', 'The token is not a card.');
      return {
        ref: attached.id,
        brand: brandName(card.brand),
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        holderName: attached.billing_details.name,
      };
    });
  }

  async detachCard(opts: { cardRef: string }): Promise<void> {
    await this.call(() => this.stripe.paymentMethods.detach(opts.cardRef));
  }

  async charge(opts: {
    customerRef: string;
    cardRef: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<{ ref: string }> {
    return this.call(async () => {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: opts.amountCents,
          currency: 'usd',
          customer: opts.customerRef,
          payment_method: opts.cardRef,
          off_session: true,
          confirm: true,
          description: opts.description,
          // Lets the webhook find the product's payment for this intent.
          metadata: { idempotency_key: opts.idempotencyKey },
        },
        { idempotencyKey: opts.idempotencyKey },
      );
      if (intent.status !== 'succeeded') {
        throw new GatewayError('declined', 'The payment could not be completed.');
      }
      return { ref: intent.id };
    });
  }

  async refund(opts: {
    chargeRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ref: string }> {
    return this.call(async () => {
      const refund = await this.stripe.refunds.create(
        { payment_intent: opts.chargeRef, amount: opts.amountCents },
        { idempotencyKey: opts.idempotencyKey },
      );
      return { ref: refund.id };
    });
  }

  async transfer(opts: {
    destination: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<{ ref: string }> {
    return this.call(async () => {
      const transfer = await this.stripe.transfers.create(
        {
          amount: opts.amountCents,
          currency: 'usd',
          destination: opts.destination,
          description: opts.description,
        },
        { idempotencyKey: opts.idempotencyKey },
      );
      return { ref: transfer.id };
    });
  }

  /**
   * A webhook event: the signature is checked against the raw bytes, only the object's id is
   * taken from the payload, and the intent is fetched again before anything is believed.
   */
  async readPaymentNotice(opts: {
    rawBody: Buffer;
    signature: string;
    secret: string;
  }): Promise<PaymentNotice | null> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(opts.rawBody, opts.signature, opts.secret);
    } catch {
      throw new GatewayError('invalid', 'Invalid Stripe signature.');
    }
    if (!event.type.startsWith('payment_intent.')) return null;
    const { id } = event.data.object as { id: string };
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(id));
    const key = intent.metadata?.idempotency_key;
    if (!key) return null;
    const outcome =
      intent.status === 'succeeded'
        ? 'succeeded'
        : intent.status === 'canceled' || intent.status === 'requires_payment_method'
          ? 'failed'
          : 'pending';
    return { idempotencyKey: key, ref: intent.id, outcome, status: intent.status };
  }

  /** Maps Stripe's errors onto the three kinds the product distinguishes. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      if (err instanceof Stripe.errors.StripeCardError)
        throw new GatewayError('declined', err.message);
      if (err instanceof Stripe.errors.StripeInvalidRequestError)
        throw new GatewayError('invalid', err.message);
      throw new GatewayError('unavailable', 'The payment provider did not answer.');
    }
  }
}

function brandName(brand: string): string {
  if (brand === 'visa') return 'Visa';
  if (brand === 'mastercard') return 'MasterCard';
  if (brand === 'amex') return 'American Express';
  if (brand === 'discover') return 'Discover';
  return 'Other';
}
