import { and, asc, count, eq, max, ne, sql } from 'drizzle-orm';
import {
  canEditRequestDetails,
  editNeedsCompanyPrice,
  isDirectRequest,
  isPriceAgreed,
  ItemType,
  MAX_ADDRESSES,
  MAX_ITEM_LINES,
  MAX_TOTAL_QUANTITY,
  MSG,
  RequestStatus,
  TIMELINE_LABELS,
  TimelineStatus,
  totalQuantityMessage,
  type CreateRequestItem,
  type EditChangeType,
  type RequestAddressFields,
  type ServerAddress,
  type ServerItem,
} from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import {
  moveTypes,
  requestAddresses,
  requestChanges,
  requestItemImages,
  requestItems,
  requests,
  requestTimeline,
} from '../../db/schema';
import { AppError } from '../../errors';
import { assertServedZip } from '../catalogue/catalogue.service';
import {
  addressColumns,
  assertCatalogueItems,
  estimateMove,
  insertRequestItems,
} from '../create-request/create-request.service';
import { lockCustomerRequest, type RequestRow } from '../../domain/request/lifecycle';
import { notify } from '../notifications/notifications.service';
import { centsToDollars } from '../../lib/wire';
import { toServerAddress, toServerItem } from '../requests/requests.wire';
import type { AddressProposal, ItemsProposal } from '../../domain/request/changes';

/*
 * The customer's edits of a request's addresses, items and extra items (spec §2 "Item and
 * extra-item editing", "Address add and edit", §4 "Guards", §7). Each edit runs in one
 * transaction: lock the request row (lockCustomerRequest: 404 unless it is the caller's), check
 * the guard, change, recalculate what the request derives from its addresses and items, write
 * the timeline entry and tell the company that handles the move. A failure anywhere rolls all of
 * it back.
 *
 * Money: an edit never changes an amount that was agreed. Before status 3 (marketplace requests
 * are edited only then) the estimate (recommend_amount) is recalculated as at creation. From 3
 * on (direct requests, up to 5) the move is paid at the company's price, so an edit may change
 * what it costs: it is not applied but stored as a change awaiting the company's price
 * (request_changes, status 'awaiting_price'). The company prices it (price_change), and
 * the customer accepts it, paying or being refunded the difference, or rejects it, as any
 * proposal. Further edits of the same kind before the price join the same change.
 */

/** Not found and not the request's read the same, so ids don't leak. */
export const ADDRESS_NOT_FOUND = 'Address not found.';
/** The wizard's limit (spec §9: at most 6 addresses, A to F). */
export const TOO_MANY_ADDRESSES = `At most ${MAX_ADDRESSES} addresses are allowed.`;
export const TOO_MANY_ITEM_LINES = `A move may hold at most ${MAX_ITEM_LINES} item lines in all.`;

/** The timeline entries of the edits (ours: the spec names none for the customer's own edits). */
export const EDIT_TIMELINE = {
  addressAdded: 'Address added',
  addressChanged: 'Address changed',
  addressDeleted: 'Address deleted',
  itemsChanged: 'Items changed',
  extraItemsChanged: 'Extra items changed',
} as const;
type EditTitle = (typeof EDIT_TIMELINE)[keyof typeof EDIT_TIMELINE];

const WHAT_CHANGED: Record<EditTitle, string> = {
  'Address added': 'added an address to',
  'Address changed': 'changed an address of',
  'Address deleted': 'deleted an address of',
  'Items changed': 'changed the items of',
  'Extra items changed': 'changed the extra items of',
};

/** To the company that handles the move: what the customer changed. */
export const companyEditNotice = (requestId: number, title: EditTitle) =>
  `The customer ${WHAT_CHANGED[title]} move request #${requestId}.`;

/**
 * A closed request (cancelled, or the move completed: request_status done, status 7 and on) has
 * gone past every edit: 409, as shared refusalKind answers a request gone past a move.
 */
export const EDIT_CLOSED =
  'This request is closed (completed or cancelled): its addresses and items can no longer be changed.';
