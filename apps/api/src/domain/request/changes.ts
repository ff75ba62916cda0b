import { and, asc, eq, max, sql } from 'drizzle-orm';
import {
  canProposeChange,
  CHANGE_TIMELINE,
  changeNeedsPayment,
  formatUsd,
  hasCalendarInvite,
  isChangeClosed,
  isPriceAgreed,
  ItemType,
  MAX_ADDRESSES,
  moveDayRefusal,
  payloadWindow,
  TIMELINE_LABELS,
  toCents,
  zonedNow,
  type ChangeType,
  type ProposeChangeInput,
  type TimelineStatus,
  specDateToIso,
} from '@movehub/shared';
import type { Db, Transaction, Tx } from '../../db/client';
import { requestAddresses, requestBids, requestChanges, requests } from '../../db/schema';
import { AppError } from '../../errors';
import type { Notice } from '../../platform/events/events';
import type { Domain } from '../context';
import { account } from '../money/ledger';
import { chargeableCard, type MovementPurpose, type PaymentRow } from '../money/movements';
import { runRequestCommand, type CommandContext } from './command';
import { compensate, COMPENSATION_TEXT } from './compensation';
import {
  addressColumns,
  assertAddressesApply,
  assertCatalogueItems,
  assertServed,
  recalculateRequest,
  replaceItems,
} from './details';
import { reserveEscrowRefund } from './escrow-refund';
import { activeRequestSql, REQUEST_NOT_FOUND, type RequestRow } from './lifecycle';
import type { AddressProposal, ItemsProposal, RequestProposal } from './proposals';
import { answerOf } from './outcomes';

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
 * The confirmations: reject marks the proposal rejected and changes nothing else. Accept is one
 * request command (docs/decisions/033): under the request's lock it checks the proposal, the
 * price shown and what the request can bear now (a final price never below zero, an escrow never
 * giving what it does not hold), then, below status 3, applies the change. From 3 on a saving is
 * applied at once and its refund written as pending movements (one per charge it goes back
 * through), made by the provider after the commit; a difference to pay is written as a pending
 * charge of the saved card, and the change applies once the charge succeeds (changeChargePosted),
 * or stays pending for the customer when the card is declined. The charge carries no processing
 * fee and no discount: the difference is the company's price for the change.
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
  changedSinceProposed:
    'The request changed since this change was proposed, and its price no longer fits: please reject it and ask the company for a new one.',
  priceMismatch: (price: string) =>
    `The price of this change is ${price}. Please look at it again before accepting.`,
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

export type ChangeRow = typeof requestChanges.$inferSelect;

const statusWords = (timeline: number) =>
  TIMELINE_LABELS[timeline as TimelineStatus] ?? String(timeline);

const isClosed = (r: RequestRow) => isChangeClosed(r.requestStatus, r.timelineStatus);

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

const changeGuard = (request: RequestRow) => ({
  request_timeline_status: request.timelineStatus,
  request_status: request.requestStatus,
  request_type: request.requestType,
});

/** The company's commands: the request's company only (others read not found). */
const ofCompany = (companyId: number) => (r: RequestRow) => r.companyId === companyId;

