import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  estimatePrice,
  isDirectRequest,
  isPriceAgreed,
  ItemType,
  MAX_ADDRESSES,
  MAX_ITEM_LINES,
  MAX_TOTAL_QUANTITY,
  MSG,
  pickUpZipOf,
  routeMiles,
  toCents,
  totalQuantityMessage,
  type CreateRequestAddress,
  type CreateRequestItem,
  type EstimateAddress,
  type EstimateItem,
  type LatLng,
  type ServerAddress,
  type ServerItem,
} from '@movehub/shared';
import { isZipCentre } from '../../adapters/geo/offline-gazetteer';
import type { Tx } from '../../db/client';
import {
  catalogueItems,
  moveTypes,
  requestAddresses,
  requestItemImages,
  requestItems,
  requests,
} from '../../db/schema';
import { AppError } from '../../errors';
import { centsToDollars } from '../../lib/wire';
import { assertServedZip } from '../../modules/catalogue/catalogue.service';
import { toServerAddress, toServerItem } from './read-model';
import type { AddressProposal } from './proposals';
import type { RequestRow } from './lifecycle';

/*
 * A request's addresses and items, and what it derives from them (the route distance, the
 * estimate), written the same way by its creation, the customer's edits and an accepted change
 * proposal. Every function runs in the caller's transaction; the edits and changes call them on
 * the request they locked.
 */

export const UNKNOWN_ITEM_MESSAGE = 'An item is not in the catalogue any more.';
/** The wizard's limit (spec §9: at most 6 addresses, A to F). */
export const TOO_MANY_ADDRESSES = `At most ${MAX_ADDRESSES} addresses are allowed.`;
export const TOO_MANY_ITEM_LINES = `A move may hold at most ${MAX_ITEM_LINES} item lines in all.`;

/**
 * The address fields the wizard and the edit screens send, as request_addresses columns. An
 * address placed at its zip code's centre is marked approximate, whoever placed it (issue 31).
 */
export function addressColumns(
  a: Omit<CreateRequestAddress, 'address_type'>,
): Omit<typeof requestAddresses.$inferInsert, 'requestId' | 'position' | 'addressType'> {
  return {
    completeAddress: a.complete_address,
    streetAddress: a.street_address,
    zipCode: a.zip_code,
    apartmentNumber: a.apartment_number,
    addressDetail: a.address_detail,
    city: a.city,
    state: a.state,
    country: a.country,
    isStorage: a.is_storage,
    isStairs: a.is_stairs,
    isElevator: a.is_elevator,
    isHardwoodFloor: a.is_hardwood_floor,
    numberOfFlights: a.number_of_flights,
    parkingAndBuildingInfo: a.parking_and_building_info,
    latitude: a.latitude,
    longitude: a.longitude,
    isApproximateLocation: isZipCentre(a.zip_code, a.latitude, a.longitude),
  };
}

/** 400 unless every catalogue id among the lines names a catalogue item (custom lines have none). */
export async function assertCatalogueItems(opts: {
  db: Tx;
  items: readonly Pick<CreateRequestItem, '_id'>[];
}): Promise<void> {
  const ids = [...new Set(opts.items.flatMap((i) => (i._id === null ? [] : [i._id])))];
  if (ids.length === 0) return;
  const found = await opts.db
    .select({ id: catalogueItems.id })
    .from(catalogueItems)
    .where(inArray(catalogueItems.id, ids));
  if (found.length !== ids.length) throw AppError.badRequest(UNKNOWN_ITEM_MESSAGE);
}

/**
 * The item lines of a request with their photos, in order from `firstPosition`: the wizard's
 * lines at creation, the edit screens' replacements later.
 */
