import { describe, expect, it } from 'vitest';
import type { TrackingPoint } from '@movehub/shared';
import { bearing } from '../../lib/maps/bearing';
import { HEADING_LOOKBACK, truckHeading } from './truck-heading';

const at = (latitude: number, longitude: number, second = 0): TrackingPoint => ({
  latitude,
  longitude,
  created_at: new Date(Date.UTC(2026, 10, 23, 17, 0, second)).toISOString(),
});

describe('bearing', () => {
  it('reads the compass: north 0, east 90, south 180, west 270', () => {
    expect(bearing(at(34, -118), at(34.01, -118))).toBe(0);
    expect(bearing(at(34, -118), at(34, -117.99))).toBe(90);
    expect(bearing(at(34, -118), at(33.99, -118))).toBe(180);
    expect(bearing(at(34, -118), at(34, -118.01))).toBe(270);
  });

  it('gives the great-circle bearing between downtown Los Angeles and Santa Monica', () => {
    // West, a little south.
    expect(bearing(at(34.0522, -118.2437), at(34.0195, -118.4912))).toBe(261);
  });
});

describe('truckHeading', () => {
  it('is north without two points', () => {
    expect(truckHeading([])).toBe(0);
    expect(truckHeading([at(34, -118)])).toBe(0);
  });

  it('looks from the first point while there are fewer than eleven', () => {
    expect(truckHeading([at(34, -118), at(34, -117.99, 1)])).toBe(90);
    expect(truckHeading([at(34, -118), at(34.5, -117.5, 1), at(34, -117.99, 2)])).toBe(90);
  });

  it('looks from the point ten earlier than the last, not from the first', () => {
    // Ten points east, then ten north: the heading is north, from the point ten back.
    const east = Array.from({ length: 11 }, (_, i) => at(34, -118 + i * 0.001, i));
    const north = Array.from({ length: HEADING_LOOKBACK }, (_, i) =>
      at(34 + (i + 1) * 0.001, -117.99, 11 + i),
    );
    const points = [...east, ...north];
    expect(points.at(-1 - HEADING_LOOKBACK)).toEqual(east.at(-1));
    expect(truckHeading(points)).toBe(0);
    expect(truckHeading(points.slice(0, 11))).toBe(90);
  });

  it('is north for a truck that has not moved over its last ten points', () => {
    expect(truckHeading([at(34, -118), at(34, -118, 1), at(34, -118, 2)])).toBe(0);
  });
});
