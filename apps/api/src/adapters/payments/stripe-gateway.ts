import Stripe from 'stripe';
import {
  GatewayError,
  type CardDetails,
  type PaymentGateway,
  type PaymentNotice,
  type ProviderOperation,
} from './gateway';

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
    reference?: string | null;
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
          // Lets the webhook and the reconciliation find the product's payment for this intent.
          metadata: metadataOf(opts),
        },
        { idempotencyKey: opts.idempotencyKey },
      );
      // Still being processed (some card networks answer later): nothing is known yet, and the
      // movement stays pending until the provider says.
      if (intent.status === 'processing') {
        throw new GatewayError('unavailable', 'The payment provider is still processing it.');
      }
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
    reference?: string | null;
  }): Promise<{ ref: string }> {
    return this.call(async () => {
      const refund = await this.stripe.refunds.create(
        { payment_intent: opts.chargeRef, amount: opts.amountCents, metadata: metadataOf(opts) },
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
    reference?: string | null;
  }): Promise<{ ref: string }> {
    return this.call(async () => {
      const transfer = await this.stripe.transfers.create(
        {
          amount: opts.amountCents,
          currency: 'usd',
          destination: opts.destination,
          description: opts.description,
          metadata: metadataOf(opts),
          ...(opts.reference ? { transfer_group: transferGroup(opts.reference) } : {}),
        },
        { idempotencyKey: opts.idempotencyKey },
      );
      return { ref: transfer.id };
    });
  }

  /**
   * Looks an operation up by the key it was made under (kept in its metadata). Stripe's search is
   * eventually consistent (about a minute), which is why the reconciliation only asks about
   * movements older than that.
   */
  async findOperation(opts: {
    idempotencyKey: string;
    kind: ProviderOperation['kind'];
    reference: string | null;
    customerRef?: string | null;
    since?: Date;
  }): Promise<ProviderOperation | null> {
    if (opts.kind === 'charge' && opts.customerRef) {
      // The customer's intents since the charge was asked for: a list reads what was just
      // written, where the search may not have indexed it yet.
      const intents = await this.call(() =>
        this.stripe.paymentIntents
          .list({
            customer: opts.customerRef!,
            ...(opts.since
              ? { created: { gte: Math.floor(opts.since.getTime() / 1000) - 60 } }
              : {}),
            limit: 100,
          })
          .autoPagingToArray({ limit: 1000 }),
      );
      const intent = intents.find((i) => i.metadata?.idempotency_key === opts.idempotencyKey);
      return intent ? intentOperation(intent) : null;
    }
    if (opts.kind === 'charge') {
      const found = await this.call(() =>
        this.stripe.paymentIntents.search({
          query: `metadata['idempotency_key']:'${opts.idempotencyKey.replace(/'/g, '')}'`,
          limit: 1,
        }),
      );
      const intent = found.data[0];
      return intent ? intentOperation(intent) : null;
    }
    const all = opts.reference ? await this.operationsFor(opts.reference) : [];
    return (
      all.find((op) => op.kind === opts.kind && op.idempotencyKey === opts.idempotencyKey) ?? null
    );
  }

  /** A request's PaymentIntents (by metadata), their refunds, and its transfers (by group). */
  async operationsFor(reference: string): Promise<ProviderOperation[]> {
    return this.call(async () => {
      const operations: ProviderOperation[] = [];
      const intents = await this.stripe.paymentIntents
        .search({ query: `metadata['request_id']:'${reference.replace(/'/g, '')}'`, limit: 100 })
        .autoPagingToArray({ limit: 1000 });
      for (const intent of intents) {
        operations.push(intentOperation(intent));
        const refunds = await this.stripe.refunds
          .list({ payment_intent: intent.id, limit: 100 })
          .autoPagingToArray({ limit: 1000 });
        for (const refund of refunds) {
          operations.push({
            kind: 'refund',
            idempotencyKey: refund.metadata?.idempotency_key ?? null,
            ref: refund.id,
            amountCents: refund.amount,
            status:
              refund.status === 'succeeded'
                ? 'succeeded'
                : refund.status === 'failed' || refund.status === 'canceled'
                  ? 'failed'
                  : 'pending',
          });
        }
      }
      const transfers = await this.stripe.transfers
        .list({ transfer_group: transferGroup(reference), limit: 100 })
        .autoPagingToArray({ limit: 1000 });
      for (const transfer of transfers) {
        operations.push({
          kind: 'transfer',
          idempotencyKey: transfer.metadata?.idempotency_key ?? null,
          ref: transfer.id,
          amountCents: transfer.amount - transfer.amount_reversed,
          status: 'succeeded',
        });
      }
      return operations;
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

/** The metadata every money operation carries: its key, and the request it is for. */
function metadataOf(opts: { idempotencyKey: string; reference?: string | null }) {
  return {
    idempotency_key: opts.idempotencyKey,
    ...(opts.reference ? { request_id: opts.reference } : {}),
  };
}

const transferGroup = (reference: string) => `request-${reference}`;

function intentOperation(intent: Stripe.PaymentIntent): ProviderOperation {
  return {
    kind: 'charge',
    idempotencyKey: intent.metadata?.idempotency_key ?? null,
    ref: intent.id,
    amountCents: intent.amount_received || intent.amount,
    status:
      intent.status === 'succeeded'
        ? 'succeeded'
        : intent.status === 'canceled' || intent.status === 'requires_payment_method'
          ? 'failed'
          : 'pending',
  };
}

function brandName(brand: string): string {
  if (brand === 'visa') return 'Visa';
  if (brand === 'mastercard') return 'MasterCard';
  if (brand === 'amex') return 'American Express';
  if (brand === 'discover') return 'Discover';
  return 'Other';
}