/** spec §4 Guards: marketplace requests below 3, direct ones below 6 (422 otherwise). */
export const editRefusal = (request: Pick<RequestRow, 'timelineStatus' | 'requestType'>) => {
  const status = TIMELINE_LABELS[request.timelineStatus as TimelineStatus] ?? 'closed';
  const until = isDirectRequest({ request_type: request.requestType })
    ? 'until the move is completed'
    : 'until the move is paid';
  return `Addresses and items can be changed only ${until}; this request is ${status}.`;
};

function assertEditable(request: RequestRow): void {
  if (
    request.requestStatus !== RequestStatus.active ||
    request.timelineStatus === TimelineStatus.cancelled ||
    request.timelineStatus >= TimelineStatus.completed
  ) {
    throw AppError.conflict(EDIT_CLOSED);
  }
  const allowed = canEditRequestDetails({
    request_timeline_status: request.timelineStatus,
    request_status: request.requestStatus,
    request_type: request.requestType,
  });
  if (!allowed) throw AppError.unprocessable(editRefusal(request));
}

/** What an edit answers: the request's addresses and items after it, and what derives from them. */
export interface RequestEditResult {
  request_id: number;
  request_address: ServerAddress[];
  request_item: ServerItem[];
  extra_request_items: ServerItem[];
  net_distance: number;
  recommend_amount: number | null;
  awaiting_price: boolean;
}

/** An edit as the change it asks for, when it must be priced first. */
export type EditAsChange =
  | { type: 'address'; proposal: AddressProposal }
  | { type: 'items' | 'extra-items'; proposal: ItemsProposal };

/** The timeline entry of an edit sent for pricing (ours). */
export const awaitingPriceTitle = (title: EditTitle) => `${title}, awaiting the mover's price`;

/** To the company: what the customer asks, to be priced. */
export const companyPriceNotice = (requestId: number, title: EditTitle) =>
  `The customer ${WHAT_CHANGED[title]} move request #${requestId}. Please price the change so that they can accept it.`;

/** A change of this kind proposed by the company waits for the customer's answer. */
export const EDIT_WAITS_FOR_ANSWER =
  'Your mover proposed a change of this kind that waits for your answer: please accept or reject it first.';

/** The customer's own edit of this kind, priced by the company, waits for the customer's answer. */
export const EDIT_PRICED_WAITS_FOR_ANSWER =
  'Your mover has priced your earlier change of this kind: please accept or reject it first.';

/**
 * The address proposal can apply to the request as it is now: the addresses it edits and
 * deletes are the request's, and the request keeps 2 to 6 addresses. Checked when a change is
 * asked for or proposed, and again when accepted (addresses may have changed meanwhile).
 */
export async function assertAddressesApply(
  tx: Tx,
  request: RequestRow,
  p: AddressProposal,
  whenGone: () => AppError,
): Promise<void> {
  const rows = await tx
    .select({ id: requestAddresses.id })
    .from(requestAddresses)
    .where(eq(requestAddresses.requestId, request.id));
  const ids = new Set(rows.map((r) => r.id));
  for (const e of [...p.edit, ...p.remove]) {
    if (!ids.has(e.address_id)) throw whenGone();
  }
  const after = rows.length + p.add.length - p.remove.length;
  if (after < 2) throw AppError.unprocessable(MSG.minTwoAddresses);
  if (after > MAX_ADDRESSES) throw AppError.unprocessable(TOO_MANY_ADDRESSES);
}

/** A further address edit joins the one awaiting its price: the last word on an address wins. */
function mergeAddressChanges(prev: AddressProposal, next: AddressProposal): AddressProposal {
  const touched = new Set([...next.edit, ...next.remove].map((e) => e.address_id));
  return {
    add: [...prev.add, ...next.add],
    edit: [...prev.edit.filter((e) => !touched.has(e.address_id)), ...next.edit],
    remove: [...prev.remove.filter((e) => !touched.has(e.address_id)), ...next.remove],
  };
}

/**
 * Stores the customer's edit of a paid direct request as a change awaiting the company's price,
 * or joins it to the one already waiting; checks it as the edit itself would be checked.
 */
