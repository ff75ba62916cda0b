import type { TrackingPoint } from '@movehub/shared';

/*
 * The truck marker's heading (spec/request-lifecycle.md §9 "Truck heading angle is computed from
 * the last point and the point ten earlier"): ten points back smooths out a phone's jitter.
 */

/** How many points back the heading looks. */
export const HEADING_LOOKBACK = 10;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The compass bearing from one position to another, in whole degrees clockwise from north
 * (0 north, 90 east, 180 south, 270 west).
 */
export function bearing(
  from: Pick<TrackingPoint, 'latitude' | 'longitude'>,
  to: Pick<TrackingPoint, 'latitude' | 'longitude'>,
): number {
  const φ1 = radians(from.latitude);
  const φ2 = radians(to.latitude);
  const Δλ = radians(to.longitude - from.longitude);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const degrees = (Math.atan2(y, x) * 180) / Math.PI;
  return Math.round((degrees + 360) % 360) % 360;
}

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
