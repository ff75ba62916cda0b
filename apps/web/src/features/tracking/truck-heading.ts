import type { TrackingPoint } from '@movehub/shared';
import { bearing } from '../../lib/maps/bearing';

/*
 * The truck marker's heading (spec/request-lifecycle.md §9 "Truck heading angle is computed from
 * the last point and the point ten earlier"): ten points back smooths out a phone's jitter.
 */

/** How many points back the heading looks. */
export const HEADING_LOOKBACK = 10;

/**
 * The heading of the truck at its last point: the bearing from the point ten earlier (the first
 * one while there are fewer) to the last. 0 (north) with fewer than two points or when the truck
 * has not moved over them.
 */
export function truckHeading(points: readonly TrackingPoint[]): number {
  const last = points.at(-1);
  const earlier = points[Math.max(0, points.length - 1 - HEADING_LOOKBACK)];
  if (!last || !earlier || points.length < 2) return 0;
  if (last.latitude === earlier.latitude && last.longitude === earlier.longitude) return 0;
  return bearing(earlier, last);
}
