import { describe, expect, it } from 'vitest';
import { MAX_ADDRESSES, MAX_FLIGHTS } from '../constants';
import {
  pickUpZipOf,
  FLIGHTS_LIMIT_MESSAGE,
  flightsOverLimit,
  ADDRESS_LABELS,
  addressDeleteError,
  addressLabel,
  addressPlaceholder,
  addressTypeForIndex,
  canAddAddress,
  canEditFlights,
  EDIT_DEFAULT_FLIGHTS,
  effectiveFlights,
  flightsLabel,
  flightsToEdit,
  haversineMiles,
  isZipMissing,
  routeMiles,
  sanitizeFlights,
} from './wizard-addresses';

describe('address list', () => {
  it('labels up to six addresses A to F', () => {
    expect(ADDRESS_LABELS).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(addressLabel(0)).toBe('A');
    expect(addressLabel(5)).toBe('F');
    expect(addressLabel(6)).toBeUndefined();
    expect(ADDRESS_LABELS).toHaveLength(MAX_ADDRESSES);
  });

  it('uses the spec placeholders', () => {
    expect(addressPlaceholder(0)).toBe('Pickup Address');
    expect(addressPlaceholder(1)).toBe('Drop-off Address');
    for (const i of [2, 3, 4, 5]) expect(addressPlaceholder(i)).toBe('New Address');
  });

  it('sends the first as pick-up (1) and the others as drop-off (2)', () => {
    expect(addressTypeForIndex(0)).toBe(1);
    for (const i of [1, 2, 5]) expect(addressTypeForIndex(i)).toBe(2);
  });

  it('adds addresses while fewer than 6 exist', () => {
    expect(canAddAddress([{}, {}])).toBe(true);
    expect(canAddAddress(Array.from({ length: 5 }, () => ({})))).toBe(true);
    expect(canAddAddress(Array.from({ length: 6 }, () => ({})))).toBe(false);
    expect(canAddAddress(Array.from({ length: 7 }, () => ({})))).toBe(false);
  });

  it('refuses to delete when fewer than 3 addresses exist', () => {
    expect(addressDeleteError(2)).toBe(
      'Minimum two address is required. If you want to change please edit your address or add new address then delete this.',
    );
    expect(addressDeleteError(3)).toBeNull();
  });
});

describe('flights', () => {
  it('never go below 0 and are whole', () => {
    expect(sanitizeFlights(-1)).toBe(0);
    expect(sanitizeFlights('-3')).toBe(0);
    expect(sanitizeFlights(2.7)).toBe(2);
    expect(sanitizeFlights('3')).toBe(3);
    expect(sanitizeFlights('')).toBe(0);
    expect(sanitizeFlights('two')).toBe(0);
    expect(sanitizeFlights(Number.NaN)).toBe(0);
  });

  it('are editable only with stairs', () => {
    expect(canEditFlights('stairs')).toBe(true);
    expect(canEditFlights('elevator')).toBe(false);
    expect(canEditFlights(undefined)).toBe(false);
  });

  it("show 0 as 'Ground Floor'", () => {
    expect(flightsLabel(0)).toBe('Ground Floor');
    expect(flightsLabel(1)).toBe('1');
    expect(flightsLabel(4)).toBe('4');
  });

  it('count only with stairs, defaulting to 1', () => {
    expect(effectiveFlights({ liftType: 'stairs', flights: 3 })).toBe(3);
    expect(effectiveFlights({ liftType: 'stairs', flights: '2' })).toBe(2);
    expect(effectiveFlights({ liftType: 'stairs' })).toBe(1);
    expect(effectiveFlights({ liftType: 'stairs', flights: 0 })).toBe(0);
    expect(effectiveFlights({ liftType: 'elevator', flights: 3 })).toBe(0);
    expect(effectiveFlights({ flights: 3 })).toBe(0);
  });
});

describe('zip codes at step 1', () => {
  it('are missing when empty or blank', () => {
    expect(isZipMissing({ zip_code: '90012' })).toBe(false);
    expect(isZipMissing({ zip_code: '' })).toBe(true);
    expect(isZipMissing({ zip_code: '  ' })).toBe(true);
    expect(isZipMissing({ zip_code: null })).toBe(true);
    expect(isZipMissing({})).toBe(true);
  });
});

