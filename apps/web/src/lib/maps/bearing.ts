/*
 * Compass bearings between two positions: the tracking truck's heading and the change screens'
 * moving marker both point where they go.
 */

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The compass bearing from one position to another, in whole degrees clockwise from north
 * (0 north, 90 east, 180 south, 270 west).
 */
export function bearing(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const φ1 = radians(from.latitude);
  const φ2 = radians(to.latitude);
  const Δλ = radians(to.longitude - from.longitude);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const degrees = (Math.atan2(y, x) * 180) / Math.PI;
  return Math.round((degrees + 360) % 360) % 360;
}
