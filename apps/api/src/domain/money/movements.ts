import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { MSG, type ChangeType } from '@movehub/shared';
import type { Db, Transaction } from '../../db/client';
import { paymentCards, paymentCustomers, payments } from '../../db/schema';
import { AppError } from '../../errors';
import {
  GatewayError,
  withTimeout,
  type PaymentGateway,
  type ProviderOperation,
} from '../../adapters/payments/gateway';
import { assertBalanced, type Entry } from './ledger';

/*
 * Movements of money through the provider, in two phases (docs/decisions/033, after
 * TigerBeetle's pending transfers and a card's authorise-then-capture):
 *
 * 1. `reserveMovement`, in the command's transaction under the request's row lock: a payments
 *    row `pending` with the idempotency key `payment-{installation}-{id}` and its ledger
 *    transaction `pending`.
 *    From then on the escrow's available balance already counts it, and every other command that
 *    moves money on the request waits for it to settle (409).
 * 2. `callProvider`, outside any transaction: the provider is asked under that key. A call marks
 *    the movement in flight first, so two callers never ask at once.
 * 3. the settlement (domain/request/settlement.ts), under the row lock again: the answer posts
 *    the ledger transaction (`succeeded`) or voids it (`failed`), and finishes what the movement
 *    was for.
 *
 * A provider that does not answer leaves the movement pending: it is asked again, under the same
 * key (so nothing moves twice), by the customer's retry or by the reconciliation job.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type MovementKind = PaymentRow['kind'];

/** What settling a movement finishes (stored with it, so a reconciliation can finish it too). */
export type MovementPurpose =
  /** make_payment: the request is paid (2 → 3) once the charge succeeds. */
  | { type: 'pay'; totalCents: number; discountedCents: number; feeCents: number }
  /** A change's difference charged into escrow: the change applies once it succeeds. */
  | { type: 'change-charge'; changeId: number; changeType: ChangeType }
  /** A change's saving refunded from escrow: the change applied when it was decided. */
  | { type: 'change-refund'; changeId: number }
  /** Feedback with a tip: the feedback is stored once the tip's charge succeeds. */
  | { type: 'feedback'; rating: number; comment: string; tipCents: number }
  /** A cancellation's refund: the request was cancelled when it was decided. */
  | { type: 'cancel-refund' }
  /** The escrow released to the company's connected account at the confirmation. */
  | { type: 'release' }
  /** A charge the ledger could not keep (its command no longer applied): given back. */
  | { type: 'compensation'; chargePaymentId: number };

/** How long a call to the provider may take before its answer counts as unknown. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 30_000;

/** What a command says of a movement it writes. */
export interface MovementInput {
  requestId: number;
  kind: MovementKind;
  amountCents: number;
  entries: readonly Entry[];
  purpose: MovementPurpose;
  /** The customer whose card is charged or refunded. */
  customerId?: number | null;
  /** A refund's charge. */
  chargePaymentId?: number | null;
  /** The card charged (its provider reference), or the connected account paid. */
  targetRef?: string | null;
}

/**
 * Writes a movement with its ledger transaction and lines in the command's transaction, in ONE
 * statement (the money paths are bound by round trips): pending, or (`settled`) already succeeded
 * and posted for a movement that needs no provider. The key is derived from the movement's own
 * id. `inFlightMs` marks it as being asked about by the call that reserves it, so that nobody else
 * asks meanwhile. The caller holds the request's row lock and has checked that the escrow covers
 * any debit.
 */
