import { and, count, eq, max, sql } from 'drizzle-orm';
import {
  canEditClientComment,
  canEditRequestDetails,
  editNeedsCompanyPrice,
  isActiveRequest,
  isDirectRequest,
  isMoveOver,
  ItemType,
  MAX_ADDRESSES,
  MSG,
  TIMELINE_LABELS,
  type CreateRequestItem,
  type TimelineStatus,
  type EditChangeType,
  type RequestAddressFields,
} from '@movehub/shared';
import type { Tx } from '../../db/client';
import { requestAddresses, requestChanges } from '../../db/schema';
import { AppError } from '../../errors';
import type { Domain } from '../context';
import type { AddressProposal, ItemsProposal } from './proposals';
import { runRequestCommand, type CommandContext } from './command';
import {
  addressColumns,
  assertAddressesApply,
  assertItemLines,
  assertServed,
  recalculateRequest,
  replaceItems,
  TOO_MANY_ADDRESSES,
  type RequestDetails,
} from './details';
import { guardView, type RequestRow } from './lifecycle';

/*
 * The customer's edits of a request's addresses, items and extra items (spec §2 "Item and
 * extra-item editing", "Address add and edit", §4 "Guards", §7), and of its client comment. Each
 * edit is one request command (docs/decisions/033): under the request's lock (404 unless it is
 * the caller's) it checks the guard, changes, recalculates what the request derives from its
 * addresses and items, writes the timeline entry and says so in an event, whose notice tells the
 * company that handles the move. A failure anywhere rolls all of it back.
 *
 * Money: an edit never changes an amount that was agreed. Before status 3 (marketplace requests
 * are edited only then) the estimate (recommend_amount) is recalculated as at creation. From 3
 * on (direct requests, up to 5) the move is paid at the company's price, so an edit may change
 * what it costs: it is not applied but stored as a change awaiting the company's price
 * (request_changes, status 'awaiting_price'; event 'request.change_asked'). The company prices it
 * (price_change), and the customer accepts it, paying or being refunded the difference, or
 * rejects it, as any proposal. Further edits of the same kind before the price join the same
 * change.
 */

/** Not found and not the request's read the same, so ids don't leak. */
export const ADDRESS_NOT_FOUND = 'Address not found.';

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

export const CLIENT_COMMENT_LOCKED =
  'The client comment can no longer be changed: the move is complete or the request is closed.';

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

/** What an edit answers: the request's addresses and items after it, and what derives from them. */
export interface RequestEditResult extends RequestDetails {
  awaiting_price: boolean;
}

/** An edit as the change it asks for, when it must be priced first. */
export type EditAsChange =
  | { type: 'address'; proposal: AddressProposal }
  | { type: 'items' | 'extra-items'; proposal: ItemsProposal };

function assertEditable(request: RequestRow): void {
  if (!isActiveRequest(request.requestStatus) || isMoveOver(request.timelineStatus)) {
    throw AppError.conflict(EDIT_CLOSED);
  }
  if (!canEditRequestDetails(guardView(request))) {
    throw AppError.unprocessable(editRefusal(request));
  }
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
async function askForPrice(ctx: CommandContext, edit: EditAsChange, title: EditTitle) {
  const { tx, request } = ctx;
  const customerId = request.customerId!;
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
  await ctx.timeline(awaitingPriceTitle(title));
  // The company prices it from its console; a demo company prices it by itself (demo subscriber).
  ctx.emit({
    type: 'request.change_asked',
    notices:
      request.companyId !== null
        ? [{ userId: request.companyId, message: companyPriceNotice(request.id, title) }]
        : [],
    data: { type: edit.type },
  });
}

/** The customer's commands: on their own request only (404 otherwise). */
const asCustomer = (customerId: number) => ({
  actor: { type: 'customer' as const, userId: customerId },
  authorize: (r: RequestRow) => r.customerId === customerId,
});

/**
 * Runs `change` on the caller's locked request when the guards allow it, then recalculates the
 * route distance (always: it is a fact of the addresses) and, before payment, the estimate;
 * writes the timeline entry and tells the company. From status 3 the edit waits for the
 * company's price instead (see the module comment).
 */
async function editRequest(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
  title: EditTitle;
  change: (ctx: CommandContext) => Promise<void>;
  /** The edit as a change to be priced, when the request is paid. */
  asChange: EditAsChange;
}): Promise<RequestEditResult> {
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    ...asCustomer(opts.customerId),
    run: async (ctx) => {
      const { request } = ctx;
      assertEditable(request);
      if (editNeedsCompanyPrice(guardView(request))) {
        await askForPrice(ctx, opts.asChange, opts.title);
        return { ...(await recalculateRequest(ctx.tx, request)), awaiting_price: true };
      }
      await opts.change(ctx);
      const result = await recalculateRequest(ctx.tx, request);
      await ctx.timeline(opts.title);
      ctx.emit({
        type: 'request.edited',
        notices:
          request.companyId !== null
            ? [{ userId: request.companyId, message: companyEditNotice(request.id, opts.title) }]
            : [],
      });
      return { ...result, awaiting_price: false };
    },
  });
  return value;
}

/** add_address: a new address after the others, within the wizard's limit. */
export async function addAddress(opts: {
  domain: Domain;
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
    change: async ({ tx, request }) => {
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
  domain: Domain;
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
    change: async ({ tx, request }) => {
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
  domain: Domain;
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
    change: async ({ tx, request }) => {
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

interface LinesEdit {
  domain: Domain;
  customerId: number;
  requestId: number;
  lines: readonly CreateRequestItem[];
}

/** The request's lines of one kind become those sent: regular items, or extra items. */
function editLines(opts: LinesEdit, type: 'items' | 'extra-items'): Promise<RequestEditResult> {
  const regular = type === 'items';
  return editRequest({
    ...opts,
    title: regular ? EDIT_TIMELINE.itemsChanged : EDIT_TIMELINE.extraItemsChanged,
    asChange: { type, proposal: { items: [...opts.lines] } },
    change: ({ tx, request }) =>
      replaceItems(tx, request, regular ? ItemType.regular : ItemType.extra, opts.lines),
  });
}

/** edit_items: the request's regular items become the lines sent (quantity above 0). */
export function editItems(opts: LinesEdit): Promise<RequestEditResult> {
  return editLines(opts, 'items');
}

/** edit_extra_item: the request's extra items become the ticked lines (quantity above 0). */
export function editExtraItems(opts: LinesEdit): Promise<RequestEditResult> {
  return editLines(opts, 'extra-items');
}

/**
 * edit_final_comment: below status 6 on an active request (spec §4), else 409. The company reads
 * the comment on the request; nobody is told of the change.
 */
export async function editFinalComment(opts: {
  domain: Domain;
  customerId: number;
  requestId: number;
  finalComment: string;
}): Promise<{ requestId: number; finalComment: string }> {
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    ...asCustomer(opts.customerId),
    run: async (ctx) => {
      if (!canEditClientComment(guardView(ctx.request))) {
        throw AppError.conflict(CLIENT_COMMENT_LOCKED);
      }
      await ctx.update({ finalComment: opts.finalComment });
      return { requestId: ctx.request.id, finalComment: opts.finalComment };
    },
  });
  return value;
}
