/**
 * Address rules of the request wizard, steps 0 and 1 (spec/request-lifecycle.md §2 "Request
 * wizard", §3 "Address (wizard)" and "Address (server)", §5 "Step 0", "Step 1", "Address
 * add/edit", §9): up to 6 addresses labelled A to F, the first a pick-up and the others
 * drop-offs, flights only with stairs, a zip code on every address, distances in miles.
 *
 * Decisions where the spec is open:
 * - Flights typed with a fraction keep the whole part; anything that is not a number is 0.
 *   The spec sets no upper bound and none is set here.
 * - An address with an elevator counts 0 flights (`effectiveFlights`), whatever the hidden
 *   field still holds, because flights are editable only with stairs.
 * - Distances are great-circle (haversine) miles on a sphere of radius 3958.8 mi, the mean Earth
 *   radius; a road route is longer. `routeMiles` rounds once, at the end, to 0.1 mile.
 */
import { MAX_ADDRESSES, MAX_FLIGHTS } from '../constants';
import { MSG } from '../messages';

/** spec §2: one label per address, A to F. */
export const ADDRESS_LABELS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type AddressLabel = (typeof ADDRESS_LABELS)[number];

/** spec §3 Address (wizard).placeholder, verbatim. */
export const ADDRESS_PLACEHOLDERS = {
  pickUp: 'Pickup Address',
  dropOff: 'Drop-off Address',
  added: 'New Address',
} as const;

/** spec §3 Address (server).address_type: 1 pick-up, 2 drop-off. */
export const AddressType = { pickUp: 1, dropOff: 2 } as const;
export type AddressType = (typeof AddressType)[keyof typeof AddressType];

/** spec §3 Address (wizard).liftType. */
export type LiftType = 'elevator' | 'stairs';

/** spec §3: "flights (default 1)". */
export const DEFAULT_FLIGHTS = 1;
/** spec §9: "Edit flights default 1 on add; the edit default is 13 when none is set." */
export const EDIT_DEFAULT_FLIGHTS = 13;

/**
 * The flights an address's edit form opens with: its own when it has stairs (0 is the Ground
 * Floor the customer chose) or a count; an address with none set (no stairs, 0) opens at the
 * spec's edit default of 13, which counts only if the customer then chooses stairs.
 */
export function flightsToEdit(address: { is_stairs: boolean; number_of_flights: number }): number {
  return address.is_stairs || address.number_of_flights > 0
    ? address.number_of_flights
    : EDIT_DEFAULT_FLIGHTS;
}
/** spec §5 step 1: "0 shows 'Ground Floor'". */
export const GROUND_FLOOR_LABEL = 'Ground Floor';

/** Mean Earth radius in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;

/** 'A' for the first address … 'F' for the sixth; undefined past the sixth. */
export function addressLabel(index: number): AddressLabel | undefined {
  return ADDRESS_LABELS[index];
}

/** 'Pickup Address' for A, 'Drop-off Address' for B, 'New Address' for the added ones. */
export function addressPlaceholder(index: number): string {
  if (index === 0) return ADDRESS_PLACEHOLDERS.pickUp;
  if (index === 1) return ADDRESS_PLACEHOLDERS.dropOff;
  return ADDRESS_PLACEHOLDERS.added;
}

/** The address_type sent for the address at `index`: 1 for the first, 2 for every other. */
export function addressTypeForIndex(index: number): AddressType {
  return index === 0 ? AddressType.pickUp : AddressType.dropOff;
}

/**
 * The zip of a move's pick-up: its first pick-up address in the list's order (by position), null
 * without one. Companies see a request when they serve this zip (their feed, their bids).
 */
export function pickUpZipOf(
  addresses: readonly { address_type: number | null; zip_code: string | null }[],
): string | null {
  return addresses.find((a) => a.address_type === AddressType.pickUp)?.zip_code ?? null;
}

/** spec §9: the plus control adds an address while fewer than 6 exist. */
export function canAddAddress(list: readonly unknown[]): boolean {
  return list.length < MAX_ADDRESSES;
}

/**
 * spec §5 "Address add/edit": deleting is refused when fewer than 3 addresses exist; the spec
 * message, or null when the address may be deleted.
 */
export function addressDeleteError(addressCount: number): string | null {
  return addressCount < 3 ? MSG.minTwoAddresses : null;
}

// ---------------------------------------------------------------------------------------------
// Flights

/** Shown at the flights field when more than MAX_FLIGHTS is typed; the server refuses more. */
export const FLIGHTS_LIMIT_MESSAGE = `At most ${MAX_FLIGHTS} flights.`;

/**
 * spec §5 step 1: flights cannot go below 0; whole flights only; and at most MAX_FLIGHTS, the
 * limit of the create-request and estimate schemas.
 */
export function sanitizeFlights(input: number | string): number {
  const value = typeof input === 'number' ? input : Number(input.trim() === '' ? NaN : input);
  if (!Number.isFinite(value)) return 0;
  return Math.min(MAX_FLIGHTS, Math.max(0, Math.trunc(value)));
}

/** True when a typed flights value is above MAX_FLIGHTS (the field then shows the limit). */
export function flightsOverLimit(input: number | string): boolean {
  const value = typeof input === 'number' ? input : Number(input);
  return Number.isFinite(value) && value > MAX_FLIGHTS;
}

/** spec §5 step 1: flights are editable only when stairs is chosen. */
export function canEditFlights(liftType: LiftType | null | undefined): boolean {
  return liftType === 'stairs';
}

/** spec §5 step 1: 0 shows 'Ground Floor', other counts as the number. */
export function flightsLabel(flights: number): string {
  const n = sanitizeFlights(flights);
  return n === 0 ? GROUND_FLOOR_LABEL : String(n);
}

/** The flights that count for an address: its flights with stairs, 0 with an elevator or none. */
export function effectiveFlights(address: {
  liftType?: LiftType | null;
  flights?: number | string | null;
}): number {
  if (!canEditFlights(address.liftType)) return 0;
  return sanitizeFlights(address.flights ?? DEFAULT_FLIGHTS);
}

// ---------------------------------------------------------------------------------------------
// Zip codes (step 1)

/** spec §5 step 1: every address needs a zip. */
export function isZipMissing(address: { zip_code?: string | null }): boolean {
  return (address.zip_code ?? '').trim() === '';
}

// ---------------------------------------------------------------------------------------------
// Distance

export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, in miles (unrounded). */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The route A → B → C …: the sum of consecutive legs, rounded to 0.1 mile (net_distance). */
export function routeMiles(points: readonly LatLng[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++)
    total += haversineMiles(points[i - 1] as LatLng, points[i] as LatLng);
  return Math.round(total * 10) / 10;
}
