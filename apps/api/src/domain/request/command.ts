import { eq, sql, type SQL } from 'drizzle-orm';
import {
  findTransition,
  MSG,
  requestStatusAfter,
  TIMELINE_LABELS,
  type LifecycleAction,
} from '@movehub/shared';
import type { Transaction } from '../../db/client';
import { isRetryableConflict } from '../../db/locks';
import { requests, requestStatusHistory, requestTimeline } from '../../db/schema';
import { AppError } from '../../errors';
import { writeEvents, type DomainEvent } from '../../platform/events/events';
import type { Domain, ReservedMovement } from '../context';
import {
  availableOf,
  availableSql,
  writeLedgerTransaction,
  type Entry,
  type LedgerKind,
} from '../money/ledger';
import {
  chargeableCardSql,
  movementWrites,
  paymentRowOf,
  pendingMovementSql,
  recordMovement,
  reserveMovement,
  type MovementInput,
  type PaymentRow,
} from '../money/movements';
import type { MovementOutcome } from '../money/outcome';
import {
  assertCanMove,
  moveRequest,
  REQUEST_NOT_FOUND,
  type Actor,
  type RequestRow,
} from './lifecycle';
import { companyNameSql } from './names';

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
  money?: {
    resume?: (pending: PaymentRow, request: RequestRow) => boolean;
    /**
     * What the command reads with the pending movement, in that one statement after the lock
     * (a round trip is most of a command's cost): found in ctx.read.
     */
    read?: (request: RequestRow) => MoneyReads;
  };
  run(ctx: CommandContext): Promise<T>;
}

/** What a money command may read with the request's pending movement (CommandSpec.money.read). */
export interface MoneyReads {
  /** This customer's chargeable card and provider record: ctx.read.card. */
  cardOf?: number;
  /** What this account can still give (an escrow), as ctx.available says it: ctx.read.available. */
  availableOf?: string;
  /** This company's display name (names.ts companyName): ctx.read.companyName. */
  companyNameOf?: number;
}

/** What CommandSpec.money.read asked for, read under the lock. */
export interface MoneyRead {
  /** The card as read: chargeableCardOf answers it or refuses with 400. */
  card?: unknown;
  available?: number;
  companyName?: string;
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
    let read: MoneyRead = {};
    if (spec.money) {
      ({ pending, read } = await readMoney(tx, request, spec.money.read?.(request) ?? {}));
      if (pending && !spec.money.resume?.(pending, request)) {
        throw AppError.conflict(MSG.moneyPending);
      }
    }
    const ctx = new CommandContext(tx, request, spec.actor, domain.now(), pending, {
      inFlightMs: domain.providerTimeoutMs + IN_FLIGHT_MARGIN_MS,
    });
    ctx.read = read;
    held = ctx;
    const result = await spec.run(ctx);
    ctx.eventIds = await writeEvents(tx, ctx.events, ctx.writes);
    return result;
  });
  return { value, ctx: held! };
}

/**
 * The request's unsettled movement and what the command asked to read with it, in one statement
 * after the lock's (see commit: only a statement after the lock sees what its holder committed).
 */
async function readMoney(
  tx: Transaction,
  request: RequestRow,
  reads: MoneyReads,
): Promise<{ pending: PaymentRow | null; read: MoneyRead }> {
  const result = await tx.execute(sql`select ${pendingMovementSql(request.id)} as pending,
    ${reads.cardOf !== undefined ? chargeableCardSql(reads.cardOf) : sql`null`} as card,
    ${reads.availableOf !== undefined ? availableSql(reads.availableOf) : sql`null`} as available,
    ${reads.companyNameOf !== undefined ? companyNameSql(reads.companyNameOf) : sql`null`} as company_name`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const pendingJson = row?.pending;
  const pending =
    pendingJson === null || pendingJson === undefined
      ? null
      : paymentRowOf(
          (typeof pendingJson === 'string' ? JSON.parse(pendingJson) : pendingJson) as Record<
            string,
            unknown
          >,
        );
  const read: MoneyRead = {};
  if (reads.cardOf !== undefined) read.card = row?.card ?? null;
  if (reads.availableOf !== undefined) read.available = Number(row?.available ?? 0);
  if (reads.companyNameOf !== undefined) read.companyName = String(row?.company_name);
  return { pending, read };
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
  /** What CommandSpec.money.read asked for, read with the pending movement under the lock. */
  read: MoneyRead = {};
  /** Writes sent with the events, in the command's last statement (see later). */
  readonly writes: SQL[] = [];

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

  /**
   * move, as a late write (see later) for a command that needs nothing the database would answer
   * of the moved row: refused now as move refuses, and ctx.request says the new status at once;
   * the status, its history row and its timeline entry are written with the events. (Its
   * updatedAt is the database's alone.)
   */
  moveLater(action: LifecycleAction, opts: { title?: string } = {}): RequestRow {
    assertCanMove(this.request, action, this.actor);
    const to = findTransition(action, this.request.timelineStatus, this.actor.type)!.to;
    const requestStatus = requestStatusAfter(to);
    const statuses = { timelineStatus: to, ...(requestStatus !== null ? { requestStatus } : {}) };
    // The same three writes as moveRequest's statement, as CTE bodies (getSQL: no parentheses).
    const history = this.tx
      .insert(requestStatusHistory)
      .values({
        requestId: this.request.id,
        fromStatus: this.request.timelineStatus,
        toStatus: to,
        actorType: this.actor.type,
        actorId: this.actor.userId,
      })
      .getSQL();
    const timeline = this.tx
      .insert(requestTimeline)
      .values({ requestId: this.request.id, activityTitle: opts.title ?? TIMELINE_LABELS[to] })
      .getSQL();
    const moved = this.tx
      .update(requests)
      .set({ ...statuses, updatedAt: sql`now()` })
      .where(eq(requests.id, this.request.id))
      .getSQL();
    this.later(
      (n) =>
        sql`${n('history')} as (${history}), ${n('timeline')} as (${timeline}), ${n('moved')} as (${moved})`,
    );
    this.request = { ...this.request, ...statuses };
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

  /**
   * A write whose answer the command does not need, sent with its events in its last statement
   * (one round trip for all of them): top-level CTEs named by `n`, unique in that statement. It
   * sees what the command wrote before, not what the other late writes write.
   */
  later(write: (n: (part: string) => SQL) => SQL): void {
    const prefix = `late${this.writes.length}_`;
    this.writes.push(write((part) => sql.raw(`${prefix}${part}`)));
  }

  /** record, as a late write (see later): for a command that needs no answer from it. */
  recordLater(opts: Omit<MovementInput, 'requestId'>): void {
    const movement = { requestId: this.request.id, ...opts, settled: true };
    this.later((n) => movementWrites(movement, n));
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
