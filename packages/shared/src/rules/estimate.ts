/**
 * The price estimate of a move request: the range that calculate_estimated_price returns as
 * data.Estimated_Price_Start and data.Estimated_Price_End (spec/request-lifecycle.md §7), shown
 * at wizard step 7 and recalculated when movers changes (§4). The spec leaves the computation to
 * us; this is a deterministic labour-plus-truck model, pure, with every number below.
 *
 * 1. Volume (cubic feet). Each regular item counts quantity × the volume of its size:
 *      Extra Small 5, Small 15, Medium 30, Large 50, Extra Large 75.
 *    Extra items (type '2', packing and moving material) add no volume. An unknown size counts as
 *    Extra Small (the default size). The move size sets a baseline volume:
 *      Studio 250, 1 bedroom 400, 2 bedrooms 650, 3 bedrooms 900, 4 or more bedrooms 1200,
 *      anything else (office, storage, not chosen) 800.
 *    volume = max(items volume, baseline). With no items this is the baseline; taking the larger
 *    keeps the estimate from dropping when the first small item is added (more items never lower
 *    it), and reads an inventory smaller than the move size as incomplete.
 * 2. Handling hours (loading plus unloading, crew clock time):
 *      volume / (100 cu ft per mover-hour × movers) × (1 + 0.08 × flights),
 *    where flights is the sum of number_of_flights over the addresses with stairs (elevator
 *    addresses count none): 8% more time per flight carried.
 * 3. Drive hours: miles / 25 mph + 0.25 h for each stop after the second address.
 * 4. Billed hours: handling + drive, at least 2 hours.
 * 5. Cost in dollars: billed hours × movers × $45 per mover-hour, plus a truck fee of $1.25 per
 *    mile with a $75 minimum.
 * 6. Packing materials: the extra items (type '2', packing and moving material) the customer
 *    picked are sold at their price: quantity × unit_price of each line, summed in cents. They
 *    take no crew time and are no guess, so they are added to both bounds as they are.
 * 7. Range: low = cost × 0.9 + materials, high = cost × 1.2 + materials. The cost is rounded to
 *    cents, then each bound to whole dollars, half up; nothing is rounded before that.
 * 8. Ceiling: each bound is at most MAX_ESTIMATE_DOLLARS ($10,000,000), so that the range and the
 *    recommended amount stored with a request (integer cents) always fit PostgreSQL's integer.
 *    The schemas' limits (MAX_ITEM_LINES, MAX_TOTAL_QUANTITY, MAX_FLIGHTS) keep any accepted
 *    payload well below it: the worst case (5,000 Extra Large pieces, 6 addresses of 30 flights,
 *    4 movers, half the globe between each stop) is about $3.75M at the top of the range.
 *
 * Inputs are read leniently so that the function never throws: movers outside 2–4 are clamped
 * into it, negative or non-numeric quantities, flights, miles and unit prices count as 0,
 * fractional quantities and flights count their whole part. The schemas refuse such values before a call
 * gets here; the clamping only keeps the function total.
 *
 * Worked example (also in estimate.test.ts): a '2 bed room apt.', items 10 Medium, 4 Large,
 * 20 Small, 2 Extra Large and 30 packing boxes (type '2'); 3 movers; 15 miles; addresses A
 * (stairs, 2 flights), B (elevator), C (stairs, 1 flight).
 *   volume   = max(300 + 200 + 300 + 150, 650) = 950 cu ft
 *   handling = 950 / 300 × (1 + 0.08 × 3) = 3.9267 h
 *   drive    = 15 / 25 + 0.25 × 1 = 0.85 h
 *   billed   = 4.7767 h;  labour = 4.7767 × 3 × 45 = $644.85;  truck = max(75, 18.75) = $75
 *   cost     = $719.85;   low = 647.865 → $648;  high = 863.82 → $864
 * The same move with the 30 boxes priced at $2.50 each (materials $75): $723 – $939.
 */
import { MAX_ESTIMATE_DOLLARS } from '../constants';
import { sanitizeFlights } from './wizard-addresses';
import { isItemSizeCode, ItemType, type ItemSizeCode } from './wizard-items';
import { MOVERS_OPTIONS, normalizeMoveTypeName } from './wizard-movers';

/** Every number of the model, in one place (see the comment at the top). */
export const ESTIMATE_MODEL = {
  /** Cubic feet per item, by size code. */
  volumeBySize: { '0': 5, '1': 15, '2': 30, '3': 50, '4': 75 } satisfies Record<
    ItemSizeCode,
    number
  >,
  /** Cubic feet of a move size when the inventory is smaller. */
  baselineVolume: {
    studio: 250,
    oneBedroom: 400,
    twoBedrooms: 650,
    threeBedrooms: 900,
    fourOrMoreBedrooms: 1200,
    other: 800,
  },
  cuFtPerMoverHour: 100,
  extraTimePerFlight: 0.08,
  driveMph: 25,
  hoursPerExtraStop: 0.25,
  minimumHours: 2,
  ratePerMoverHour: 45,
  truckFeePerMile: 1.25,
  truckFeeMinimum: 75,
  lowFactor: 0.9,
  highFactor: 1.2,
} as const;

export interface EstimateItem {
  /** '0' Extra Small … '4' Extra Large. */
  size: string;
  quantity: number | string;
  /** '1' regular, '2' extra item. */
  type: string | number;
  /** Dollars per piece: what an extra item (packing material) costs. */
  unit_price?: number | string | null;
}

/** The address fields the estimate reads, with their wire names (spec §7 address_array). */
export interface EstimateAddress {
  is_stairs: boolean;
  number_of_flights?: number | string | null;
}

