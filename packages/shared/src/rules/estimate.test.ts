import { describe, expect, it } from 'vitest';
import { MAX_ADDRESSES, MAX_ESTIMATE_DOLLARS, MAX_FLIGHTS, MAX_TOTAL_QUANTITY } from '../constants';
import {
  baselineVolume,
  ESTIMATE_MODEL,
  estimateBreakdown,
  estimatePrice,
  itemsVolume,
  materialsCents,
  toEstimatedPriceFields,
  type EstimateAddress,
  type EstimateInput,
  type EstimateItem,
} from './estimate';

const groundFloor: EstimateAddress = { is_stairs: false, number_of_flights: 0 };

/** A factory with overrides: a 2-bedroom move of 950 cu ft, 3 movers, 15 miles, 3 addresses. */
function input(overrides: Partial<EstimateInput> = {}): EstimateInput {
  return {
    moveTypeName: '2 bed room apt.',
    items: [
      { size: '2', quantity: 10, type: '1' },
      { size: '3', quantity: 4, type: '1' },
      { size: '1', quantity: 20, type: '1' },
      { size: '4', quantity: 2, type: '1' },
      { size: '0', quantity: 30, type: '2' },
    ],
    movers: 3,
    miles: 15,
    addresses: [
      { is_stairs: true, number_of_flights: 2 },
      { is_stairs: false, number_of_flights: 5 },
      { is_stairs: true, number_of_flights: 1 },
    ],
    ...overrides,
  };
}

describe('the worked example of the model comment', () => {
  it('gives $648 – $864', () => {
    const b = estimateBreakdown(input());
    expect(b.itemsVolumeCuFt).toBe(950);
    expect(b.volumeCuFt).toBe(950);
    expect(b.flights).toBe(3);
    expect(b.handlingHours).toBeCloseTo((950 / 300) * 1.24, 10); // 3.9267
    expect(b.driveHours).toBeCloseTo(0.85, 10);
    expect(b.billedHours).toBeCloseTo(4.776667, 5);
    expect(b.labourDollars).toBeCloseTo(644.85, 8);
    expect(b.truckDollars).toBe(75);
    expect(b.costDollars).toBe(719.85);
    expect(estimatePrice(input())).toEqual({ low: 648, high: 864 });
  });

  it('maps to the wire names of calculate_estimated_price', () => {
    expect(toEstimatedPriceFields(estimatePrice(input()))).toEqual({
      Estimated_Price_Start: 648,
      Estimated_Price_End: 864,
    });
  });
});

describe('packing materials (extra items at their price)', () => {
  const priced = (unitPrice: number | string | null, quantity: number | string = 30) =>
    input({
      items: [
        { size: '2', quantity: 10, type: '1' },
        { size: '3', quantity: 4, type: '1' },
        { size: '1', quantity: 20, type: '1' },
        { size: '4', quantity: 2, type: '1' },
        { size: '0', quantity, type: '2', unit_price: unitPrice },
      ],
    });

  it('adds 30 boxes at $2.50 to both bounds as they are: $723 – $939', () => {
    const b = estimateBreakdown(priced(2.5));
    expect(b.materialsDollars).toBe(75);
    // The labour and truck are unchanged: only the materials join.
    expect(b.costDollars).toBe(719.85);
    expect(estimatePrice(priced(2.5))).toEqual({ low: 723, high: 939 });
    expect(materialsCents(priced(2.5).items)).toBe(7_500);
  });

  it('adds nothing for materials without a price, unticked (quantity 0) or priced nonsensically', () => {
    const base = estimatePrice(input());
    for (const [price, quantity] of [
      [null, 30],
      [0, 30],
      [4, 0],
      [-3, 30],
      ['abc', 30],
      [Number.POSITIVE_INFINITY, 30],
    ] as const) {
      expect(estimatePrice(priced(price, quantity)), `${String(price)} × ${quantity}`).toEqual(
        base,
      );
    }
  });

  it('reads a price sent as text, and never prices a regular item', () => {
    expect(estimatePrice(priced('2.50'))).toEqual({ low: 723, high: 939 });
    const regularWithPrice = input({
      items: [...input().items, { size: '0', quantity: 1, type: '1', unit_price: 999 }],
    });
    expect(estimateBreakdown(regularWithPrice).materialsDollars).toBe(0);
  });

  it('stays within the ceiling whatever the materials cost', () => {
    const range = estimatePrice(priced(1e12, 999));
    expect(range.low).toBe(MAX_ESTIMATE_DOLLARS);
    expect(range.high).toBe(MAX_ESTIMATE_DOLLARS);
  });
});