async function writeMovement(
  tx: Transaction,
  opts: MovementInput & { settled?: boolean; inFlightMs?: number },
): Promise<PaymentRow> {
  const n = (part: string) => sql.raw(part);
  const result = await tx.execute(sql`with ${movementWrites(opts, n)} select * from payment`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  if (!row) throw new Error('movement not written');
  return paymentRowOf(row);
}

/**
 * writeMovement as top-level CTEs (`n` names them uniquely in their statement), for a command
 * that needs no answer from it to send with its last statement. Its `payment` CTE returns the row.
 */
export function movementWrites(
  opts: MovementInput & { settled?: boolean; inFlightMs?: number },
  n: (part: string) => SQL,
): SQL {
  if (!Number.isInteger(opts.amountCents) || opts.amountCents <= 0) {
    throw AppError.badRequest('The amount must be above zero.');
  }
  assertBalanced(opts.entries);
  const settled = opts.settled ?? false;
  const lines = sql.join(
    opts.entries.map((e) => sql`(${e.account}::text, ${e.amountCents}::int)`),
    sql`, `,
  );
  return sql`
    ${n('movement')} as (
      select nextval(pg_get_serial_sequence('payments', 'id'))::int as id
    ), ${n('payment')} as (
      insert into payments (id, idempotency_key, request_id, kind, amount_cents, status,
                            gateway_ref, purpose, customer_id, charge_payment_id, target_ref,
                            in_flight_until, attempts)
      select id, 'payment-' || (select left(installation.id::text, 8) from installation) || '-' || id,
             ${opts.requestId}, ${opts.kind}, ${opts.amountCents},
             ${settled ? 'succeeded' : 'pending'},
             ${settled ? sql`'platform_balance:payment-' || id` : sql`null`},
             ${JSON.stringify(opts.purpose)}::jsonb, ${opts.customerId ?? null},
             ${opts.chargePaymentId ?? null}, ${opts.targetRef ?? null},
             ${opts.inFlightMs ? sql`clock_timestamp() + ${`${opts.inFlightMs} milliseconds`}::interval` : sql`null`},
             ${opts.inFlightMs ? 1 : 0}
      from ${n('movement')}
      returning *
    ), ${n('ledger')} as (
      insert into ledger_transactions (idempotency_key, kind, request_id, payment_id, status,
                                       settled_at)
      select idempotency_key, kind, request_id, id, ${settled ? 'posted' : 'pending'},
             ${settled ? sql`now()` : sql`null`}
      from ${n('payment')}
      returning id
    ), ${n('lines')} as (
      insert into ledger_entries (transaction_id, account, amount_cents)
      select ${n('ledger')}.id, line.account, line.amount
      from ${n('ledger')}, (values ${lines}) as line(account, amount)
    )`;
}

/** A payments row as a raw statement returns it, in the schema's shape. */
export function paymentRowOf(r: Record<string, unknown>): PaymentRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: Number(r.id),
    idempotencyKey: r.idempotency_key as string,
    requestId: r.request_id === null ? null : Number(r.request_id),
    kind: r.kind as MovementKind,
    amountCents: Number(r.amount_cents),
    status: r.status as PaymentRow['status'],
    gatewayRef: (r.gateway_ref as string | null) ?? null,
    error: (r.error as string | null) ?? null,
    purpose: typeof r.purpose === 'string' ? JSON.parse(r.purpose) : r.purpose,
    customerId: r.customer_id === null ? null : Number(r.customer_id),
    chargePaymentId: r.charge_payment_id === null ? null : Number(r.charge_payment_id),
    targetRef: (r.target_ref as string | null) ?? null,
    inFlightUntil: date(r.in_flight_until),
    attempts: Number(r.attempts),
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  };
}

/** A movement through the provider, written pending (see writeMovement). */
export function reserveMovement(
  tx: Transaction,
  opts: MovementInput & {
    /** Marked in flight for this long: the reserving call asks the provider right after. */
    inFlightMs?: number;
  },
): Promise<PaymentRow> {
  return writeMovement(tx, opts);
}

/**
 * A movement that needs no provider (the escrow released to the platform's balance, owed to a
 * company without a connected account): written succeeded, its ledger transaction posted, at once.
 */
export function recordMovement(tx: Transaction, opts: MovementInput): Promise<PaymentRow> {
  return writeMovement(tx, { ...opts, settled: true });
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres and PGlite both answer with the rows in `rows`.
  return (result as { rows: T[] }).rows;
}

