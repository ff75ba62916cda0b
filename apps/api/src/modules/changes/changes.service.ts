import { and, asc, count, eq, like, max, sql } from 'drizzle-orm';
import {
  canProposeChange,
  CHANGE_TIMELINE,
  changeNeedsPayment,
  formatUsd,
  hasCalendarInvite,
  ItemType,
  MAX_ADDRESSES,
  moveDayRefusal,
  MSG,
  payloadWindow,
  RequestStatus,
  TIMELINE_LABELS,
  TimelineStatus,
  toCents,
  zonedNow,
  type ChangeType,
  type CreateRequestItem,
  type ProposeChangeInput,
  type RequestAddressFields,
  specDateToIso,
} from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import {
  paymentCards,
  payments,
  requestAddresses,
  requestBids,
  requestChanges,
  requests,
  requestTimeline,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import { assertCatalogueItems, addressColumns } from '../create-request/create-request.service';
import {
  lockCustomerRequest,
  lockRequest,
  REQUEST_NOT_FOUND,
  type RequestRow,
} from '../lifecycle/lifecycle.service';
import { notify } from '../notifications/notifications.service';
import {
  notifyCustomer,
  reviseCalendarInvite,
} from '../customer-messages/customer-messages.service';
import { account, balanceOf } from '../payments/ledger';
import { COMPENSATED, holdInEscrow, refundFromEscrow } from '../payments/payments.service';
import {
  assertAddressesApply,
  assertServed,
  recalculateRequest,
  replaceItems,
} from '../request-edits/request-edits.service';

/*
 * Change proposals and their confirmations (spec §2 "Change
 * confirmation", §4 "Change confirmations", §7, §9 "Payment-required threshold: status 3").
 *
 * propose_change: the request's company (the accepted bid's, or a direct request's) proposes one
 * change per type with its price, the signed difference to the final amount. The request keeps
 * its values; the proposal is stored (request_changes), the timeline gets 'Change in …' and the
 * customer is told in-app and by email, in one transaction. A second proposal of a type while
 * one is pending is refused (409): the customer answers what their screen showed.
 *
 * The confirmations: reject marks the proposal rejected and changes nothing else. Accept applies
 * the proposed values, the final amount moves by the price, in one transaction with the request
 * row locked. Below status 3 no money moves. From 3 on a price above 0 is charged to the saved
 * card into the request's escrow and a price below 0 is refunded from it, as make_payment does:
 * (1) a first transaction locks the row, checks everything and marks the proposal as being
 * accepted (accepting_since), so that a reject or a second accept meanwhile gets 409; (2) the
 * provider is called outside any transaction under an idempotency key of the proposal; (3) one
 * transaction records the ledger entries and applies the change. A declined card records
 * nothing, clears the mark and leaves the proposal pending. The charge carries no processing fee
 * and no discount: the difference is the company's price for the change.
 */

export const CHANGE_TEXT = {
  notYourRequest: REQUEST_NOT_FOUND,
  pending: (type: ChangeType) =>
    `A change of this kind (${type}) is already waiting for the customer's answer.`,
  notOpen: (status: string) => `Changes cannot be proposed for this request now: it is ${status}.`,
  closed: (status: string) => `This change can no longer be answered: the request is ${status}.`,
  noChange: 'No change of this kind is waiting for your answer.',
  awaitingPrice: 'Your mover has not priced this change yet: you will be told when it has.',
  askedByCustomer: (type: ChangeType) =>
    `The customer asked for a change of this kind (${type}): price it with price_change.`,
  nothingToPrice: 'No change of this kind asked by the customer waits for your price.',
  askedAgain:
    'The customer has changed this edit since it was listed: read changes_awaiting_price again and price the new one.',
  answered: 'This change has already been answered.',
  inProgress: 'This change is already being accepted.',
  priceMismatch: (price: string) =>
    `The price of this change is ${price}. Please look at it again before accepting.`,
  raced: 'This change was answered while your payment was made; the payment was reversed.',
  pastDate: 'The move date cannot be in the past.',
  datePassed:
    'The date this change proposes has passed; please reject it and ask the company for a new one.',
  cutoffDate: 'Moves for tomorrow can no longer be booked after 22:00; please choose a later date.',
  belowZero: 'A saving cannot be larger than the final amount.',
  escrowShort: (held: string) =>
    `A refund cannot be larger than what the escrow of this request holds (${held}).`,
  unknownAddress: 'Address not found.',
  tooManyAddresses: `At most ${MAX_ADDRESSES} addresses are allowed.`,
  changedSince:
    "The request's addresses changed since this change was proposed; please reject it and ask the company for a new one.",
  // Timeline (ours: the spec names only the proposals' titles).
  acceptedTitle: 'Change accepted',
  rejectedTitle: 'Change rejected',
  // Notifications.
  proposedForCustomer: (requestId: number, type: ChangeType, price: string) =>
    `Your mover proposes a change to request #${requestId} (${WHAT[type]}) for ${price}. Please accept or reject it.`,
  pricedForCustomer: (requestId: number, type: ChangeType, price: string) =>
    `Your mover priced the change you asked for on request #${requestId} (${WHAT[type]}) at ${price}. Please accept or reject it.`,
  answeredForCompany: (requestId: number, type: ChangeType, accepted: boolean) =>
    `The customer ${accepted ? 'accepted' : 'rejected'} your change to request #${requestId} (${WHAT[type]}).`,
  rescheduled: (requestId: number) =>
    `Your move (request #${requestId}) has a new date or time: the calendar invite is updated.`,
} as const;

const WHAT: Record<ChangeType, string> = {
  request: 'date, time, movers and price',
  address: 'addresses',
  items: 'items',
  'extra-items': 'extra items',
};

/**
 * How long an accept may hold its mark while the provider answers: above the provider's own time
 * limit (30 s), so a live accept is never taken over; a mark older than this was left by a
 * process that ended mid-call.
 */
const ACCEPT_CLAIM_MS = 120_000;

export type ChangeRow = typeof requestChanges.$inferSelect;

/** The proposed values as stored (`proposal`), by type. */
export interface RequestProposal {
  /** 'YYYY-MM-DD' */
  moveDate: string | null;
  moveTime: string | null;
  windowFrom: string | null;
  windowTo: string | null;
  movers: number | null;
}
export type ProposedAddress = RequestAddressFields & { price: number | null };
export interface AddressProposal {
  add: ProposedAddress[];
  edit: (ProposedAddress & { address_id: number })[];
  remove: { address_id: number; price: number | null }[];
}
export interface ItemsProposal {
  items: CreateRequestItem[];
}

const statusWords = (timeline: number) =>
  TIMELINE_LABELS[timeline as TimelineStatus] ?? String(timeline);

const isClosed = (r: RequestRow) =>
  r.requestStatus !== RequestStatus.active ||
  r.timelineStatus === TimelineStatus.cancelled ||
  r.timelineStatus >= TimelineStatus.completedByCompany;

/** 'MM-DD-YYYY' to 'YYYY-MM-DD', refused before the earliest move date (as at creation). */
function proposedDate(sDate: string, timeZone: string, now: Date): string {
  // The schema has checked the form; an unreal day is refused as the past.
  const date = specDateToIso(sDate);
  if (!date) throw AppError.unprocessable(CHANGE_TEXT.pastDate);
  const refusal = moveDayRefusal(date, zonedNow(now, timeZone));
  if (refusal === 'past') throw AppError.unprocessable(CHANGE_TEXT.pastDate);
  if (refusal === 'cutoff') throw AppError.unprocessable(CHANGE_TEXT.cutoffDate);
  return date;
}

/** The open change of a type (awaiting its price, or pending the customer's answer), if any. */
async function openOf(tx: Tx, requestId: number, type: ChangeType) {
  const [row] = await tx
    .select()
    .from(requestChanges)
    .where(
      and(
        eq(requestChanges.requestId, requestId),
        eq(requestChanges.type, type),
        sql`${requestChanges.status} in ('awaiting_price', 'pending')`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** POST /api/company/propose_change. */
export async function proposeChange(opts: {
  db: Db;
  companyId: number;
  input: ProposeChangeInput;
  timeZone: string;
  now?: Date;
}): Promise<ChangeRow> {
  const { input } = opts;
  const now = opts.now ?? new Date();
  const priceCents = toCents(input.price);
  return opts.db.transaction(async (tx) => {
    const request = await lockRequest(tx, input.request_id);
    // Not found and not the company's read the same, so ids don't leak.
    if (!request || request.companyId !== opts.companyId) {
      throw AppError.notFound(REQUEST_NOT_FOUND);
    }
    const guard = {
      request_timeline_status: request.timelineStatus,
      request_status: request.requestStatus,
      request_type: request.requestType,
    };
    if (!canProposeChange(guard)) {
      const words = statusWords(request.timelineStatus);
      // Gone past the last status a change makes sense (completed, cancelled): 409; not there yet: 422.
      throw isClosed(request)
        ? AppError.conflict(CHANGE_TEXT.notOpen(words))
        : AppError.unprocessable(CHANGE_TEXT.notOpen(words));
    }
    const open = await openOf(tx, request.id, input.type);
    if (open) {
      throw AppError.conflict(
        open.status === 'awaiting_price'
          ? CHANGE_TEXT.askedByCustomer(input.type)
          : CHANGE_TEXT.pending(input.type),
      );
    }
    await assertPriceFits(tx, request, priceCents);

    let proposal: RequestProposal | AddressProposal | ItemsProposal;
    switch (input.type) {
      case 'request': {
        const window = payloadWindow(input);
        proposal = {
          moveDate: input.s_date ? proposedDate(input.s_date, opts.timeZone, now) : null,
          moveTime: window ? (input.s_time ?? `${window.from} - ${window.to}`) : null,
          windowFrom: window?.from ?? null,
          windowTo: window?.to ?? null,
          movers: input.movers,
        } satisfies RequestProposal;
        break;
      }
      case 'address': {
        const p: AddressProposal = {
          add: input.new_address_array.map((a) => ({ ...a, price: a.price ?? null })),
          edit: input.edit_address_array.map((a) => ({ ...a, price: a.price ?? null })),
          remove: input.delete_address_array.map((a) => ({
            address_id: a.address_id,
            price: a.price ?? null,
          })),
        };
        await assertAddressesApply(tx, request, p, () =>
          AppError.unprocessable(CHANGE_TEXT.unknownAddress),
        );
        for (const a of [...p.add, ...p.edit]) await assertServed(tx, request, a.zip_code);
        proposal = p;
        break;
      }
      case 'items':
      case 'extra-items':
        await assertCatalogueItems({ db: tx, items: input.items_array });
        proposal = { items: input.items_array } satisfies ItemsProposal;
        break;
    }

    const [row] = await tx
      .insert(requestChanges)
      .values({
        requestId: request.id,
        type: input.type,
        proposal,
        priceCents,
        proposedBy: opts.companyId,
      })
      .returning();
    if (!row) throw new Error('proposeChange inserted nothing');
    await tx
      .insert(requestTimeline)
      .values({ requestId: request.id, activityTitle: CHANGE_TIMELINE[input.type] });
    if (request.customerId !== null) {
      // In-app now, by email after the commit (the customer-messages outbox).
      await notifyCustomer({
        db: tx,
        userId: request.customerId,
        requestId: request.id,
        event: 'change_proposed',
        message: CHANGE_TEXT.proposedForCustomer(request.id, input.type, formatUsd(priceCents)),
      });
    }
    return row;
  });
}

/**
 * A price the request can bear: a saving no larger than the final amount, nor, once paid, than
 * what its escrow holds.
 */
async function assertPriceFits(tx: Tx, request: RequestRow, priceCents: number): Promise<void> {
  if ((request.finalAmountCents ?? 0) + priceCents < 0) {
    throw AppError.unprocessable(CHANGE_TEXT.belowZero);
  }
  if (priceCents < 0 && request.timelineStatus >= TimelineStatus.paid) {
    const held = await balanceOf({ db: tx, account: account.escrow(request.id) });
    if (held < -priceCents) throw AppError.unprocessable(CHANGE_TEXT.escrowShort(formatUsd(held)));
  }
}

/**
 * POST /api/company/price_change: the request's company prices the change its customer asked
 * for. The change becomes pending with that price: the timeline gets its
 * 'Change in …' entry with 'More Details', and the customer is told in-app and by email, as for
 * a proposal. The customer's edits of that kind wait for the answer from then on.
 */
export async function priceChange(opts: {
  db: Db;
  companyId: number;
  input: { request_id: number; type: ChangeType; change_id: number; price: number };
}): Promise<ChangeRow> {
  const { input } = opts;
  const priceCents = toCents(input.price);
  return opts.db.transaction(async (tx) => {
    const request = await lockRequest(tx, input.request_id);
    if (!request || request.companyId !== opts.companyId) {
      throw AppError.notFound(REQUEST_NOT_FOUND);
    }
    const open = await openOf(tx, request.id, input.type);
    if (!open) throw AppError.notFound(CHANGE_TEXT.nothingToPrice);
    // Priced already (by a twin call, or the customer's answer is awaited): the first price holds.
    if (open.status !== 'awaiting_price') throw AppError.conflict(CHANGE_TEXT.pending(input.type));
    if (open.id !== input.change_id) throw AppError.conflict(CHANGE_TEXT.askedAgain);
    const guard = {
      request_timeline_status: request.timelineStatus,
      request_status: request.requestStatus,
      request_type: request.requestType,
    };
    if (!canProposeChange(guard)) {
      throw AppError.conflict(CHANGE_TEXT.notOpen(statusWords(request.timelineStatus)));
    }
    await assertPriceFits(tx, request, priceCents);
    const [row] = await tx
      .update(requestChanges)
      .set({ status: 'pending', priceCents })
      .where(eq(requestChanges.id, open.id))
      .returning();
    if (!row) throw new Error('priceChange updated nothing');
    await tx
      .insert(requestTimeline)
      .values({ requestId: request.id, activityTitle: CHANGE_TIMELINE[input.type] });
    if (request.customerId !== null) {
      await notifyCustomer({
        db: tx,
        userId: request.customerId,
        requestId: request.id,
        event: 'change_proposed',
        message: CHANGE_TEXT.pricedForCustomer(request.id, input.type, formatUsd(priceCents)),
      });
    }
    return row;
  });
}

/**
 * The customer's changes awaiting a company's price, oldest first (of one request, or all its),
 * on requests still open: a cancelled or completed move has nothing left to price.
 */
export async function changesAwaitingPrice(opts: {
  db: Db;
  companyId: number;
  requestId?: number;
}): Promise<ChangeRow[]> {
  return opts.db
    .select({ change: requestChanges })
    .from(requestChanges)
    .innerJoin(requests, eq(requests.id, requestChanges.requestId))
    .where(
      and(
        eq(requests.companyId, opts.companyId),
        eq(requestChanges.status, 'awaiting_price'),
        eq(requests.requestStatus, RequestStatus.active),
        opts.requestId !== undefined ? eq(requests.id, opts.requestId) : undefined,
      ),
    )
    .orderBy(asc(requestChanges.id))
    .then((rows) => rows.map((r) => r.change));
}

/** Every change of a request, answered or not, oldest first: its company's job detail. */
export async function changesOfRequest(db: Db | Tx, requestId: number): Promise<ChangeRow[]> {
  return db
    .select()
    .from(requestChanges)
    .where(eq(requestChanges.requestId, requestId))
    .orderBy(asc(requestChanges.id));
}

/** The pending proposals of a request, for its detail (one per type at most). */
export async function pendingChanges(db: Db | Tx, requestId: number): Promise<ChangeRow[]> {
  return db
    .select()
    .from(requestChanges)
    .where(and(eq(requestChanges.requestId, requestId), eq(requestChanges.status, 'pending')))
    .orderBy(asc(requestChanges.id));
}

export interface ConfirmedChange {
  change: ChangeRow;
  request: RequestRow;
  /** Cents charged into escrow (above 0) or refunded from it (below 0). */
  movedCents: number;
}

/** Applies an accepted proposal to the locked request: its values, the final amount, the record. */
async function applyChange(
  tx: Tx,
  request: RequestRow,
  change: ChangeRow,
  customerId: number,
  paymentId: number | null,
): Promise<RequestRow> {
  const set: Partial<typeof requests.$inferInsert> = {};
  let rescheduled = false;
  switch (change.type) {
    case 'request': {
      const p = change.proposal as RequestProposal;
      if (p.moveDate !== null && p.moveDate !== request.moveDate) {
        set.moveDate = p.moveDate;
        rescheduled = true;
      }
      if (p.windowFrom !== null) {
        rescheduled ||= p.windowFrom !== request.windowFrom || p.windowTo !== request.windowTo;
        set.moveTime = p.moveTime;
        set.windowFrom = p.windowFrom;
        set.windowTo = p.windowTo;
      }
      if (p.movers !== null) {
        set.movers = p.movers;
        // From status 2 the crew shown is the accepted bid's (spec §4).
        if (request.acceptedBidId !== null) {
          await tx
            .update(requestBids)
            .set({ movers: p.movers, updatedAt: sql`now()` })
            .where(eq(requestBids.id, request.acceptedBidId));
        }
      }
      break;
    }
    case 'address': {
      const p = change.proposal as AddressProposal;
      await assertAddressesApply(tx, request, p, () =>
        AppError.unprocessable(CHANGE_TEXT.changedSince),
      );
      for (const e of p.remove) {
        await tx
          .delete(requestAddresses)
          .where(
            and(eq(requestAddresses.id, e.address_id), eq(requestAddresses.requestId, request.id)),
          );
      }
      for (const e of p.edit) {
        await tx
          .update(requestAddresses)
          .set({
            ...(e.address_type !== null ? { addressType: e.address_type } : {}),
            ...addressColumns(e),
          })
          .where(
            and(eq(requestAddresses.id, e.address_id), eq(requestAddresses.requestId, request.id)),
          );
      }
      if (p.add.length > 0) {
        const [held] = await tx
          .select({ last: max(requestAddresses.position) })
          .from(requestAddresses)
          .where(eq(requestAddresses.requestId, request.id));
        let position = (held?.last ?? -1) + 1;
        for (const a of p.add) {
          await tx.insert(requestAddresses).values({
            requestId: request.id,
            position: position++,
            addressType: a.address_type ?? 2,
            ...addressColumns(a),
          });
        }
      }
      break;
    }
    case 'items':
      await replaceItems(tx, request, ItemType.regular, (change.proposal as ItemsProposal).items);
      break;
    case 'extra-items':
      await replaceItems(tx, request, ItemType.extra, (change.proposal as ItemsProposal).items);
      break;
  }
  if (change.priceCents !== 0) {
    set.finalAmountCents = (request.finalAmountCents ?? 0) + change.priceCents;
  }
  const [updated] = await tx
    .update(requests)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(requests.id, request.id))
    .returning();
  if (!updated) throw AppError.notFound(REQUEST_NOT_FOUND);
  if (change.type !== 'request') await recalculateRequest(tx, updated);

  await tx
    .update(requestChanges)
    .set({
      status: 'accepted',
      decidedAt: new Date(),
      decidedBy: customerId,
      acceptingSince: null,
      paymentId,
    })
    .where(eq(requestChanges.id, change.id));
  await tx
    .insert(requestTimeline)
    .values({ requestId: request.id, activityTitle: CHANGE_TEXT.acceptedTitle });
  if (request.companyId !== null) {
    await notify({
      db: tx,
      userId: request.companyId,
      requestId: request.id,
      message: CHANGE_TEXT.answeredForCompany(request.id, change.type, true),
    });
  }
  // A new date or window: the calendar invite the customer holds is replaced (same UID, higher
  // SEQUENCE), once there is one (from payment on).
  if (rescheduled && hasCalendarInvite(request.timelineStatus)) {
    await reviseCalendarInvite({
      db: tx,
      userId: customerId,
      requestId: request.id,
      message: CHANGE_TEXT.rescheduled(request.id),
    });
  }
  const [final] = await tx.select().from(requests).where(eq(requests.id, request.id));
  return final ?? updated;
}

/**
 * Locks the customer's request and finds the pending proposal of `type`: 404 when none was ever
 * proposed, 409 when the last one was answered already or is being accepted right now.
 */
async function lockPending(
  tx: Tx,
  opts: { requestId: number; customerId: number; type: ChangeType; now: Date },
): Promise<{ request: RequestRow; change: ChangeRow }> {
  const request = await lockCustomerRequest(tx, opts.requestId, opts.customerId);
  const open = await openOf(tx, request.id, opts.type);
  if (open?.status === 'awaiting_price') throw AppError.conflict(CHANGE_TEXT.awaitingPrice);
  const change = open;
  if (!change) {
    const [answered] = await tx
      .select({ id: requestChanges.id })
      .from(requestChanges)
      .where(and(eq(requestChanges.requestId, request.id), eq(requestChanges.type, opts.type)))
      .limit(1);
    if (answered) throw AppError.conflict(CHANGE_TEXT.answered);
    throw AppError.notFound(CHANGE_TEXT.noChange);
  }
  if (
    change.acceptingSince !== null &&
    opts.now.getTime() - change.acceptingSince.getTime() < ACCEPT_CLAIM_MS
  ) {
    throw AppError.conflict(CHANGE_TEXT.inProgress);
  }
  return { request, change };
}

/** The reject of a confirmation call: the proposal is closed, the request stays as it is. */
export async function rejectChange(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  type: ChangeType;
}): Promise<ConfirmedChange> {
  return opts.db.transaction(async (tx) => {
    const { request, change } = await lockPending(tx, { ...opts, now: new Date() });
    const [decided] = await tx
      .update(requestChanges)
      .set({
        status: 'rejected',
        decidedAt: new Date(),
        decidedBy: opts.customerId,
        acceptingSince: null,
      })
      .where(eq(requestChanges.id, change.id))
      .returning();
    await tx
      .insert(requestTimeline)
      .values({ requestId: request.id, activityTitle: CHANGE_TEXT.rejectedTitle });
    if (request.companyId !== null) {
      await notify({
        db: tx,
        userId: request.companyId,
        requestId: request.id,
        message: CHANGE_TEXT.answeredForCompany(request.id, change.type, false),
      });
    }
    return { change: decided ?? change, request, movedCents: 0 };
  });
}

/**
 * The accept of a confirmation call. `priceCents` is the price the customer's screen showed: it
 * must be the proposal's (422 otherwise). See the module comment for the money.
 */
export async function acceptChange(opts: {
  db: Db;
  gateway: PaymentGateway;
  customerId: number;
  requestId: number;
  type: ChangeType;
  priceCents: number;
  /** The service area's time zone: its clock says whether a proposed date has passed. */
  timeZone: string;
  timeoutMs?: number;
}): Promise<ConfirmedChange> {
  const { db, customerId } = opts;
  const claimedAt = new Date();
  const first = await db.transaction(async (tx) => {
    const { request, change } = await lockPending(tx, { ...opts, now: claimedAt });
    if (change.priceCents !== opts.priceCents) {
      throw AppError.unprocessable(CHANGE_TEXT.priceMismatch(formatUsd(change.priceCents)));
    }
    if (isClosed(request)) {
      throw AppError.conflict(CHANGE_TEXT.closed(statusWords(request.timelineStatus)));
    }
    // A date proposed days ago may have passed since: it can no longer be booked.
    const proposedDay =
      change.type === 'request' ? (change.proposal as RequestProposal).moveDate : null;
    if (proposedDay && moveDayRefusal(proposedDay, zonedNow(claimedAt, opts.timeZone)) === 'past') {
      throw AppError.unprocessable(CHANGE_TEXT.datePassed);
    }
    if (!changeNeedsPayment(request.timelineStatus, change.priceCents)) {
      const updated = await applyChange(tx, request, change, customerId, null);
      const [decided] = await tx
        .select()
        .from(requestChanges)
        .where(eq(requestChanges.id, change.id));
      return { done: { change: decided ?? change, request: updated, movedCents: 0 } };
    }
    // Whatever the money step needs to know must hold now, before the provider is called.
    if (change.type === 'address') {
      await assertAddressesApply(tx, request, change.proposal as AddressProposal, () =>
        AppError.unprocessable(CHANGE_TEXT.changedSince),
      );
    }
    if (change.priceCents < 0) {
      const held = await balanceOf({ db: tx, account: account.escrow(request.id) });
      if (held < -change.priceCents) {
        throw AppError.unprocessable(CHANGE_TEXT.escrowShort(formatUsd(held)));
      }
    }
    await tx
      .update(requestChanges)
      .set({ acceptingSince: claimedAt })
      .where(eq(requestChanges.id, change.id));
    return { claim: change };
  });
  if (first.done) return first.done;
  const change = first.claim;

  const result: { done?: ConfirmedChange } = {};
  /** The final transaction: the ledger is written by moveMoney, the change applied here. */
  const apply = (idempotencyKey: string, charge: boolean) => async (tx: Tx) => {
    const request = await lockCustomerRequest(tx, opts.requestId, customerId);
    const [now] = await tx.select().from(requestChanges).where(eq(requestChanges.id, change.id));
    if (
      !now ||
      now.status !== 'pending' ||
      now.acceptingSince?.getTime() !== claimedAt.getTime() ||
      // A charge is given back when the request closed meanwhile (moveMoney compensates it); a
      // refund already made at the provider is recorded whatever happened since.
      (charge && isClosed(request))
    ) {
      throw AppError.conflict(CHANGE_TEXT.raced);
    }
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.idempotencyKey, idempotencyKey));
    const updated = await applyChange(tx, request, now, customerId, payment?.id ?? null);
    const [decided] = await tx
      .select()
      .from(requestChanges)
      .where(eq(requestChanges.id, change.id));
    result.done = { change: decided ?? now, request: updated, movedCents: change.priceCents };
  };

  try {
    let replayed: boolean;
    if (change.priceCents > 0) {
      const attempt = await chargeAttempt(db, opts.requestId, customerId, change.id);
      const key = `${opts.requestId}:hold:${attempt}`;
      ({ replayed } = await holdInEscrow({
        db,
        gateway: opts.gateway,
        requestId: opts.requestId,
        customerId,
        amountCents: change.priceCents,
        feeCents: 0,
        attempt,
        apply: apply(key, true),
        ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
      }));
    } else {
      const key = `${opts.requestId}:refund-change:${change.id}`;
      ({ replayed } = await refundFromEscrow({
        db,
        gateway: opts.gateway,
        requestId: opts.requestId,
        customerId,
        amountCents: -change.priceCents,
        attempt: change.id,
        reason: 'change',
        apply: apply(key, false),
      }));
    }
    // The key had already been recorded: this accept was made before.
    if (replayed || !result.done) throw AppError.conflict(CHANGE_TEXT.answered);
    return result.done;
  } catch (err) {
    // Nothing was applied: the proposal waits again for the customer (a declined card, the
    // provider unavailable, a lost race).
    await db
      .update(requestChanges)
      .set({ acceptingSince: null })
      .where(
        and(
          eq(requestChanges.id, change.id),
          eq(requestChanges.status, 'pending'),
          eq(requestChanges.acceptingSince, claimedAt),
        ),
      );
    throw err;
  }
}

/**
 * The attempt part of a change charge's idempotency key: the proposal, the card and how many
 * charges of it were given back before. A declined card stays declined under its key; another
 * card, or a new start after a reversed charge, is a new attempt (as make_payment's).
 */
async function chargeAttempt(
  db: Db,
  requestId: number,
  customerId: number,
  changeId: number,
): Promise<string> {
  const [card] = await db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(eq(paymentCards.userId, customerId));
  if (!card) throw AppError.badRequest(MSG.noActiveCard);
  const [reversed] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.requestId, requestId),
        eq(payments.kind, 'hold'),
        eq(payments.status, 'failed'),
        eq(payments.error, COMPENSATED),
        like(payments.idempotencyKey, `${requestId}:hold:change-${changeId}-%`),
      ),
    );
  return `change-${changeId}-${card.id}-${(reversed?.n ?? 0) + 1}`;
}
