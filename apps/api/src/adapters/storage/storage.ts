/**
 * Where uploaded files live. The embedded default writes to a folder that the server itself
 * serves at /uploads; production sets S3_BUCKET. Keys are flat names chosen by the server
 * (random, with the detected extension), never anything a client sent.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(file: { key: string; body: Buffer; contentType: string }): Promise<void>;
  /** The address a browser loads the file from. */
  url(key: string): string;
}

/** Random hex and an image extension: the only shape of key the adapters accept or serve. */
export const STORAGE_KEY_PATTERN = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}

/** Keys never change content (random names), so browsers and CDNs may keep them for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