describe('minimum', () => {
  const smallest = input({
    moveTypeName: 'Studio',
    items: [],
    movers: 2,
    miles: 0,
    addresses: [groundFloor, groundFloor],
  });

  it('bills 2 hours and the $75 truck fee for a short studio move', () => {
    // 250 cu ft / 200 = 1.25 h → 2 h × 2 × $45 = $180, + $75 = $255; 229.5 → 230, 306.
    const b = estimateBreakdown(smallest);
    expect(b.billedHours).toBe(2);
    expect(b.costDollars).toBe(255);
    expect(estimatePrice(smallest)).toEqual({ low: 230, high: 306 });
  });

  it('is the floor of every estimate with that crew', () => {
    const floor = estimatePrice(smallest);
    for (const other of [
      input({ movers: 2 }),
      input({ movers: 2, miles: 0, items: [{ size: '0', quantity: 1, type: '1' }] }),
      input({ movers: 2, moveTypeName: 'Office' }),
    ]) {
      const e = estimatePrice(other);
      expect(e.low).toBeGreaterThanOrEqual(floor.low);
      expect(e.high).toBeGreaterThanOrEqual(floor.high);
    }
  });

  it('charges the truck by the mile past 60 miles', () => {
    expect(estimateBreakdown(input({ miles: 60 })).truckDollars).toBe(75);
    expect(estimateBreakdown(input({ miles: 100 })).truckDollars).toBe(125);
  });
});

describe('volume', () => {
  it('counts regular items by size and extra items not at all', () => {
    const items: EstimateItem[] = [
      { size: '0', quantity: 1, type: '1' },
      { size: '1', quantity: 1, type: '1' },
      { size: '2', quantity: 1, type: '1' },
      { size: '3', quantity: 1, type: '1' },
      { size: '4', quantity: 1, type: '1' },
      { size: '4', quantity: 100, type: '2' },
      { size: '4', quantity: 100, type: 2 },
    ];
    expect(itemsVolume(items)).toBe(5 + 15 + 30 + 50 + 75);
  });

  it('reads unknown sizes as Extra Small and bad quantities as none', () => {
    expect(itemsVolume([{ size: '9', quantity: 2, type: '1' }])).toBe(10);
    expect(itemsVolume([{ size: '2', quantity: '3', type: '1' }])).toBe(90);
    expect(itemsVolume([{ size: '2', quantity: -3, type: '1' }])).toBe(0);
    expect(itemsVolume([{ size: '2', quantity: 'x', type: '1' }])).toBe(0);
    expect(itemsVolume([{ size: '2', quantity: 2.9, type: '1' }])).toBe(60);
  });

  it('uses the move size baseline with no items', () => {
    expect(baselineVolume('Studio')).toBe(250);
    expect(baselineVolume('1 bed room apt.')).toBe(400);
    expect(baselineVolume('2 bed room apt.')).toBe(650);
    expect(baselineVolume('3 bed room apt.')).toBe(900);
    expect(baselineVolume('4 bed room house')).toBe(1200);
    expect(baselineVolume('5+ Bedrooms')).toBe(1200);
    expect(baselineVolume('Office')).toBe(800);
    expect(baselineVolume(null)).toBe(800);
    expect(estimateBreakdown(input({ items: [] })).volumeCuFt).toBe(650);
  });

  it('keeps the baseline while the inventory is smaller', () => {
    const few = input({ items: [{ size: '4', quantity: 2, type: '1' }] });
    expect(estimateBreakdown(few).volumeCuFt).toBe(650);
    expect(estimatePrice(few)).toEqual(estimatePrice(input({ items: [] })));
  });
});

