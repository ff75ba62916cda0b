/**
 * The payment provider behind one interface: Stripe in production, the offline sandbox by
 * default. Every call that moves money takes an idempotency key; the provider answers a repeated
 * key with the first outcome, so a retry never charges twice.
 */

export interface CardDetails {
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string | null;
}

export interface PaymentGateway {
  readonly kind: 'stripe' | 'sandbox';
  createCustomer(opts: { userId: number; email: string; name: string }): Promise<string>;
  /** Attaches the browser's card token to the customer; the provider verifies the card here. */
  attachCard(opts: { customerRef: string; token: string }): Promise<CardDetails>;
  detachCard(opts: { cardRef: string }): Promise<void>;
  /**
   * Charges a saved card. `reference` (the request's id) is kept with the operation as the
   * provider's metadata, so that the reconciliation can list a request's operations.
   */
  charge(opts: {
    customerRef: string;
    cardRef: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
    reference?: string | null;
  }): Promise<{ ref: string }>;
  refund(opts: {
    chargeRef: string;
    amountCents: number;
    idempotencyKey: string;
    reference?: string | null;
  }): Promise<{ ref: string }>;
  /** Pays a company's connected account. */
  transfer(opts: {
    destination: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
    reference?: string | null;
  }): Promise<{ ref: string }>;
  /**
   * What the provider did under an idempotency key, without acting: null when it knows of no
   * such operation. Throws GatewayError('unavailable') when it cannot tell now.
   */
  findOperation(opts: {
    idempotencyKey: string;
    kind: ProviderOperation['kind'];
    reference: string | null;
    /** A charge's customer at the provider, and when the charge was first asked for. */
    customerRef?: string | null;
    since?: Date;
  }): Promise<ProviderOperation | null>;
  /** Every money operation the provider holds for a reference (a request), oldest first. */
  operationsFor(reference: string): Promise<ProviderOperation[]>;
  /**
   * A provider's signed notice of a payment's outcome, checked against the raw body and read
   * back from the provider (the payload itself is not trusted); null when the notice concerns
   * no payment of ours. Throws GatewayError('invalid') on a bad signature. Absent when the
   * provider sends no notices (the sandbox).
   */
  readPaymentNotice?(opts: {
    rawBody: Buffer;
    signature: string;
    secret: string;
  }): Promise<PaymentNotice | null>;
}

/** One operation as the provider records it. */
export interface ProviderOperation {
  kind: 'charge' | 'refund' | 'transfer';
  /** The idempotency key it was made under, when the provider kept it. */
  idempotencyKey: string | null;
  ref: string;
  amountCents: number;
  /** succeeded: money moved; failed: refused (a decline); pending: still processing. */
  status: 'succeeded' | 'failed' | 'pending';
}

/** What a provider's notice says about one payment, as the provider reports it now. */
export interface PaymentNotice {
  /** The idempotency key we gave the payment. */
  idempotencyKey: string;
  /** The provider's id of the payment (a PaymentIntent). */
  ref: string;
  outcome: 'succeeded' | 'failed' | 'pending';
  /** The provider's own status word, for the log and the failure reason. */
  status: string;
}

/**
 * What went wrong at the provider. `declined`: the card or bank said no (the message is the
 * provider's, for the customer). `invalid`: a token or reference the provider does not know.
 * `unavailable`: an error or time-out on the way; nothing is known to have happened.
 */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    readonly kind: 'declined' | 'invalid' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** Rejects with `unavailable` when the provider takes longer than `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new GatewayError('unavailable', 'The payment provider timed out.')),
      ms,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
