import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so two equal values always print the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha-256 of a JSON value, whatever the order of its keys: "is this the same payload?" */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(stable(value)).digest('hex');
}