export interface EstimateInput {
  items: readonly EstimateItem[];
  /** 2, 3 or 4. */
  movers: number;
  /** Route distance in miles (net_distance). */
  miles: number;
  /** The move type's name, e.g. 'Studio', '2 bed room apt.'. */
  moveTypeName: string | null | undefined;
  /** Every address of the request, in route order. */
  addresses: readonly EstimateAddress[];
}

export interface PriceRange {
  /** Whole dollars. */
  low: number;
  /** Whole dollars. */
  high: number;
}

export interface EstimateBreakdown extends PriceRange {
  volumeCuFt: number;
  itemsVolumeCuFt: number;
  baselineVolumeCuFt: number;
  movers: number;
  flights: number;
  handlingHours: number;
  driveHours: number;
  billedHours: number;
  labourDollars: number;
  truckDollars: number;
  /** The packing materials picked (extra items), at their price. */
  materialsDollars: number;
  /** Rounded to cents. */
  costDollars: number;
}

const nonNegativeWhole = (value: number | string | null | undefined): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0;
};

/** The baseline volume of a move size, read from the number of bedrooms in its name. */
export function baselineVolume(moveTypeName: string | null | undefined): number {
  const base = ESTIMATE_MODEL.baselineVolume;
  const name = normalizeMoveTypeName(moveTypeName ?? '');
  if (name.includes('studio')) return base.studio;
  const bedrooms = /(\d+)\s*\+?\s*bed/.exec(name);
  if (!bedrooms) return base.other;
  const n = Number(bedrooms[1]);
  if (n === 1) return base.oneBedroom;
  if (n === 2) return base.twoBedrooms;
  if (n === 3) return base.threeBedrooms;
  if (n >= 4) return base.fourOrMoreBedrooms;
  return base.other;
}

/** The volume the listed items take: regular items only, by size. */
export function itemsVolume(items: readonly EstimateItem[]): number {
  let total = 0;
  for (const item of items) {
    if (String(item.type) === ItemType.extra) continue;
    const size = isItemSizeCode(item.size) ? item.size : '0';
    total += nonNegativeWhole(item.quantity) * ESTIMATE_MODEL.volumeBySize[size];
  }
  return total;
}

/** What the picked packing materials (extra items) cost, in cents: quantity × unit price. */
export function materialsCents(items: readonly EstimateItem[]): number {
  let total = 0;
  for (const item of items) {
    if (String(item.type) !== ItemType.extra) continue;
    const price = Number(item.unit_price ?? 0);
    if (!Number.isFinite(price) || price <= 0) continue;
    total += nonNegativeWhole(item.quantity) * Math.round(price * 100);
  }
  return total;
}

function clampMovers(movers: number): number {
  const min = MOVERS_OPTIONS[0];
  const max = MOVERS_OPTIONS[MOVERS_OPTIONS.length - 1] as number;
  if (!Number.isFinite(movers)) return min;
  return Math.min(max, Math.max(min, Math.round(movers)));
}

/** Every step of the estimate, for tests, logs and the README. */
export function estimateBreakdown(input: EstimateInput): EstimateBreakdown {
  const m = ESTIMATE_MODEL;
  const movers = clampMovers(input.movers);
  const miles = Number.isFinite(input.miles) && input.miles > 0 ? input.miles : 0;

  const itemsVolumeCuFt = itemsVolume(input.items);
  const baselineVolumeCuFt = baselineVolume(input.moveTypeName);
  const volumeCuFt = Math.max(itemsVolumeCuFt, baselineVolumeCuFt);

  const flights = input.addresses.reduce(
    (sum, a) => sum + (a.is_stairs ? sanitizeFlights(a.number_of_flights ?? 0) : 0),
    0,
  );
  const handlingHours =
    (volumeCuFt / (m.cuFtPerMoverHour * movers)) * (1 + m.extraTimePerFlight * flights);
  const extraStops = Math.max(0, input.addresses.length - 2);
  const driveHours = miles / m.driveMph + m.hoursPerExtraStop * extraStops;
  const billedHours = Math.max(m.minimumHours, handlingHours + driveHours);

  const labourDollars = billedHours * movers * m.ratePerMoverHour;
  const truckDollars = Math.max(m.truckFeeMinimum, miles * m.truckFeePerMile);
  const costCents = Math.round((labourDollars + truckDollars) * 100);
  const materials = materialsCents(input.items);

  // The factors have one decimal: integer cents × 9 (or × 12) / 1000 is exact at a half dollar,
  // so .5 rounds up on every platform, where cost × 0.9 in floating point could land just below.
  // The materials' cents join at the same scale (× 10 / 1000), unscaled by the factors.
  const bound = (factor: number) =>
    Math.min(
      MAX_ESTIMATE_DOLLARS,
      Math.round((costCents * Math.round(factor * 10) + materials * 10) / 1000),
    );
  const low = bound(m.lowFactor);
  const high = bound(m.highFactor);

  return {
    volumeCuFt,
    itemsVolumeCuFt,
    baselineVolumeCuFt,
    movers,
    flights,
    handlingHours,
    driveHours,
    billedHours,
    labourDollars,
    truckDollars,
    materialsDollars: materials / 100,
    costDollars: costCents / 100,
    low,
    high,
  };
}

/** The estimated price range in whole dollars. */
export function estimatePrice(input: EstimateInput): PriceRange {
  const { low, high } = estimateBreakdown(input);
  return { low, high };
}

/** The range with the wire names of calculate_estimated_price's data (spec §7). */
export function toEstimatedPriceFields(range: PriceRange): {
  Estimated_Price_Start: number;
  Estimated_Price_End: number;
} {
  return { Estimated_Price_Start: range.low, Estimated_Price_End: range.high };
}