describe('monotonicity', () => {
  const le = (a: { low: number; high: number }, b: { low: number; high: number }) => {
    expect(a.low).toBeLessThanOrEqual(b.low);
    expect(a.high).toBeLessThanOrEqual(b.high);
  };

  it('more items never lower the estimate, from an empty list on', () => {
    for (const moveTypeName of ['Studio', '2 bed room apt.', 'Office']) {
      const items: EstimateItem[] = [];
      let previous = estimatePrice(input({ moveTypeName, items }));
      for (let i = 0; i < 60; i++) {
        items.push({ size: String(i % 5), quantity: 1 + (i % 3), type: i % 7 === 0 ? '2' : '1' });
        const next = estimatePrice(input({ moveTypeName, items: [...items] }));
        le(previous, next);
        previous = next;
      }
      // and enough items do raise it
      expect(previous.high).toBeGreaterThan(estimatePrice(input({ moveTypeName, items: [] })).high);
    }
  });

  it('a larger quantity or a larger size never lowers it', () => {
    for (let q = 0; q < 50; q++) {
      le(
        estimatePrice(input({ items: [{ size: '3', quantity: q, type: '1' }] })),
        estimatePrice(input({ items: [{ size: '3', quantity: q + 1, type: '1' }] })),
      );
    }
    for (let s = 0; s < 4; s++) {
      le(
        estimatePrice(input({ items: [{ size: String(s), quantity: 40, type: '1' }] })),
        estimatePrice(input({ items: [{ size: String(s + 1), quantity: 40, type: '1' }] })),
      );
    }
  });

  it('more flights of stairs never lower it, and raise it above the minimum', () => {
    let previous = estimatePrice(input({ addresses: [groundFloor, groundFloor] }));
    for (let flights = 1; flights <= 10; flights++) {
      const next = estimatePrice(
        input({ addresses: [{ is_stairs: true, number_of_flights: flights }, groundFloor] }),
      );
      le(previous, next);
      previous = next;
    }
    expect(previous.high).toBeGreaterThan(
      estimatePrice(input({ addresses: [groundFloor, groundFloor] })).high,
    );
  });

  it('counts flights only where there are stairs', () => {
    const elevator = input({
      addresses: [{ is_stairs: false, number_of_flights: 9 }, groundFloor],
    });
    expect(estimatePrice(elevator)).toEqual(
      estimatePrice(input({ addresses: [groundFloor, groundFloor] })),
    );
  });

  it('more miles never lower it', () => {
    let previous = estimatePrice(input({ miles: 0 }));
    for (let miles = 0.5; miles <= 300; miles += 0.5) {
      const next = estimatePrice(input({ miles }));
      le(previous, next);
      previous = next;
    }
  });

  it('another stop never lowers it', () => {
    const two = input({ addresses: [groundFloor, groundFloor] });
    const three = input({ addresses: [groundFloor, groundFloor, groundFloor] });
    le(estimatePrice(two), estimatePrice(three));
    expect(estimateBreakdown(three).driveHours - estimateBreakdown(two).driveHours).toBeCloseTo(
      ESTIMATE_MODEL.hoursPerExtraStop,
      10,
    );
  });

  it('more movers never lower it (a bigger crew is faster but bills more hours in all)', () => {
    for (const base of [input(), input({ items: [], moveTypeName: 'Studio', miles: 0 })]) {
      le(estimatePrice({ ...base, movers: 2 }), estimatePrice({ ...base, movers: 3 }));
      le(estimatePrice({ ...base, movers: 3 }), estimatePrice({ ...base, movers: 4 }));
    }
  });
});