describe('distance', () => {
  const downtownLA = { lat: 34.0522, lng: -118.2437 };
  const santaMonica = { lat: 34.0195, lng: -118.4912 };
  const pasadena = { lat: 34.1478, lng: -118.1445 };

  it('is zero between a point and itself', () => {
    expect(haversineMiles(downtownLA, downtownLA)).toBe(0);
  });

  it('is symmetric and matches known distances', () => {
    // One degree along a meridian is 2πR / 360 = 69.09 miles.
    expect(haversineMiles({ lat: 34, lng: -118 }, { lat: 35, lng: -118 })).toBeCloseTo(
      (2 * Math.PI * 3958.8) / 360,
      9,
    );
    // Downtown Los Angeles – Santa Monica: about 14.35 miles as the crow flies.
    expect(haversineMiles(downtownLA, santaMonica)).toBeCloseTo(14.35, 2);
    expect(haversineMiles(santaMonica, downtownLA)).toBeCloseTo(
      haversineMiles(downtownLA, santaMonica),
      10,
    );
    // JFK – LAX: 2,475 miles on the ellipsoid; about 2,470 on the sphere.
    const jfk = { lat: 40.6413, lng: -73.7781 };
    const lax = { lat: 33.9416, lng: -118.4085 };
    expect(Math.round(haversineMiles(jfk, lax))).toBeGreaterThanOrEqual(2469);
    expect(Math.round(haversineMiles(jfk, lax))).toBeLessThanOrEqual(2476);
  });

  it('adds consecutive legs of a route and rounds once to 0.1 mile', () => {
    const legs = haversineMiles(santaMonica, downtownLA) + haversineMiles(downtownLA, pasadena);
    expect(routeMiles([santaMonica, downtownLA, pasadena])).toBe(Math.round(legs * 10) / 10);
    expect(routeMiles([santaMonica, downtownLA, pasadena])).toBeGreaterThan(
      haversineMiles(santaMonica, pasadena),
    );
  });

  it('is 0 for fewer than two points', () => {
    expect(routeMiles([])).toBe(0);
    expect(routeMiles([downtownLA])).toBe(0);
  });
});

describe('the flights limit', () => {
  it('keeps flights at most MAX_FLIGHTS, the limit the server takes', () => {
    expect(sanitizeFlights(MAX_FLIGHTS)).toBe(MAX_FLIGHTS);
    expect(sanitizeFlights(MAX_FLIGHTS + 1)).toBe(MAX_FLIGHTS);
    expect(sanitizeFlights('1000')).toBe(MAX_FLIGHTS);
    expect(flightsOverLimit(String(MAX_FLIGHTS + 1))).toBe(true);
    expect(flightsOverLimit(MAX_FLIGHTS)).toBe(false);
    expect(FLIGHTS_LIMIT_MESSAGE).toBe(`At most ${MAX_FLIGHTS} flights.`);
  });
});

describe('flightsToEdit (spec §9: the edit default is 13 when none is set)', () => {
  it('opens an address without stairs and flights at 13', () => {
    expect(flightsToEdit({ is_stairs: false, number_of_flights: 0 })).toBe(EDIT_DEFAULT_FLIGHTS);
    expect(EDIT_DEFAULT_FLIGHTS).toBe(13);
  });

  it("keeps an address's own flights, and the Ground Floor a stairs address chose", () => {
    expect(flightsToEdit({ is_stairs: true, number_of_flights: 3 })).toBe(3);
    expect(flightsToEdit({ is_stairs: true, number_of_flights: 0 })).toBe(0);
    expect(flightsToEdit({ is_stairs: false, number_of_flights: 2 })).toBe(2);
  });
});

describe('the pick-up zip', () => {
  it('is the first pick-up address by position, whatever the drop-offs', () => {
    const at = (address_type: number, zip_code: string | null) => ({ address_type, zip_code });
    expect(pickUpZipOf([at(2, '90402'), at(1, '90012'), at(1, '91101')])).toBe('90012');
    expect(pickUpZipOf([at(2, '90402')])).toBeNull();
    expect(pickUpZipOf([at(1, null), at(1, '90012')])).toBeNull();
    expect(pickUpZipOf([])).toBeNull();
  });
});
