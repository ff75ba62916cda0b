import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { cardBrand, digitsOnly, MSG } from '@movehub/shared';
import type { Db } from '../../db/client';
import { sandboxOperations, sandboxTokens } from '../../db/schema';
import { GatewayError, type CardDetails, type PaymentGateway } from './gateway';

/**
 * Outcomes of Stripe's published test card numbers (https://docs.stripe.com/testing). Any other
 * number that passes Luhn succeeds.
 */
const TEST_NUMBERS: Record<string, Outcome> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired',
  '4000000000000119': 'processing_error',
  // Attaching succeeds; charging it is declined.
  '4000000000000341': 'charge_declined',
};
type Outcome =
  'ok' | 'declined' | 'insufficient_funds' | 'expired' | 'processing_error' | 'charge_declined';

const ATTACH_ERRORS: Partial<Record<Outcome, GatewayError>> = {
  declined: new GatewayError('declined', MSG.cardDeclined),
  insufficient_funds: new GatewayError('declined', MSG.cardInsufficientFunds),
  expired: new GatewayError('declined', MSG.cardExpired),
  processing_error: new GatewayError('declined', MSG.cardProcessingError),
};

const id = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/**
 * The offline gateway: works with no configuration and no network, and behaves like the real
 * provider where the product can tell (test numbers, declines, idempotency keys). Its records live
 * in its own tables, standing in for the provider's side.
 */
export class SandboxGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;
  constructor(private readonly db: Db) {}

  /**
   * The browser-side tokenisation that Stripe.js does, as a server call. Keeps what a provider
   * returns (brand, last four, expiry) and the outcome the test number asks for; never the
   * number or the CVV.
   */
  async tokenize(card: {
    number: string;
    holderName: string;
    expMonth: number;
    expYear: number;
  }): Promise<{ token: string; brand: string; last4: string }> {
    const digits = digitsOnly(card.number);
    const token = id('tok');
    const brand = cardBrand(digits);
    const last4 = digits.slice(-4);
    await this.db.insert(sandboxTokens).values({
      token,
      cardRef: id('pm'),
      brand,
      last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName,
      outcome: TEST_NUMBERS[digits] ?? 'ok',
    });
    return { token, brand, last4 };
  }

  async createCustomer(): Promise<string> {
    return id('cus');
  }

  async attachCard({ token }: { customerRef: string; token: string }): Promise<CardDetails> {
    // Single use, as the provider's tokens are.
    const [row] = await this.db
      .update(sandboxTokens)
      .set({ usedAt: new Date() })
      .where(
        sql`${sandboxTokens.token} = ${token} and ${sandboxTokens.usedAt} is null and ${sandboxTokens.createdAt} > now() - interval '1 hour'`,
      )
      .returning();
    if (!row) throw new GatewayError('invalid', MSG.cardTokenInvalid);
    const error = ATTACH_ERRORS[row.outcome as Outcome];
    if (error) throw error;
    return {
      ref: row.cardRef,
      brand: row.brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      holderName: row.holderName,
    };
  }

  async detachCard(): Promise<void> {}

  async charge(opts: {
    cardRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ref: string }> {
    const [card] = await this.db
      .select()
      .from(sandboxTokens)
      .where(eq(sandboxTokens.cardRef, opts.cardRef));
    if (!card) throw new GatewayError('invalid', MSG.noCardSaved);
    const outcome = card.outcome === 'charge_declined' ? 'declined' : 'succeeded';
    return this.operation('charge', opts.idempotencyKey, opts.amountCents, outcome, 'pi');
  }

  async refund(opts: { amountCents: number; idempotencyKey: string }): Promise<{ ref: string }> {
    return this.operation('refund', opts.idempotencyKey, opts.amountCents, 'succeeded', 're');
  }

  async transfer(opts: { amountCents: number; idempotencyKey: string }): Promise<{ ref: string }> {
    return this.operation('transfer', opts.idempotencyKey, opts.amountCents, 'succeeded', 'tr');
  }

  /** Like the provider: a repeated idempotency key answers with the first outcome. */
  private async operation(
    kind: string,
    key: string,
    amountCents: number,
    outcome: 'succeeded' | 'declined',
    prefix: string,
  ): Promise<{ ref: string }> {
    await this.db
      .insert(sandboxOperations)
      .values({ idempotencyKey: key, kind, ref: id(prefix), amountCents, outcome })
      .onConflictDoNothing();
    const [op] = await this.db
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.idempotencyKey, key));
    if (!op) throw new GatewayError('unavailable', MSG.gatewayUnavailable);
    if (op.outcome === 'declined') throw new GatewayError('declined', MSG.cardDeclined);
    return { ref: op.ref };
  }
}