async function askForPrice(
  tx: Tx,
  request: RequestRow,
  customerId: number,
  edit: EditAsChange,
  title: EditTitle,
): Promise<void> {
  const [open] = await tx
    .select()
    .from(requestChanges)
    .where(
      and(
        eq(requestChanges.requestId, request.id),
        eq(requestChanges.type, edit.type satisfies EditChangeType),
        sql`${requestChanges.status} in ('awaiting_price', 'pending')`,
      ),
    )
    .limit(1);
  if (open?.status === 'pending') {
    throw AppError.conflict(
      open.proposedBy === customerId ? EDIT_PRICED_WAITS_FOR_ANSWER : EDIT_WAITS_FOR_ANSWER,
    );
  }
  let proposal: AddressProposal | ItemsProposal;
  if (edit.type === 'address') {
    const merged = open
      ? mergeAddressChanges(open.proposal as AddressProposal, edit.proposal)
      : edit.proposal;
    await assertAddressesApply(tx, request, merged, () => AppError.notFound(ADDRESS_NOT_FOUND));
    proposal = merged;
  } else {
    const type = edit.type === 'items' ? ItemType.regular : ItemType.extra;
    await assertItemLines(tx, request, type, edit.proposal.items);
    proposal = edit.proposal;
  }
  // A further edit replaces the waiting change with a new one (a new id), so that a price the
  // company gives to the change it listed never applies to edits it has not read (price_change).
  if (open) await tx.delete(requestChanges).where(eq(requestChanges.id, open.id));
  await tx.insert(requestChanges).values({
    requestId: request.id,
    type: edit.type,
    status: 'awaiting_price',
    proposal,
    priceCents: 0,
    proposedBy: customerId,
  });
  await tx
    .insert(requestTimeline)
    .values({ requestId: request.id, activityTitle: awaitingPriceTitle(title) });
  if (request.companyId !== null) {
    await notify({
      db: tx,
      userId: request.companyId,
      requestId: request.id,
      message: companyPriceNotice(request.id, title),
    });
  }
}

async function readAddresses(tx: Tx, requestId: number) {
  return tx
    .select()
    .from(requestAddresses)
    .where(eq(requestAddresses.requestId, requestId))
    .orderBy(asc(requestAddresses.position), asc(requestAddresses.id));
}

async function readItems(tx: Tx, requestId: number) {
  return tx.query.requestItems.findMany({
    where: eq(requestItems.requestId, requestId),
    columns: { requestId: false, position: false, currency: false },
    orderBy: [asc(requestItems.position), asc(requestItems.id)],
    with: { images: { columns: { imageUrl: true }, orderBy: asc(requestItemImages.id) } },
  });
}

/**
 * Runs `change` on the caller's locked request when the guards allow it, then recalculates the
 * route distance (always: it is a fact of the addresses) and, before payment, the estimate;
 * writes the timeline entry and tells the company, all in one transaction.
 */
async function editRequest(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  title: EditTitle;
  change: (tx: Tx, request: RequestRow) => Promise<void>;
  /** The edit as a change to be priced, when the request is paid. */
  asChange: EditAsChange;
}): Promise<RequestEditResult> {
  return opts.db.transaction(async (tx) => {
    const request = await lockCustomerRequest(tx, opts.requestId, opts.customerId);
    assertEditable(request);
    const guard = {
      request_timeline_status: request.timelineStatus,
      request_type: request.requestType,
    };
    if (editNeedsCompanyPrice(guard)) {
      await askForPrice(tx, request, opts.customerId, opts.asChange, opts.title);
      return { ...(await recalculateRequest(tx, request)), awaiting_price: true };
    }
    await opts.change(tx, request);
    const result = await recalculateRequest(tx, request);
    await tx.insert(requestTimeline).values({ requestId: request.id, activityTitle: opts.title });
    if (request.companyId !== null) {
      await notify({
        db: tx,
        userId: request.companyId,
        requestId: request.id,
        message: companyEditNotice(request.id, opts.title),
      });
    }
    return { ...result, awaiting_price: false };
  });
}

