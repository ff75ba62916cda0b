/**
 * Where uploaded files live. The embedded default writes to a folder that the server itself
 * serves at /uploads; production sets S3_BUCKET. Keys are flat names chosen by the server
 * (random, with the detected extension), never anything a client sent.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(file: { key: string; body: Buffer; contentType: string }): Promise<void>;
  /**
   * Stores a finished temporary file under key and takes it over: it is moved (disk) or sent as
   * a stream and removed (S3), never read into memory; on failure it is removed too. The file
   * should lie in `tempDir`, so that the disk storage can rename it into place.
   */
  putFile(file: { key: string; path: string; size: number; contentType: string }): Promise<void>;
  /** Where a caller writes a file that it hands to putFile (created on demand). */
  readonly tempDir: string;
  /** Removes the file; a file that is already gone is not an error (the clean-up may retry). */
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from. */
  url(key: string): string;
  /**
   * The key of a URL that this storage made (`/uploads/<key>` on disk, the bucket's address plus
   * the key on S3), or null for any other string: a link elsewhere, a path with tricks in it.
   */
  keyOf(url: string): string | null;
}

/**
 * Random hex and an image extension (or pdf: the signed confirmation letters, decision 016;
 * uploads detect images only): the only shape of key the adapters accept or serve.
 */
export const STORAGE_KEY_PATTERN = /^[a-f0-9]{32}\.(jpg|png|gif|webp|pdf)$/;

/** The key after prefix when url is exactly prefix plus a well-formed key. */
export function keyAfter(prefix: string, url: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return STORAGE_KEY_PATTERN.test(key) ? key : null;
}

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}

/** Keys never change content (random names), so browsers and CDNs may keep them for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
