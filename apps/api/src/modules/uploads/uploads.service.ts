import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, gt, inArray, isNotNull, isNull, notLike, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { ErrorCode, MSG, type UPLOAD_TYPES } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { lockName } from '../../db/locks';
import { companyProfiles, requestItemImages, uploads, users } from '../../db/schema';
import { AppError } from '../../errors';
import { STORAGE_KEY_PATTERN, type Storage } from '../../adapters/storage/storage';

export type UploadType = (typeof UPLOAD_TYPES)[number];

// Ours, not the spec's: the spec names only the missing, too-large and not-an-image refusals.
export const UPLOAD_QUOTA_EXCEEDED =
  'You have uploaded a lot from this address in the last hour. Please try again later.';
export const UPLOAD_STORAGE_FULL =
  'Uploads are paused for now because storage is full. Please try again later.';

/** An upload nothing references is deleted once it is this old (the wizard uploads first). */
export const UPLOAD_ORPHAN_HOURS = 24;
export const UPLOAD_CLEANUP_JOB = 'uploads.cleanup';
/** Hourly, off the hour so it does not meet every other hourly job. */
export const UPLOAD_CLEANUP_CRON = '17 * * * *';

export interface UploadLimits {
  quotaBytesPerHour: number;
  storageMaxBytes: number;
}

/** The image types a browser shows safely, keyed by the MIME type detected from the bytes. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * What the bytes are, from their magic numbers: the file name and the declared type are the
 * client's word and are ignored. Anything but JPEG, PNG, GIF or WebP (SVG, HTML, a text file
 * named .png) is refused.
 */
export async function detectImage(
  bytes: Buffer,
): Promise<{ contentType: string; extension: string } | null> {
  const detected = await fileTypeFromBuffer(bytes);
  const extension = detected ? IMAGE_EXTENSIONS[detected.mime] : undefined;
  return detected && extension ? { contentType: detected.mime, extension } : null;
}

/**
 * The bytes of all stored uploads, read from the database at most every few seconds per process
 * and topped up with what this process stored since: an exact sum on every upload would scan the
 * whole table. Several processes may overshoot the ceiling by what they accept in one interval.
 */
