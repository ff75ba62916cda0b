import { eq, sql } from 'drizzle-orm';
import { MSG, type LifecycleAction } from '@movehub/shared';
import type { Transaction } from '../../db/client';
import { isRetryableConflict } from '../../db/locks';
import { requests, requestTimeline } from '../../db/schema';
import { AppError } from '../../errors';
import { writeEvents, type DomainEvent } from '../../platform/events/events';
import type { Domain, ReservedMovement } from '../context';
import { availableOf, writeLedgerTransaction, type Entry, type LedgerKind } from '../money/ledger';
import {
  pendingMovementOf,
  recordMovement,
  reserveMovement,
  type PaymentRow,
} from '../money/movements';
import type { MovementOutcome } from '../money/outcome';
import { moveRequest, REQUEST_NOT_FOUND, type Actor, type RequestRow } from './lifecycle';

/*
 * The one path of every command on a request (docs/decisions/033):
 * 1. lock the request's row (SELECT … FOR UPDATE): a second command on the same request waits
 *    for the first to commit and then sees its result;
 * 2. check who may act (404 otherwise: ids don't leak) and, for a command that moves money, that
 *    no earlier movement of the request is still unsettled (409);
 * 3. run the command: its guard comes from the shared transition table (ctx.move refuses what the
 *    table does not allow), any money is computed from the state read under the lock and written
 *    as pending movements, its state, history and events are written;
 * 4. commit. A serialisation failure or deadlock is retried here, whole, never shown to a caller.
 * After the commit the events are handed to their subscribers and the pending movements to the
 * provider (each settled under the lock again, domain/request/settlement.ts).
 */

export interface CommandSpec<T> {
  requestId: number;
  actor: Actor;
  /** Whether the actor may act on this request at all; 404 otherwise. */
  authorize?: (request: RequestRow) => boolean;
  /** The 404's message (REQUEST_NOT_FOUND unless said). */
  notFound?: string;
  /**
   * The command moves money: refused with 409 while an earlier movement of the request is
   * unsettled, unless `resume` says this call may take that movement over (the same payment
   * asked again after its first answer was lost); ctx.pending then holds it.
   */
  money?: { resume?: (pending: PaymentRow, request: RequestRow) => boolean };
  run(ctx: CommandContext): Promise<T>;
}

export interface CommandResult<T> {
  value: T;
  /** How each movement the command asked the provider for ended, in the order reserved. */
  movements: MovementOutcome[];
}

/** Tries of a command whose transaction the database rolled back (serialisation, deadlock). */
const MAX_TRIES = 5;

/** A reserved movement stays marked in flight this long past the provider's time limit. */
const IN_FLIGHT_MARGIN_MS = 5_000;

export async function runRequestCommand<T>(
  domain: Domain,
  spec: CommandSpec<T>,
): Promise<CommandResult<T>> {
  const { value, ctx } = await retried(() => commit(domain, spec));
  // After the commit nothing may undo the command or run it again. Each movement is asked for
  // in turn; a failure on the way (a database blip while settling) leaves that movement pending,
  // to be settled by a retry or the reconciliation, and the caller hears it as unknown.
  const movements: MovementOutcome[] = [];
  for (const { payment, reserved } of ctx.toExecute) {
    try {
      movements.push(await domain.executeMovement(payment.id, reserved));
    } catch (err) {
      domain.log.error({ err, paymentId: payment.id }, 'movement left for the reconciliation');
      movements.push({ state: 'unknown', paymentId: payment.id, message: String(err) });
    }
  }
  await domain.events.dispatch(ctx.eventIds);
  return { value, movements };
}

/** The command's transaction: lock, check, run, write its events; committed by the caller's retry. */
async function commit<T>(
  domain: Domain,
  spec: CommandSpec<T>,
): Promise<{ value: T; ctx: CommandContext }> {
  let held: CommandContext | undefined;
  const value = await domain.db.transaction(async (tx) => {
    // NO KEY UPDATE: commands on the request wait for each other, while rows that only reference
    // it (a notification, a chat message) are written meanwhile.
    const [request] = await tx
      .select()
      .from(requests)
      .where(eq(requests.id, spec.requestId))
      .for('no key update');
    if (!request || (spec.authorize && !spec.authorize(request))) {
      throw AppError.notFound(spec.notFound ?? REQUEST_NOT_FOUND);
    }
    // Read after the lock, in a statement of its own: a statement that waited for the lock
    // still sees the world as it was when it began, so only the next one sees what the
    // command that held the lock committed.
    let pending: PaymentRow | null = null;
    if (spec.money) {
      pending = await pendingMovementOf(tx, request.id);
      if (pending && !spec.money.resume?.(pending, request)) {
        throw AppError.conflict(MSG.moneyPending);
      }
    }
    const ctx = new CommandContext(tx, request, spec.actor, domain.now(), pending, {
      inFlightMs: domain.providerTimeoutMs + IN_FLIGHT_MARGIN_MS,
    });
    held = ctx;
    const result = await spec.run(ctx);
    ctx.eventIds = await writeEvents(tx, ctx.events);
    return result;
  });
  return { value, ctx: held! };
}

/** A transaction the database rolled back for a serialisation failure or a deadlock, run again. */
async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      if (attempt < MAX_TRIES && isRetryableConflict(err)) continue;
      throw err;
    }
  }
}