/**
 * The request's unsettled movement (the oldest) as a scalar subquery answering its row as JSON,
 * for a statement that reads it with other things (see paymentRowOf).
 */
export function pendingMovementSql(requestId: number): SQL {
  return sql`(select row_to_json(p) from (
    select * from payments where request_id = ${requestId} and status = 'pending'
    order by id limit 1) p)`;
}

/** The customer's provider record and saved card as a scalar subquery answering JSON, or null. */
export function chargeableCardSql(customerId: number): SQL {
  return sql`(select json_build_object('customerRef', pc.customer_ref, 'cardRef', c.card_ref)
    from payment_cards c join payment_customers pc on pc.user_id = c.user_id
    where c.user_id = ${customerId} limit 1)`;
}

/** A card read by chargeableCardSql: 400 'Cannot charge a customer that has no active card'. */
export function chargeableCardOf(read: unknown): { customerRef: string; cardRef: string } {
  const card = (typeof read === 'string' ? JSON.parse(read) : read) as {
    customerRef: string;
    cardRef: string;
  } | null;
  if (!card) throw AppError.badRequest(MSG.noActiveCard);
  return card;
}

/** What the provider said, or that nothing is known. */
export type ProviderAnswer =
  | { outcome: 'succeeded'; ref: string }
  | { outcome: 'failed'; message: string; kind: 'declined' | 'invalid' }
  | { outcome: 'unknown'; message: string };

/**
 * Marks the movement in flight (so nobody else asks the provider meanwhile) unless another call
 * holds it or it is settled. Answers the row when this caller may ask. The mark is taken from the
 * clock, not the statement's start: it must outlast the call that follows it.
 */
export async function claimCall(
  db: Db,
  paymentId: number,
  timeoutMs: number,
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({
      inFlightUntil: sql`clock_timestamp() + ${`${timeoutMs + 5_000} milliseconds`}::interval`,
      attempts: sql`${payments.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'pending'),
        or(isNull(payments.inFlightUntil), lt(payments.inFlightUntil, sql`clock_timestamp()`)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Ends a call that learnt nothing: the movement may be asked about again at once. Only the call
 * that holds the mark ends it (its attempt is still the last), never a later caller's.
 */
export async function releaseCall(db: Db, claimed: PaymentRow, message: string): Promise<void> {
  await db
    .update(payments)
    .set({ inFlightUntil: null, error: message, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, claimed.id),
        eq(payments.status, 'pending'),
        eq(payments.attempts, claimed.attempts),
      ),
    );
}

/** The customer's provider record and saved card: 400 'Cannot charge a customer that has no active card'. */
export async function chargeableCard(tx: Db | Transaction, customerId: number) {
  const [row] = await tx
    .select({ customerRef: paymentCustomers.customerRef, cardRef: paymentCards.cardRef })
    .from(paymentCards)
    .innerJoin(paymentCustomers, eq(paymentCustomers.userId, paymentCards.userId))
    .where(eq(paymentCards.userId, customerId));
  if (!row) throw AppError.badRequest(MSG.noActiveCard);
  return row;
}

/**
 * Asks the provider to make a movement, under its key; a movement the provider made before under
 * that key is answered with that first outcome, never made twice. The caller has claimed it.
 */
export async function callProvider(opts: {
  db: Db;
  gateway: PaymentGateway;
  payment: PaymentRow;
  timeoutMs: number;
  /** The customer's provider record, when the caller has it (else it is read). */
  customerRef?: string;
}): Promise<ProviderAnswer> {
  const { payment, gateway } = opts;
  const reference = payment.requestId !== null ? String(payment.requestId) : null;
  try {
    const { ref } = await withTimeout(
      (async () => {
        switch (payment.kind) {
          case 'hold':
          case 'tip': {
            const customer = opts.customerRef ?? (await customerRefOf(opts.db, payment));
            return gateway.charge({
              customerRef: customer,
              cardRef: payment.targetRef ?? '',
              amountCents: payment.amountCents,
              idempotencyKey: payment.idempotencyKey,
              description: `Move request #${payment.requestId}: ${
                payment.kind === 'tip' ? 'tip' : 'payment into escrow'
              }`,
              reference,
            });
          }
          case 'refund':
            return gateway.refund({
              chargeRef: await chargeRefOf(opts.db, payment),
              amountCents: payment.amountCents,
              idempotencyKey: payment.idempotencyKey,
              reference,
            });
          case 'release':
            return gateway.transfer({
              destination: payment.targetRef ?? '',
              amountCents: payment.amountCents,
              idempotencyKey: payment.idempotencyKey,
              description: `Move request #${payment.requestId}: release of escrow`,
              reference,
            });
        }
      })(),
      opts.timeoutMs,
    );
    return { outcome: 'succeeded', ref };
  } catch (err) {
    if (err instanceof GatewayError && err.kind !== 'unavailable') {
      return { outcome: 'failed', message: err.message, kind: err.kind };
    }
    return {
      outcome: 'unknown',
      message: err instanceof Error ? err.message : 'unexpected gateway failure',
    };
  }
}