describe('range and inputs', () => {
  it('is low = 90% and high = 120% of the cost, low never above high', () => {
    for (const miles of [0, 7.3, 42, 250]) {
      const b = estimateBreakdown(input({ miles }));
      expect(b.low).toBe(Math.round(b.costDollars * 0.9 + 1e-9));
      expect(b.high).toBe(Math.round(b.costDollars * 1.2 + 1e-9));
      expect(b.low).toBeLessThan(b.high);
      expect(Number.isInteger(b.low) && Number.isInteger(b.high)).toBe(true);
    }
  });

  it('is deterministic', () => {
    expect(estimatePrice(input())).toEqual(estimatePrice(input()));
  });

  it('clamps movers into 2–4 and ignores negative miles', () => {
    expect(estimateBreakdown(input({ movers: 1 })).movers).toBe(2);
    expect(estimateBreakdown(input({ movers: 9 })).movers).toBe(4);
    expect(estimateBreakdown(input({ movers: Number.NaN })).movers).toBe(2);
    expect(estimatePrice(input({ miles: -10 }))).toEqual(estimatePrice(input({ miles: 0 })));
    expect(estimatePrice(input({ miles: Number.NaN }))).toEqual(estimatePrice(input({ miles: 0 })));
  });

  it('reads flights given as text and ignores negative ones', () => {
    const text = input({ addresses: [{ is_stairs: true, number_of_flights: '2' }, groundFloor] });
    const number = input({ addresses: [{ is_stairs: true, number_of_flights: 2 }, groundFloor] });
    expect(estimatePrice(text)).toEqual(estimatePrice(number));
    const negative = input({
      addresses: [{ is_stairs: true, number_of_flights: -4 }, groundFloor],
    });
    expect(estimatePrice(negative)).toEqual(
      estimatePrice(input({ addresses: [groundFloor, groundFloor] })),
    );
  });
});

describe('the estimate always fits the integer cents column', () => {
  const INT4 = 2_147_483_647;
  // Half the globe between each of 6 stops: the longest route any coordinates can make.
  const longest = 5 * 12_450;
  const recommendedCents = (range: { low: number; high: number }) =>
    Math.round((range.low + range.high) / 2) * 100;

  it('keeps the worst payload the schemas accept well inside it', () => {
    const pieces = MAX_TOTAL_QUANTITY;
    const lines = Math.ceil(pieces / 999);
    const items = Array.from({ length: lines }, (_, i) => ({
      size: '4',
      type: '1',
      quantity: i < lines - 1 ? 999 : pieces - 999 * (lines - 1),
    }));
    const addresses = Array.from({ length: MAX_ADDRESSES }, () => ({
      is_stairs: true,
      number_of_flights: MAX_FLIGHTS,
    }));
    for (const movers of [2, 3, 4]) {
      const range = estimatePrice({ items, movers, miles: longest, moveTypeName: null, addresses });
      expect(range.high).toBeLessThan(MAX_ESTIMATE_DOLLARS);
      expect(range.high).toBeLessThan(5_000_000);
      expect(recommendedCents(range)).toBeLessThan(INT4);
    }
  });

  it('clamps any input, however absurd, to the ceiling: 620 lines of 999 Extra Large', () => {
    const items = Array.from({ length: 620 }, () => ({ size: '4', type: '1', quantity: 999 }));
    const addresses = Array.from({ length: 6 }, () => ({
      is_stairs: true,
      number_of_flights: 999,
    }));
    const range = estimatePrice({ items, movers: 2, miles: 1e9, moveTypeName: null, addresses });
    expect(range).toEqual({ low: MAX_ESTIMATE_DOLLARS, high: MAX_ESTIMATE_DOLLARS });
    expect(recommendedCents(range)).toBeLessThan(INT4);
  });
});