export async function insertRequestItems(opts: {
  tx: Tx;
  requestId: number;
  items: readonly CreateRequestItem[];
  firstPosition?: number;
}): Promise<void> {
  const { tx, requestId } = opts;
  const first = opts.firstPosition ?? 0;
  for (const [index, item] of opts.items.entries()) {
    const [row] = await tx
      .insert(requestItems)
      .values({
        requestId,
        catalogueItemId: item._id,
        name: item.name,
        categoryName: item.category_name,
        quantity: item.quantity,
        size: item.size,
        type: item.type,
        unitPriceCents: toCents(item.unit_price),
        currency: item.currency,
        additionalInfo: item.additional_info,
        addedByType: item.added_by_type,
        position: first + index,
      })
      .returning({ id: requestItems.id });
    if (!row) throw new Error('insertRequestItems inserted no item');
    if (item.items_image_array.length > 0) {
      await tx
        .insert(requestItemImages)
        .values(item.items_image_array.map((imageUrl) => ({ requestItemId: row.id, imageUrl })));
    }
  }
}

/**
 * The route distance (net_distance, over the addresses that carry coordinates, in order) and the
 * recommended amount a request stores: the midpoint of the estimate's range (what the customer
 * saw as 'Estimated price' low to high), in whole dollars, as cents.
 */
export function estimateMove(opts: {
  addresses: readonly (EstimateAddress & { latitude: number | null; longitude: number | null })[];
  items: readonly EstimateItem[];
  movers: number;
  moveTypeName: string | null;
}): { miles: number; recommendAmountCents: number } {
  const points: LatLng[] = opts.addresses.flatMap((a) =>
    a.latitude !== null && a.longitude !== null ? [{ lat: a.latitude, lng: a.longitude }] : [],
  );
  const miles = routeMiles(points);
  const range = estimatePrice({
    items: opts.items,
    movers: opts.movers,
    miles,
    moveTypeName: opts.moveTypeName,
    addresses: opts.addresses,
  });
  return { miles, recommendAmountCents: toCents(Math.round((range.low + range.high) / 2)) };
}

/** The service-area check of creation: marketplace requests only (spec §4 Guards). */
export async function assertServed(tx: Tx, request: RequestRow, zipCode: string): Promise<void> {
  if (!isDirectRequest({ request_type: request.requestType })) {
    await assertServedZip({ db: tx, zipCode });
  }
}

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

/** `lines` may replace the request's items of `type`: the wizard's caps and the catalogue hold. */
export async function assertItemLines(
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

/** What a request holds after a change of its addresses or items, and what derives from them. */
export interface RequestDetails {
  request_id: number;
  request_address: ServerAddress[];
  request_item: ServerItem[];
  extra_request_items: ServerItem[];
  net_distance: number;
  /** net_distance starts or ends at a zip code's centre (issue 31). */
  net_distance_approximate: boolean;
  recommend_amount: number | null;
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
 * After a change of a locked request's addresses or items (the customer's edit, or a change the
 * company proposed and the customer accepted): recalculates the route distance (always: it is a
 * fact of the addresses) and, before the price is agreed, the estimate; answers what the request
 * now holds.
 */
export async function recalculateRequest(tx: Tx, request: RequestRow): Promise<RequestDetails> {
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
    // The packing materials count at the price each line was picked at (rules/estimate.ts).
    items: items.map((i) => ({
      size: i.size,
      quantity: i.quantity,
      type: i.type,
      unit_price: i.unitPriceCents / 100,
    })),
    movers: request.movers ?? 2,
    moveTypeName: moveType?.name ?? null,
  });
  const recommendAmountCents = isPriceAgreed(request.timelineStatus)
    ? request.recommendAmountCents
    : estimate.recommendAmountCents;
  await tx
    .update(requests)
    .set({
      netDistanceMiles: estimate.miles,
      recommendAmountCents,
      // The feed's filter follows the addresses (requests.pick_up_zip).
      pickUpZip: pickUpZipOf(
        addresses.map((a) => ({ address_type: a.addressType, zip_code: a.zipCode })),
      ),
      updatedAt: sql`now()`,
    })
    .where(eq(requests.id, request.id));
  return {
    request_id: request.id,
    request_address: addresses.map(toServerAddress),
    request_item: items.filter((i) => i.type !== ItemType.extra).map(toServerItem),
    extra_request_items: items.filter((i) => i.type === ItemType.extra).map(toServerItem),
    net_distance: estimate.miles,
    net_distance_approximate: addresses.some((a) => a.isApproximateLocation),
    recommend_amount: centsToDollars(recommendAmountCents),
  };
}