/**
 * What the provider knows of a movement's key, without asking it to act: the reconciliation's
 * question for a charge (a customer is never charged by a job, only for what they asked).
 */
export async function lookUpAtProvider(opts: {
  db: Db;
  gateway: PaymentGateway;
  payment: PaymentRow;
  timeoutMs: number;
}): Promise<ProviderAnswer | { outcome: 'absent' }> {
  const { payment } = opts;
  try {
    const charge = payment.kind === 'hold' || payment.kind === 'tip';
    const found: ProviderOperation | null = await withTimeout(
      (async () =>
        opts.gateway.findOperation({
          idempotencyKey: payment.idempotencyKey,
          kind: OPERATION_OF[payment.kind],
          reference: payment.requestId !== null ? String(payment.requestId) : null,
          ...(charge && payment.customerId !== null
            ? { customerRef: await customerRefOf(opts.db, payment), since: payment.createdAt }
            : {}),
        }))(),
      opts.timeoutMs,
    );
    if (!found) return { outcome: 'absent' };
    // The key names another operation than this movement (another database's, before keys
    // carried the installation): never settle on it; it stays pending for an operator.
    if (found.amountCents !== payment.amountCents) {
      return {
        outcome: 'unknown',
        message: `The provider's operation under ${payment.idempotencyKey} is for ${found.amountCents} cents, not ${payment.amountCents}.`,
      };
    }
    if (found.status === 'succeeded') return { outcome: 'succeeded', ref: found.ref };
    // Still processing at the provider: nothing to settle yet.
    if (found.status === 'pending') {
      return { outcome: 'unknown', message: 'The payment provider is still processing it.' };
    }
    return { outcome: 'failed', message: MSG.cardDeclined, kind: 'declined' };
  } catch (err) {
    return {
      outcome: 'unknown',
      message: err instanceof Error ? err.message : 'unexpected gateway failure',
    };
  }
}

/** What the provider calls each kind of movement. */
export const OPERATION_OF = {
  hold: 'charge',
  tip: 'charge',
  refund: 'refund',
  release: 'transfer',
} as const satisfies Record<MovementKind, ProviderOperation['kind']>;

async function customerRefOf(db: Db, payment: PaymentRow): Promise<string> {
  if (payment.customerId === null) throw new GatewayError('invalid', MSG.noActiveCard);
  const [row] = await db
    .select({ ref: paymentCustomers.customerRef })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.userId, payment.customerId));
  if (!row) throw new GatewayError('invalid', MSG.noActiveCard);
  return row.ref;
}

async function chargeRefOf(db: Db, payment: PaymentRow): Promise<string> {
  if (payment.chargePaymentId === null) throw new Error(`refund ${payment.id} names no charge`);
  const [row] = await db
    .select({ ref: payments.gatewayRef })
    .from(payments)
    .where(eq(payments.id, payment.chargePaymentId));
  if (!row?.ref) throw new Error(`refund ${payment.id}: its charge has no provider reference`);
  return row.ref;
}