/** POST /api/company/propose_change. */
export async function proposeChange(opts: {
  domain: Domain;
  companyId: number;
  input: ProposeChangeInput;
  now?: Date;
}): Promise<ChangeRow> {
  const { input } = opts;
  const priceCents = toCents(input.price);
  const { value } = await runRequestCommand(opts.domain, {
    requestId: input.request_id,
    actor: { type: 'company', userId: opts.companyId },
    authorize: ofCompany(opts.companyId),
    run: async (ctx) => {
      const { tx, request } = ctx;
      if (!canProposeChange(changeGuard(request))) {
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
      await assertPriceFits(ctx, priceCents, (m) => AppError.unprocessable(m));

      let proposal: RequestProposal | AddressProposal | ItemsProposal;
      switch (input.type) {
        case 'request': {
          const window = payloadWindow(input);
          proposal = {
            moveDate: input.s_date
              ? proposedDate(input.s_date, opts.domain.timeZone, opts.now ?? ctx.now)
              : null,
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
      await askCustomer(
        ctx,
        input.type,
        CHANGE_TEXT.proposedForCustomer(request.id, input.type, formatUsd(priceCents)),
      );
      return row;
    },
  });
  return value;
}

/**
 * A change now waits for the customer's answer: the timeline's 'Change in …' entry (with 'More
 * Details') and the customer told in-app and by email.
 */
async function askCustomer(ctx: CommandContext, type: ChangeType, message: string) {
  await ctx.timeline(CHANGE_TIMELINE[type]);
  const { customerId } = ctx.request;
  ctx.emit({
    type: 'request.change_proposed',
    notices:
      customerId === null
        ? []
        : [{ userId: customerId, message, customer: { event: 'change_proposed' } }],
  });
}

/**
 * A price the request can bear, read under its lock: a saving no larger than the final amount,
 * nor, once paid, than what its escrow can still give. `refuse` makes the answer: 422 when a
 * company proposes too much, 409 when a customer's accept finds the request changed since.
 */
async function assertPriceFits(
  ctx: CommandContext,
  priceCents: number,
  refuse: (message: string) => AppError,
): Promise<void> {
  const { request } = ctx;
  if ((request.finalAmountCents ?? 0) + priceCents < 0) throw refuse(CHANGE_TEXT.belowZero);
  if (priceCents < 0 && isPriceAgreed(request.timelineStatus)) {
    const held = await ctx.available(account.escrow(request.id));
    if (held < -priceCents) throw refuse(CHANGE_TEXT.escrowShort(formatUsd(held)));
  }
}

/**
 * POST /api/company/price_change: the request's company prices the change its customer asked
 * for. The change becomes pending with that price: the timeline gets its
 * 'Change in …' entry with 'More Details', and the customer is told in-app and by email, as for
 * a proposal. The customer's edits of that kind wait for the answer from then on.
 */
export async function priceChange(opts: {
  domain: Domain;
  companyId: number;
  input: { request_id: number; type: ChangeType; change_id: number; price: number };
}): Promise<ChangeRow> {
  const { input } = opts;
  const priceCents = toCents(input.price);
  const { value } = await runRequestCommand(opts.domain, {
    requestId: input.request_id,
    actor: { type: 'company', userId: opts.companyId },
    authorize: ofCompany(opts.companyId),
    run: async (ctx) => {
      const { tx, request } = ctx;
      const open = await openOf(tx, request.id, input.type);
      if (!open) throw AppError.notFound(CHANGE_TEXT.nothingToPrice);
      // Priced already (by a twin call, or the customer's answer is awaited): the first price holds.
      if (open.status !== 'awaiting_price')
        throw AppError.conflict(CHANGE_TEXT.pending(input.type));
      if (open.id !== input.change_id) throw AppError.conflict(CHANGE_TEXT.askedAgain);
      if (!canProposeChange(changeGuard(request))) {
        throw AppError.conflict(CHANGE_TEXT.notOpen(statusWords(request.timelineStatus)));
      }
      await assertPriceFits(ctx, priceCents, (m) => AppError.unprocessable(m));
      const [row] = await tx
        .update(requestChanges)
        .set({ status: 'pending', priceCents })
        .where(eq(requestChanges.id, open.id))
        .returning();
      if (!row) throw new Error('priceChange updated nothing');
      await askCustomer(
        ctx,
        input.type,
        CHANGE_TEXT.pricedForCustomer(request.id, input.type, formatUsd(priceCents)),
      );
      return row;
    },
  });
  return value;
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
        activeRequestSql(requests.requestStatus),
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

/**
 * Applies an accepted proposal to the locked request: its values, the final amount, the record
 * (status accepted, timeline, the company told, the calendar invite updated when the date or the
 * window moved).
 */
async function applyChange(
  ctx: CommandContext,
  change: ChangeRow,
  paymentId: number | null,
): Promise<ConfirmedChange> {
  const { tx, request } = ctx;
  const customerId = request.customerId!;
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
  const updated = await ctx.update(set);
  if (change.type !== 'request') {
    await recalculateRequest(tx, updated);
    ctx.request = (await tx.select().from(requests).where(eq(requests.id, request.id)))[0]!;
  }
  const [decided] = await tx
    .update(requestChanges)
    .set({
      status: 'accepted',
      decidedAt: new Date(),
      decidedBy: customerId,
      acceptingSince: null,
      paymentId,
    })
    .where(eq(requestChanges.id, change.id))
    .returning();
  await ctx.timeline(CHANGE_TEXT.acceptedTitle);
  const notices: Notice[] = [];
  if (request.companyId !== null) {
    notices.push({
      userId: request.companyId,
      message: CHANGE_TEXT.answeredForCompany(request.id, change.type, true),
    });
  }
  // A new date or window: the calendar invite the customer holds is replaced (same UID, higher
  // SEQUENCE), once there is one (from payment on).
  if (rescheduled && hasCalendarInvite(request.timelineStatus)) {
    notices.push({
      userId: customerId,
      message: CHANGE_TEXT.rescheduled(request.id),
      customer: {
        event: 'rescheduled',
        calendar: { method: 'request', sequence: await ctx.calendarSequence(true) },
      },
    });
  }
  ctx.emit({
    type: 'request.change_answered',
    notices,
    data: { changeId: change.id, accepted: true },
  });
  return { change: decided ?? change, request: ctx.request, movedCents: 0 };
}

/**
 * The pending proposal of `type` of the locked request: 404 when none was ever proposed, 409 when
 * the last one was answered already, waits for its price, or its charge is at the provider.
 */
async function pendingOf(ctx: CommandContext, type: ChangeType): Promise<ChangeRow> {
  const open = await openOf(ctx.tx, ctx.request.id, type);
  if (open?.status === 'awaiting_price') throw AppError.conflict(CHANGE_TEXT.awaitingPrice);
  if (!open) {
    const [answered] = await ctx.tx
      .select({ id: requestChanges.id })
      .from(requestChanges)
      .where(and(eq(requestChanges.requestId, ctx.request.id), eq(requestChanges.type, type)))
      .limit(1);
    if (answered) throw AppError.conflict(CHANGE_TEXT.answered);
    throw AppError.notFound(CHANGE_TEXT.noChange);
  }
  return open;
}

/** The customer's commands: the request's customer only. */
const ofCustomer = (customerId: number) => (r: RequestRow) => r.customerId === customerId;

/**
 * The reject of a confirmation call: the proposal is closed, the request stays as it is. Refused
 * (409) while an accept of it is paying: the request's unsettled movement says so.
 */
export async function rejectChange(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
  type: ChangeType;
}): Promise<ConfirmedChange> {
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'customer', userId: opts.customerId },
    authorize: ofCustomer(opts.customerId),
    run: async (ctx) => {
      const change = await pendingOf(ctx, opts.type);
      if (change.paymentId !== null) throw AppError.conflict(CHANGE_TEXT.inProgress);
      const [decided] = await ctx.tx
        .update(requestChanges)
        .set({
          status: 'rejected',
          decidedAt: new Date(),
          decidedBy: opts.customerId,
          acceptingSince: null,
        })
        .where(eq(requestChanges.id, change.id))
        .returning();
      await ctx.timeline(CHANGE_TEXT.rejectedTitle);
      const { request } = ctx;
      ctx.emit({
        type: 'request.change_answered',
        notices:
          request.companyId !== null
            ? [
                {
                  userId: request.companyId,
                  message: CHANGE_TEXT.answeredForCompany(request.id, change.type, false),
                },
              ]
            : [],
        data: { changeId: change.id, accepted: false },
      });
      return { change: decided ?? change, request, movedCents: 0 };
    },
  });
  return value;
}

/** The pending charge of this change's accept: the same charge, asked about again. */
function sameChangeCharge(pending: PaymentRow, type: ChangeType, priceCents: number): boolean {
  const purpose = pending.purpose as MovementPurpose | null;
  return (
    pending.kind === 'hold' &&
    purpose?.type === 'change-charge' &&
    purpose.changeType === type &&
    pending.amountCents === priceCents
  );
}

/**
 * The accept of a confirmation call. `priceCents` is the price the customer's screen showed: it
 * must be the proposal's (422 otherwise). See the module comment for the money.
 */
export async function acceptChange(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
  type: ChangeType;
  priceCents: number;
}): Promise<ConfirmedChange> {
  const { customerId } = opts;
  const { value, movements } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'customer', userId: customerId },
    authorize: ofCustomer(customerId),
    money: { resume: (pending) => sameChangeCharge(pending, opts.type, opts.priceCents) },
    run: async (ctx): Promise<ConfirmedChange | null> => {
      if (ctx.pending) {
        ctx.resume(ctx.pending);
        return null;
      }
      const { request } = ctx;
      const change = await pendingOf(ctx, opts.type);
      if (change.priceCents !== opts.priceCents) {
        throw AppError.unprocessable(CHANGE_TEXT.priceMismatch(formatUsd(change.priceCents)));
      }
      if (isClosed(request)) {
        throw AppError.conflict(CHANGE_TEXT.closed(statusWords(request.timelineStatus)));
      }
      // A date proposed days ago may have passed since: it can no longer be booked.
      const proposedDay =
        change.type === 'request' ? (change.proposal as RequestProposal).moveDate : null;
      if (
        proposedDay &&
        moveDayRefusal(proposedDay, zonedNow(ctx.now, opts.domain.timeZone)) === 'past'
      ) {
        throw AppError.unprocessable(CHANGE_TEXT.datePassed);
      }
      // What the request can bear is read now, under the lock: another change accepted since
      // this one was proposed may have taken the final price or the escrow down (409).
      await assertPriceFits(ctx, change.priceCents, (m) => AppError.conflict(m));
      if (change.type === 'address') {
        await assertAddressesApply(ctx.tx, request, change.proposal as AddressProposal, () =>
          AppError.unprocessable(CHANGE_TEXT.changedSince),
        );
      }
      if (!changeNeedsPayment(request.timelineStatus, change.priceCents)) {
        return applyChange(ctx, change, null);
      }
      if (change.priceCents < 0) {
        // A saving: applied now, its refund made by the provider after the commit.
        const done = await applyChange(ctx, change, null);
        await reserveEscrowRefund(ctx, {
          customerId,
          amountCents: -change.priceCents,
          purpose: { type: 'change-refund', changeId: change.id },
        });
        return { ...done, movedCents: change.priceCents };
      }
      // A difference to pay: charged first, applied once the charge succeeds.
      const card = await chargeableCard(ctx.tx, customerId);
      const charge = await ctx.reserve({
        kind: 'hold',
        amountCents: change.priceCents,
        customerId,
        targetRef: card.cardRef,
        customerRef: card.customerRef,
        entries: [
          { account: account.customerCard(customerId), amountCents: -change.priceCents },
          { account: account.escrow(request.id), amountCents: change.priceCents },
        ],
        purpose: { type: 'change-charge', changeId: change.id, changeType: change.type },
      });
      await ctx.tx
        .update(requestChanges)
        .set({ paymentId: charge.id, acceptingSince: ctx.now })
        .where(eq(requestChanges.id, change.id));
      return null;
    },
  });
  if (value) return value;
  const outcome = movements[0];
  if (!outcome) throw AppError.conflict(CHANGE_TEXT.answered);
  answerOf(outcome);
  if (outcome.state === 'posted' && outcome.givenBack) {
    throw AppError.conflict(COMPENSATION_TEXT.notApplied);
  }
  if (outcome.state === 'posted' && outcome.result) return outcome.result as ConfirmedChange;
  throw AppError.conflict(CHANGE_TEXT.answered);
}