/** The locked request and what a command may do with it, inside its transaction. */
export class CommandContext {
  readonly events: DomainEvent[] = [];
  eventIds: number[] = [];
  /** A charge this command gave back (compensation): its caller is told it did not apply. */
  gaveBack = false;
  /** Movements to ask the provider for once the command has committed. */
  readonly toExecute: { payment: PaymentRow; reserved?: ReservedMovement }[] = [];

  constructor(
    readonly tx: Transaction,
    /** The request as locked, and as the command has changed it so far. */
    public request: RequestRow,
    readonly actor: Actor,
    readonly now: Date,
    /** The request's unsettled movement this command was allowed to take over (money.resume). */
    readonly pending: PaymentRow | null,
    private readonly money: { inFlightMs: number } = { inFlightMs: 0 },
  ) {}

  /**
   * Moves the request by a lifecycle action: refused (409 gone past it, 422 not there yet) unless
   * the shared transition table allows it from the current status for this actor. Writes the
   * status, its history row and its timeline entry; `set` changes other columns with it.
   */
  async move(
    action: LifecycleAction,
    opts: { title?: string; set?: Partial<typeof requests.$inferInsert> } = {},
  ): Promise<RequestRow> {
    this.request = await moveRequest(this.tx, {
      request: this.request,
      action,
      actor: this.actor,
      ...opts,
    });
    return this.request;
  }

  /** Changes columns of the request other than its status. */
  async update(set: Partial<typeof requests.$inferInsert>): Promise<RequestRow> {
    const [row] = await this.tx
      .update(requests)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(requests.id, this.request.id))
      .returning();
    if (!row) throw AppError.notFound(REQUEST_NOT_FOUND);
    this.request = row;
    return row;
  }

  /** Timeline entries (spec §3: activity_title, activity_datetime), in order. */
  async timeline(...titles: string[]): Promise<void> {
    if (titles.length === 0) return;
    await this.tx
      .insert(requestTimeline)
      .values(titles.map((activityTitle) => ({ requestId: this.request.id, activityTitle })));
  }

  /** Records an event: written with the command's change, dispatched after its commit. */
  emit(event: Omit<DomainEvent, 'requestId'> & { requestId?: number | null }): void {
    this.events.push({ requestId: this.request.id, ...event });
  }

  /**
   * The calendar invite's SEQUENCE for a message sent now: raised when the move's date or window
   * changed or the move was cancelled (RFC 5545: calendars replace the event they hold).
   */
  async calendarSequence(raise: boolean): Promise<number> {
    if (!raise) return this.request.calendarSequence;
    const row = await this.update({ calendarSequence: this.request.calendarSequence + 1 });
    return row.calendarSequence;
  }

  /** What an account can still give, read under the request's lock (posted less pending debits). */
  available(accountName: string): Promise<number> {
    return availableOf({ db: this.tx, account: accountName });
  }

  /**
   * A movement through the provider, written pending now and asked for after the commit. Its
   * debits must be covered: an escrow never gives what it does not hold (the database checks it
   * too, at commit).
   */
  async reserve(
    opts: Omit<Parameters<typeof reserveMovement>[1], 'requestId' | 'inFlightMs'> & {
      /** The customer's provider record, read with the card: the call needs no second read. */
      customerRef?: string;
    },
  ): Promise<PaymentRow> {
    const { customerRef, ...movement } = opts;
    // Marked in flight for the call this command makes right after its commit.
    const row = await reserveMovement(this.tx, {
      requestId: this.request.id,
      ...movement,
      ...(this.money.inFlightMs > 0 ? { inFlightMs: this.money.inFlightMs } : {}),
    });
    this.toExecute.push({
      payment: row,
      ...(this.money.inFlightMs > 0
        ? { reserved: { payment: row, ...(customerRef ? { customerRef } : {}) } }
        : {}),
    });
    return row;
  }

  /** Asks the provider again, after the commit, about the unsettled movement taken over. */
  resume(pending: PaymentRow): void {
    this.toExecute.push({ payment: pending });
  }

  /** A movement with no provider call (owed on the platform's balance): recorded and posted now. */
  record(opts: Omit<Parameters<typeof recordMovement>[1], 'requestId'>): Promise<PaymentRow> {
    return recordMovement(this.tx, { requestId: this.request.id, ...opts });
  }

  /** A ledger transaction with no payment at all (a cancellation fee), posted now. */
  async post(opts: { idempotencyKey: string; kind: LedgerKind; entries: readonly Entry[] }) {
    await writeLedgerTransaction({
      tx: this.tx,
      requestId: this.request.id,
      paymentId: null,
      status: 'posted',
      ...opts,
    });
  }
}

/**
 * A transaction that changes no existing request's state but says what happened (a request
 * created, a chat message stored): its events are written with it and dispatched after its
 * commit, as a command's are. Serialisation failures and deadlocks are retried here.
 */
export async function runWithEvents<T>(
  domain: Pick<Domain, 'db' | 'events'>,
  work: (tx: Transaction, emit: (event: DomainEvent) => void) => Promise<T>,
): Promise<T> {
  const { value, ids } = await retried(async () => {
    const events: DomainEvent[] = [];
    let ids: number[] = [];
    const value = await domain.db.transaction(async (tx) => {
      const result = await work(tx, (event) => events.push(event));
      ids = await writeEvents(tx, events);
      return result;
    });
    return { value, ids };
  });
  await domain.events.dispatch(ids);
  return value;
}