/**
 * After a change of a locked request's addresses or items (the customer's edit, or a change the
 * company proposed and the customer accepted): recalculates the route distance (always: it is a
 * fact of the addresses) and, before the price is agreed, the estimate; answers what the request
 * now holds. Runs in the caller's transaction.
 */
export async function recalculateRequest(
  tx: Tx,
  request: RequestRow,
): Promise<Omit<RequestEditResult, 'awaiting_price'>> {
  const addresses = await readAddresses(tx, request.id);
  const items = await readItems(tx, request.id);
  const [moveType] = request.moveTypeId
    ? await tx
        .select({ name: moveTypes.name })
        .from(moveTypes)
        .where(eq(moveTypes.id, request.moveTypeId))
        .limit(1)
    : [];
  const estimate = estimateMove({
    addresses: addresses.map((a) => ({
      latitude: a.latitude,
      longitude: a.longitude,
      is_stairs: a.isStairs,
      number_of_flights: a.numberOfFlights,
    })),
    items,
    movers: request.movers ?? 2,
    moveTypeName: moveType?.name ?? null,
  });
  const recommendAmountCents = isPriceAgreed(request.timelineStatus)
    ? request.recommendAmountCents
    : estimate.recommendAmountCents;
  await tx
    .update(requests)
    .set({ netDistanceMiles: estimate.miles, recommendAmountCents, updatedAt: sql`now()` })
    .where(eq(requests.id, request.id));
  return {
    request_id: request.id,
    request_address: addresses.map(toServerAddress),
    request_item: items.filter((i) => i.type !== ItemType.extra).map(toServerItem),
    extra_request_items: items.filter((i) => i.type === ItemType.extra).map(toServerItem),
    net_distance: estimate.miles,
    recommend_amount: centsToDollars(recommendAmountCents),
  };
}

/** The service-area check of creation: marketplace requests only (spec §4 Guards). */
export async function assertServed(tx: Tx, request: RequestRow, zipCode: string): Promise<void> {
  if (!isDirectRequest({ request_type: request.requestType })) {
    await assertServedZip({ db: tx, zipCode });
  }
}

/** add_address: a new address after the others, within the wizard's limit. */
export async function addAddress(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  address: RequestAddressFields;
}): Promise<RequestEditResult> {
  return editRequest({
    ...opts,
    title: EDIT_TIMELINE.addressAdded,
    asChange: {
      type: 'address',
      proposal: { add: [{ ...opts.address, price: null }], edit: [], remove: [] },
    },
    change: async (tx, request) => {
      const [held] = await tx
        .select({ n: count(), last: max(requestAddresses.position) })
        .from(requestAddresses)
        .where(eq(requestAddresses.requestId, request.id));
      if ((held?.n ?? 0) >= MAX_ADDRESSES) throw AppError.unprocessable(TOO_MANY_ADDRESSES);
      await assertServed(tx, request, opts.address.zip_code);
      await tx.insert(requestAddresses).values({
        requestId: request.id,
        position: (held?.last ?? -1) + 1,
        // The edit screen's new address is a drop-off unless it says otherwise.
        addressType: opts.address.address_type ?? 2,
        ...addressColumns(opts.address),
      });
    },
  });
}

async function findAddress(tx: Tx, requestId: number, addressId: number) {
  const [row] = await tx
    .select()
    .from(requestAddresses)
    .where(and(eq(requestAddresses.id, addressId), eq(requestAddresses.requestId, requestId)))
    .limit(1);
  if (!row) throw AppError.notFound(ADDRESS_NOT_FOUND);
  return row;
}

