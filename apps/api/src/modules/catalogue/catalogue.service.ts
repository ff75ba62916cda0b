import { and, asc, eq, ne } from 'drizzle-orm';
import type { ItemType } from '@movehub/shared';
import {
  COMMON_LIST_CATEGORY,
  estimatePrice,
  MSG,
  routeMiles,
  toEstimatedPriceFields,
  type ItemCategory,
  type LatLng,
  type MoveType,
  type calculateEstimatedPriceBodySchema,
} from '@movehub/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import {
  catalogueItems,
  CATEGORY_TYPE,
  itemCategories,
  moveTypes,
  serviceZipCodes,
  waitlistAreas,
} from '../../db/schema';
import { AppError } from '../../errors';
import { sharedAnswersOf } from '../../lib/http-cache';

/** The key prefix of the catalogue's kept answers (lib/http-cache.ts sharedAnswersOf). */
export const CATALOGUE_ANSWERS = 'catalogue:';

/**
 * Call after writing move types, categories or items (today only the seed does): this
 * process's kept catalogue answers are read again.
 */
export function catalogueChanged(opts: { db: Tx }): void {
  sharedAnswersOf(opts.db).forget(CATALOGUE_ANSWERS);
}

export async function listMoveTypes(opts: { db: Tx }): Promise<MoveType[]> {
  return opts.db
    .select({ id: moveTypes.id, name: moveTypes.name })
    .from(moveTypes)
    .orderBy(asc(moveTypes.position), asc(moveTypes.id));
}

/**
 * The categories of a type. Type 1 lists the room types of the 'Add room' dropdown; the Common
 * List is a category of type 1 too (custom and common items live there) but is not a room.
 */
export async function listItemCategories(opts: { db: Tx; type: number }): Promise<ItemCategory[]> {
  return opts.db
    .select({ id: itemCategories.id, name: itemCategories.name })
    .from(itemCategories)
    .where(
      and(
        eq(itemCategories.type, opts.type),
        opts.type === CATEGORY_TYPE.room
          ? ne(itemCategories.name, COMMON_LIST_CATEGORY)
          : undefined,
      ),
    )
    .orderBy(asc(itemCategories.position), asc(itemCategories.id));
}

export interface CatalogueItemRow {
  item: typeof catalogueItems.$inferSelect;
  categoryName: string;
}

/** Active catalogue items of one kind ('1' regular, '2' extra), optionally of one category. */
export async function listItems(opts: {
  db: Tx;
  type: ItemType;
  categoryId?: number;
}): Promise<CatalogueItemRow[]> {
  const rows = await opts.db
    .select({ item: catalogueItems, categoryName: itemCategories.name })
    .from(catalogueItems)
    .innerJoin(itemCategories, eq(itemCategories.id, catalogueItems.categoryId))
    .where(
      and(
        eq(catalogueItems.type, opts.type),
        eq(catalogueItems.isActive, true),
        opts.categoryId === undefined ? undefined : eq(catalogueItems.categoryId, opts.categoryId),
      ),
    )
    .orderBy(asc(itemCategories.position), asc(catalogueItems.id));
  return rows;
}

/** Whether the zip is in the service area. */
export async function isServedZip(opts: { db: Tx; zipCode: string }): Promise<boolean> {
  const [row] = await opts.db
    .select({ zip: serviceZipCodes.zipCode })
    .from(serviceZipCodes)
    .where(eq(serviceZipCodes.zipCode, opts.zipCode))
    .limit(1);
  return row !== undefined;
}

/** Throws the spec's not-in-area message (400) unless the zip is served. */
export async function assertServedZip(opts: { db: Tx; zipCode: string }): Promise<void> {
  if (!(await isServedZip(opts))) throw AppError.badRequest(MSG.notInArea);
}

/** Adds an email and zip to the wait-list; the same pair again changes nothing. */
export async function addToWaitlist(opts: { db: Tx; email: string; zipCode: string }) {
  await opts.db
    .insert(waitlistAreas)
    .values({ email: opts.email.toLowerCase(), zipCode: opts.zipCode })
    .onConflictDoNothing();
}

type EstimateBody = z.output<typeof calculateEstimatedPriceBodySchema>;

/**
 * Move sizes' names by id, per database, as they were read. The catalogue seed writes move
 * sizes and nothing changes or removes one, so a name once read stays right: the estimate, which
 * the wizard asks for on every change of items, addresses or movers, needs no round trip for
 * it. An id not read yet (or unknown) is looked up.
 */
const moveTypeNames = new WeakMap<Tx, Map<number, string>>();

async function moveTypeNameOf(db: Tx, id: number): Promise<string | undefined> {
  let names = moveTypeNames.get(db);
  const known = names?.get(id);
  if (known !== undefined) return known;
  const [row] = await db
    .select({ name: moveTypes.name })
    .from(moveTypes)
    .where(eq(moveTypes.id, id))
    .limit(1);
  if (!row) return undefined;
  if (!names) {
    names = new Map();
    moveTypeNames.set(db, names);
  }
  names.set(id, row.name);
  return row.name;
}

/**
 * The shared estimate model (packages/shared rules/estimate.ts) on the wizard's payload: the
 * move size is looked up by id, the distance is the straight route over the addresses that
 * carry coordinates (the same haversine route the request stores as net_distance).
 */
export async function estimateMovePrice(opts: { db: Tx; body: EstimateBody }) {
  const { body } = opts;
  const moveTypeName = await moveTypeNameOf(opts.db, body.move_type);
  if (moveTypeName === undefined) throw AppError.badRequest(MSG.selectMoveSize);
  const points: LatLng[] = body.address_array.flatMap((a) =>
    a.latitude != null && a.longitude != null ? [{ lat: a.latitude, lng: a.longitude }] : [],
  );
  const range = estimatePrice({
    items: body.items_id_array,
    movers: body.movers,
    miles: routeMiles(points),
    moveTypeName,
    addresses: body.address_array.map((a) => ({
      is_stairs: a.is_stairs,
      number_of_flights: a.number_of_flights ?? 0,
    })),
  });
  return toEstimatedPriceFields(range);
}
