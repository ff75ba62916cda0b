let localIds = 0;

/** A local id for addresses, rooms and items; unique within the page and across reloads. */
export function localId(prefix: string): string {
  localIds += 1;
  return `${prefix}-${Date.now().toString(36)}-${localIds}-${Math.random().toString(36).slice(2, 8)}`;
}
