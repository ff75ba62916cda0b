import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { cardBrand, digitsOnly, MSG } from '@movehub/shared';
import type { Db } from '../../db/client';
import { sandboxOperations, sandboxTokens } from '../../db/schema';
import {
  GatewayError,
  type CardDetails,
  type PaymentGateway,
  type ProviderOperation,
} from './gateway';

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
    reference?: string | null;
  }): Promise<{ ref: string }> {
    // The card's outcome and the operation in one statement (the money paths count round trips):
    // nothing is written without the card, or under a key asked before.
    const [made] = await this.db
      .insert(sandboxOperations)
      .select(
        this.db
          .select({
            idempotencyKey: sql<string>`${opts.idempotencyKey}::text`.as('idempotency_key'),
            kind: sql<string>`'charge'::text`.as('kind'),
            ref: sql<string>`${id('pi')}::text`.as('ref'),
            amountCents: sql<number>`${opts.amountCents}::int`.as('amount_cents'),
            outcome:
              sql<string>`case when ${sandboxTokens.outcome} = 'charge_declined' then 'declined' else 'succeeded' end`.as(
                'outcome',
              ),
            reference: sql<string | null>`${opts.reference ?? null}::text`.as('reference'),
            chargeRef: sql<string | null>`null::text`.as('charge_ref'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(sandboxTokens)
          .where(eq(sandboxTokens.cardRef, opts.cardRef))
          .limit(1),
      )
      .onConflictDoNothing()
      .returning();
    if (made) return outcomeOf(made);
    const [card] = await this.db
      .select()
      .from(sandboxTokens)
      .where(eq(sandboxTokens.cardRef, opts.cardRef));
    if (!card) throw new GatewayError('invalid', MSG.noCardSaved);
    const outcome = card.outcome === 'charge_declined' ? 'declined' : 'succeeded';
    return this.operation({ kind: 'charge', prefix: 'pi', outcome, ...opts });
  }

  /** As the provider: a refund never gives back more than its charge took, less its refunds. */
  async refund(opts: {
    chargeRef: string;
    amountCents: number;
    idempotencyKey: string;
    reference?: string | null;
  }): Promise<{ ref: string }> {
    const [earlier] = await this.db
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.idempotencyKey, opts.idempotencyKey));
    if (!earlier) {
      const [charge] = await this.db
        .select()
        .from(sandboxOperations)
        .where(
          and(eq(sandboxOperations.ref, opts.chargeRef), eq(sandboxOperations.kind, 'charge')),
        );
      if (!charge || charge.outcome !== 'succeeded') {
        throw new GatewayError('invalid', `No such charge: ${opts.chargeRef}`);
      }
      const [refunded] = await this.db
        .select({ total: sql<number>`coalesce(sum(${sandboxOperations.amountCents}), 0)::int` })
        .from(sandboxOperations)
        .where(
          and(
            eq(sandboxOperations.chargeRef, opts.chargeRef),
            eq(sandboxOperations.kind, 'refund'),
            eq(sandboxOperations.outcome, 'succeeded'),
          ),
        );
      if ((refunded?.total ?? 0) + opts.amountCents > charge.amountCents) {
        throw new GatewayError(
          'invalid',
          `Refund amount exceeds the charge's remaining ${charge.amountCents - (refunded?.total ?? 0)} cents.`,
        );
      }
    }
    return this.operation({ kind: 'refund', prefix: 're', outcome: 'succeeded', ...opts });
  }

  async transfer(opts: {
    amountCents: number;
    idempotencyKey: string;
    reference?: string | null;
  }): Promise<{ ref: string }> {
    return this.operation({ kind: 'transfer', prefix: 'tr', outcome: 'succeeded', ...opts });
  }

  async findOperation(opts: { idempotencyKey: string }): Promise<ProviderOperation | null> {
    const [op] = await this.db
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.idempotencyKey, opts.idempotencyKey));
    return op ? operationOf(op) : null;
  }

  async operationsFor(reference: string): Promise<ProviderOperation[]> {
    const rows = await this.db
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.reference, reference))
      .orderBy(asc(sandboxOperations.createdAt));
    return rows.map(operationOf);
  }

  /** Like the provider: a repeated idempotency key answers with the first outcome. */
  private async operation(opts: {
    kind: ProviderOperation['kind'];
    prefix: string;
    outcome: 'succeeded' | 'declined';
    idempotencyKey: string;
    amountCents: number;
    reference?: string | null;
    chargeRef?: string;
  }): Promise<{ ref: string }> {
    const [made] = await this.db
      .insert(sandboxOperations)
      .values({
        idempotencyKey: opts.idempotencyKey,
        kind: opts.kind,
        ref: id(opts.prefix),
        amountCents: opts.amountCents,
        outcome: opts.outcome,
        reference: opts.reference ?? null,
        chargeRef: opts.chargeRef ?? null,
      })
      .onConflictDoNothing()
      .returning();
    // A key asked before: its first outcome.
    const [op] = made
      ? [made]
      : await this.db
          .select()
          .from(sandboxOperations)
          .where(eq(sandboxOperations.idempotencyKey, opts.idempotencyKey));
    if (!op) throw new GatewayError('unavailable', MSG.gatewayUnavailable);
    return outcomeOf(op);
  }
}

/** An operation's answer to its caller: its ref, or the decline it was. */
function outcomeOf(op: typeof sandboxOperations.$inferSelect): { ref: string } {
  if (op.outcome === 'declined') throw new GatewayError('declined', MSG.cardDeclined);
  return { ref: op.ref };
}

function operationOf(op: typeof sandboxOperations.$inferSelect): ProviderOperation {
  return {
    kind: op.kind as ProviderOperation['kind'],
    idempotencyKey: op.idempotencyKey,
    ref: op.ref,
    amountCents: op.amountCents,
    status: op.outcome === 'succeeded' ? 'succeeded' : 'failed',
  };
}