/** A change's charge succeeded (settled under the lock): the change applies. */
export async function changeChargePosted(
  ctx: CommandContext,
  payment: PaymentRow,
): Promise<ConfirmedChange | undefined> {
  const purpose = payment.purpose as Extract<MovementPurpose, { type: 'change-charge' }>;
  const [change] = await ctx.tx
    .select()
    .from(requestChanges)
    .where(eq(requestChanges.id, purpose.changeId));
  if (!change || change.status !== 'pending' || isClosed(ctx.request)) {
    await compensate(ctx, payment);
    return undefined;
  }
  const done = await applyChange(ctx, change, payment.id);
  return { ...done, movedCents: payment.amountCents };
}

/** A change's charge was refused: the proposal waits for the customer's answer again. */
export async function changeChargeVoided(ctx: CommandContext, payment: PaymentRow): Promise<void> {
  const purpose = payment.purpose as Extract<MovementPurpose, { type: 'change-charge' }>;
  await clearAccepting(ctx.tx, purpose.changeId, payment.id);
}

async function clearAccepting(tx: Transaction, changeId: number, paymentId: number) {
  await tx
    .update(requestChanges)
    .set({ paymentId: null, acceptingSince: null })
    .where(
      and(
        eq(requestChanges.id, changeId),
        eq(requestChanges.status, 'pending'),
        eq(requestChanges.paymentId, paymentId),
      ),
    );
}