export class StoredBytes {
  private total = 0;
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = 10_000,
  ) {}

  async current(): Promise<number> {
    if (Date.now() - this.readAt > this.maxAgeMs) {
      const [row] = await this.db
        .select({ total: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` })
        .from(uploads)
        .where(notLike(uploads.fileName, `${REJECTED_NAME_PREFIX}%`));
      this.total = Number(row?.total ?? 0);
      this.readAt = Date.now();
    }
    return this.total;
  }

  add(bytes: number): void {
    this.total += bytes;
  }

  /** After a clean-up: read the sum again on the next upload. */
  forget(): void {
    this.readAt = Number.NEGATIVE_INFINITY;
  }
}

/** Bytes an address sent in the last hour (stored or refused), and when the oldest leaves that hour. */
async function hourlyUsage(
  db: Tx,
  address: string,
): Promise<{ bytes: number; frees: number | null }> {
  const [row] = await db
    .select({
      bytes: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)`,
      frees: sql<
        string | null
      >`extract(epoch from (min(${uploads.createdAt}) + interval '1 hour' - now()))`,
    })
    .from(uploads)
    .where(
      and(
        eq(uploads.uploaderAddress, address),
        gt(uploads.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return { bytes: Number(row?.bytes ?? 0), frees: row?.frees == null ? null : Number(row.frees) };
}

/**
 * The cheap checks, before the body is read or the image inspected: the address's hourly quota
 * (429 with Retry-After) and the total storage ceiling (507: the server cannot store more, which
 * is neither the caller's fault nor something a retry soon will fix, so not 503).
 */
export async function assertUploadRoom(opts: {
  db: Tx;
  storedBytes: StoredBytes;
  limits: UploadLimits;
  address: string;
  incomingBytes: number;
}): Promise<void> {
  const usage = await hourlyUsage(opts.db, opts.address);
  if (usage.bytes + opts.incomingBytes > opts.limits.quotaBytesPerHour) {
    // When the oldest upload of the hour leaves it; an upload too large for even an empty hour
    // cannot get here (the quota is at least one full-size upload).
    throw AppError.tooManyRequests(UPLOAD_QUOTA_EXCEEDED, usage.frees ?? 3600);
  }
  if ((await opts.storedBytes.current()) + opts.incomingBytes > opts.limits.storageMaxBytes) {
    throw new AppError(ErrorCode.insufficientStorage, UPLOAD_STORAGE_FULL);
  }
}

/** Enough of the file's first bytes for file-type to know JPEG, PNG, GIF and WebP. */
const HEAD_BYTES = 4100;

/**
 * The rows that count bytes an address sent but that were not stored (too large, not an image,
 * a bad upload_type, a malformed form): in the uploads table, so that the one hourly quota query
 * counts them, under a name that no storage key matches (so no link can name one, the ceiling
 * leaves them out and the clean-up removes the row without touching the storage).
 */
export const REJECTED_NAME_PREFIX = 'rejected-';
const REJECTED_TYPE = 'rejected';

/** Counts bytes an address sent and were refused against its hourly quota. */
export async function recordRejectedBytes(opts: {
  db: Db;
  address: string;
  bytes: number;
}): Promise<void> {
  if (opts.bytes <= 0) return;
  await opts.db.insert(uploads).values({
    fileName: `${REJECTED_NAME_PREFIX}${randomBytes(16).toString('hex')}`,
    contentType: REJECTED_TYPE,
    sizeBytes: opts.bytes,
    uploadType: REJECTED_TYPE,
    uploaderAddress: opts.address,
  });
}

/** A file part of the form: its stream (ended early and marked truncated past the size limit). */
export interface FilePart {
  file: AsyncIterable<Buffer> & { truncated?: boolean };
}

/** What staging a file part gave: a temporary file holding an image, or why not. */
type Staged =
  | { ok: true; path: string; size: number; image: { contentType: string; extension: string } }
  | { ok: false; error: AppError | null };

/**
 * Reads a file part into a temporary file in `dir`, chunk by chunk (the reader waits for each
 * write, so memory holds a chunk or two, not the file), once its first bytes show an image;
 * anything else is read to its end and dropped. `counter.bytes` grows with every byte read,
 * also when the stream fails half way, so that refused bytes count against the quota.
 */
export async function stageFile(
  part: FilePart,
  dir: string,
  counter: { bytes: number },
): Promise<Staged> {
  let head: Buffer[] = [];
  let headLength = 0;
  let image: { contentType: string; extension: string } | null = null;
  let decided = false;
  let out: FileHandle | undefined;
  let path: string | undefined;
  let size = 0;

  const decide = async () => {
    decided = true;
    const first = Buffer.concat(head);
    head = [];
    image = first.length > 0 ? await detectImage(first) : null;
    if (!image) return;
    await mkdir(dir, { recursive: true });
    path = join(dir, `.upload-${randomBytes(12).toString('hex')}.tmp`);
    out = await open(path, 'wx', 0o644);
    await out.write(first);
    size += first.length;
  };

  try {
    for await (const chunk of part.file) {
      counter.bytes += chunk.length;
      if (!decided) {
        head.push(chunk);
        headLength += chunk.length;
        if (headLength >= HEAD_BYTES) await decide();
      } else if (out) {
        await out.write(chunk);
        size += chunk.length;
      }
    }
    if (!decided) await decide();
    await out?.close();
    out = undefined;
    if (part.file.truncated) throw AppError.badRequest(MSG.uploadTooLarge);
    if (!image || !path) {
      return {
        ok: false,
        error: counter.bytes > 0 ? AppError.badRequest(MSG.uploadNotImage) : null,
      };
    }
    return { ok: true, path, size, image };
  } catch (err) {
    await out?.close().catch(() => undefined);
    if (path) await rm(path, { force: true });
    throw err;
  }
}

/**
 * Stores a staged image under a random name and records it. The quota and the ceiling are
 * checked again with the real size under a per-address lock as the row is written, so parallel
 * uploads from one address cannot together pass them. The row comes before the stored file: a
 * failed store removes the row, and a crash in between leaves a row that the clean-up removes.
 * The staged file is taken over (stored or removed) whatever happens.
 */
export async function storeUpload(opts: {
  db: Db;
  storage: Storage;
  storedBytes: StoredBytes;
  limits: UploadLimits;
  address: string;
  staged: { path: string; size: number; image: { contentType: string; extension: string } };
  uploadType: UploadType;
}): Promise<{ fileName: string; url: string }> {
  const { size, image } = opts.staged;
  const fileName = `${randomBytes(16).toString('hex')}.${image.extension}`;
  let row: { id: number } | undefined;
  try {
    [row] = await opts.db.transaction(async (tx) => {
      await lockName(tx, `upload-quota:${opts.address}`);
      await assertUploadRoom({ ...opts, db: tx, incomingBytes: size });
      return tx
        .insert(uploads)
        .values({
          fileName,
          contentType: image.contentType,
          sizeBytes: size,
          uploadType: opts.uploadType,
          uploaderAddress: opts.address,
        })
        .returning({ id: uploads.id });
    });
  } catch (err) {
    await rm(opts.staged.path, { force: true });
    throw err;
  }
  opts.storedBytes.add(size);
  try {
    await opts.storage.putFile({
      key: fileName,
      path: opts.staged.path,
      size,
      contentType: image.contentType,
    });
  } catch (err) {
    if (row) await opts.db.delete(uploads).where(eq(uploads.id, row.id));
    opts.storedBytes.add(-size);
    throw err;
  }
  return { fileName, url: opts.storage.url(fileName) };
}

/** The key a link names in the storage: its own URL of the key, or the bare key; else null. */
function storageKeyOf(storage: Storage, link: string): string | null {
  return storage.keyOf(link) ?? (STORAGE_KEY_PATTERN.test(link) ? link : null);
}

/**
 * The storage key of a picture link when it names a live upload of ours: the storage's own URL
 * (`/uploads/<key>` on disk, the bucket's address on S3) or the bare file name (spec: images
 * are served from a storage base path plus the file name). Anything else is null: another
 * host, `//host/x`, `/\host/x`, a path that is not an upload, a file the clean-up removed.
 */
export async function liveUploadKey(opts: {
  db: Tx;
  storage: Storage;
  link: string;
}): Promise<string | null> {
  const key = storageKeyOf(opts.storage, opts.link);
  if (!key) return null;
  const [row] = await opts.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.fileName, key), isNull(uploads.deletedAt)))
    .limit(1);
  return row ? key : null;
}

/** Ours (decision 037): the refusal of an item photo that is not an upload of ours. */
export const ITEM_PHOTO_INVALID =
  'items_image_array must hold only photos uploaded with upload_s3_file.';

/**
 * The items_array lines with every photo in the storage's own form (a bare file name becomes its
 * URL), or 422 naming each refused photo: only live uploads of ours, as a profile picture
 * (liveUploadKey). A photo is shown as an image and a link on the console, the foreman's phone and
 * the customer's detail, so `javascript:`, `data:` or another site's page must never be stored as
 * the customer's photo (decision 037). One query for all the photos of a call. The paths count
 * the lines the schema kept (the edits drop those with quantity 0).
 */
export async function uploadedItemPhotos<L extends { items_image_array: string[] }>(opts: {
  db: Tx;
  storage: Storage;
  lines: readonly L[];
}): Promise<L[]> {
  const keyOf = (link: string) => storageKeyOf(opts.storage, link);
  const keys = [
    ...new Set(opts.lines.flatMap((l) => l.items_image_array.map(keyOf)).filter((k) => k !== null)),
  ];
  const live = new Set(
    keys.length === 0
      ? []
      : (
          await opts.db
            .select({ fileName: uploads.fileName })
            .from(uploads)
            .where(and(inArray(uploads.fileName, keys), isNull(uploads.deletedAt)))
        ).map((row) => row.fileName),
  );
  const errors: { path: string; message: string }[] = [];
  const lines = opts.lines.map((line, i) => ({
    ...line,
    items_image_array: line.items_image_array.flatMap((link, j) => {
      const key = keyOf(link);
      if (key !== null && live.has(key)) return [opts.storage.url(key)];
      errors.push({ path: `items_array.${i}.items_image_array.${j}`, message: ITEM_PHOTO_INVALID });
      return [];
    }),
  }));
  if (errors.length > 0) {
    throw new AppError(ErrorCode.unprocessable, ITEM_PHOTO_INVALID, { errors });
  }
  return lines;
}

// The file name at the end of a stored link, whatever base path or bucket address precedes it.
const KEY_AT_END = sql.raw(`'([a-f0-9]{32}\\.(jpg|png|gif|webp))$'`);

/**
 * Every column that may hold a link to an upload. A table that starts storing upload links
 * must be added here, or the clean-up would delete its files after a day.
 */
const referencedNames = sql`
  select substring(${users.profilePicture} from ${KEY_AT_END}) as name
    from ${users} where ${users.profilePicture} is not null
  union all
  select substring(${companyProfiles.profilePicture} from ${KEY_AT_END})
    from ${companyProfiles} where ${companyProfiles.profilePicture} is not null
  union all
  select substring(${requestItemImages.imageUrl} from ${KEY_AT_END}) from ${requestItemImages}
`;

/**
 * Deletes uploads that no profile, company or request item references and that are older than
 * UPLOAD_ORPHAN_HOURS. Rows are marked first (one statement), then each file is deleted through
 * the storage adapter and its row after it; a failed delete keeps the marked row, and the next
 * run tries again. Bounded per run so one run cannot hold the database for long.
 */
export async function cleanUpUploads(opts: {
  db: Db;
  storage: Storage;
  batchSize?: number;
  maxBatches?: number;
  /** Told of each file the storage could not delete (kept for the next run). */
  onError?: (err: unknown, fileName: string) => void;
}): Promise<{ deleted: number; failed: number }> {
  const batchSize = opts.batchSize ?? 500;
  const maxBatches = opts.maxBatches ?? 20;
  for (let i = 0; i < maxBatches; i++) {
    const marked = await opts.db.execute(sql`
      update ${uploads} set deleted_at = now()
      where ${uploads.id} in (
        select u.id from ${uploads} u
        where u.deleted_at is null
          and u.created_at < now() - make_interval(hours => ${UPLOAD_ORPHAN_HOURS})
          and u.file_name not in (
            select r.name from (${referencedNames}) r where r.name is not null
          )
        order by u.id
        limit ${batchSize}
      )
      returning ${uploads.id}
    `);
    // node-postgres and PGlite both answer with the returned rows in `rows`.
    const count = (marked as { rows?: unknown[] }).rows?.length ?? 0;
    if (count < batchSize) break;
  }

  let deleted = 0;
  let failed = 0;
  for (let i = 0; i < maxBatches; i++) {
    const rows = await opts.db
      .select({ id: uploads.id, fileName: uploads.fileName })
      .from(uploads)
      .where(isNotNull(uploads.deletedAt))
      .orderBy(uploads.id)
      .limit(batchSize);
    let progressed = false;
    for (const row of rows) {
      try {
        // A rejected upload's row counts bytes; there is no file.
        if (!row.fileName.startsWith(REJECTED_NAME_PREFIX)) await opts.storage.delete(row.fileName);
        await opts.db.delete(uploads).where(eq(uploads.id, row.id));
        deleted += 1;
        progressed = true;
      } catch (err) {
        failed += 1;
        opts.onError?.(err, row.fileName);
      }
    }
    if (rows.length < batchSize || !progressed) break;
  }
  return { deleted, failed };
}