/** edit_address: the address's fields replaced; it keeps its place (and its type if none is sent). */
export async function editAddress(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  addressId: number;
  address: RequestAddressFields;
}): Promise<RequestEditResult> {
  return editRequest({
    ...opts,
    title: EDIT_TIMELINE.addressChanged,
    asChange: {
      type: 'address',
      proposal: {
        add: [],
        edit: [{ ...opts.address, address_id: opts.addressId, price: null }],
        remove: [],
      },
    },
    change: async (tx, request) => {
      const current = await findAddress(tx, request.id, opts.addressId);
      // A zip the request already had was checked when it was added; a new one is checked now.
      if (current.zipCode !== opts.address.zip_code) {
        await assertServed(tx, request, opts.address.zip_code);
      }
      await tx
        .update(requestAddresses)
        .set({
          addressType: opts.address.address_type ?? current.addressType,
          ...addressColumns(opts.address),
        })
        .where(eq(requestAddresses.id, current.id));
    },
  });
}

/** delete_address: refused while the request has fewer than 3 addresses (spec §5). */
export async function deleteAddress(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  addressId: number;
}): Promise<RequestEditResult> {
  return editRequest({
    ...opts,
    title: EDIT_TIMELINE.addressDeleted,
    asChange: {
      type: 'address',
      proposal: { add: [], edit: [], remove: [{ address_id: opts.addressId, price: null }] },
    },
    change: async (tx, request) => {
      const current = await findAddress(tx, request.id, opts.addressId);
      const [held] = await tx
        .select({ n: count() })
        .from(requestAddresses)
        .where(eq(requestAddresses.requestId, request.id));
      if ((held?.n ?? 0) < 3) throw AppError.unprocessable(MSG.minTwoAddresses);
      await tx.delete(requestAddresses).where(eq(requestAddresses.id, current.id));
    },
  });
}

/**
 * Replaces the request's items of one type (regular or extra) by `lines`, keeping the whole
 * request within the wizard's caps (lines and pieces, regular and extra together).
 */
export async function replaceItems(
  tx: Tx,
  request: RequestRow,
  type: ItemType,
  lines: readonly CreateRequestItem[],
): Promise<void> {
  await assertItemLines(tx, request, type, lines);
  // The photos go with their items (on delete cascade).
  await tx
    .delete(requestItems)
    .where(and(eq(requestItems.requestId, request.id), eq(requestItems.type, type)));
  await insertRequestItems({ tx, requestId: request.id, items: lines });
}

/** `lines` may replace the request's items of `type`: the wizard's caps and the catalogue hold. */
async function assertItemLines(
  tx: Tx,
  request: RequestRow,
  type: ItemType,
  lines: readonly CreateRequestItem[],
): Promise<void> {
  const [kept] = await tx
    .select({
      n: count(),
      pieces: sql<number>`coalesce(sum(${requestItems.quantity}), 0)::int`,
    })
    .from(requestItems)
    .where(and(eq(requestItems.requestId, request.id), ne(requestItems.type, type)));
  const pieces = lines.reduce((sum, l) => sum + l.quantity, kept?.pieces ?? 0);
  if ((kept?.n ?? 0) + lines.length > MAX_ITEM_LINES) {
    throw AppError.unprocessable(TOO_MANY_ITEM_LINES);
  }
  if (pieces > MAX_TOTAL_QUANTITY) throw AppError.unprocessable(totalQuantityMessage);
  await assertCatalogueItems({ db: tx, items: lines });
}

/** edit_items: the request's regular items become the lines sent (quantity above 0). */
export async function editItems(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  lines: readonly CreateRequestItem[];
}): Promise<RequestEditResult> {
  return editRequest({
    ...opts,
    title: EDIT_TIMELINE.itemsChanged,
    asChange: { type: 'items', proposal: { items: [...opts.lines] } },
    change: (tx, request) => replaceItems(tx, request, ItemType.regular, opts.lines),
  });
}

/** edit_extra_item: the request's extra items become the ticked lines (quantity above 0). */
export async function editExtraItems(opts: {
  db: Db;
  customerId: number;
  requestId: number;
  lines: readonly CreateRequestItem[];
}): Promise<RequestEditResult> {
  return editRequest({
    ...opts,
    title: EDIT_TIMELINE.extraItemsChanged,
    asChange: { type: 'extra-items', proposal: { items: [...opts.lines] } },
    change: (tx, request) => replaceItems(tx, request, ItemType.extra, opts.lines),
  });
}
