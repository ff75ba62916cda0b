import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { MSG, type UPLOAD_TYPES } from '@movehub/shared';
import type { Tx } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage } from '../../adapters/storage/storage';

export type UploadType = (typeof UPLOAD_TYPES)[number];

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
 * Stores an uploaded image under a random name and records it. The file is written before the
 * row: a failed write leaves no row, and a failed insert at worst an unreferenced file.
 */
export async function saveUpload(opts: {
  db: Tx;
  storage: Storage;
  bytes: Buffer;
  uploadType: UploadType;
}): Promise<{ fileName: string; url: string }> {
  if (opts.bytes.length === 0) throw AppError.badRequest(MSG.uploadMissing);
  const image = await detectImage(opts.bytes);
  if (!image) throw AppError.badRequest(MSG.uploadNotImage);
  const fileName = `${randomBytes(16).toString('hex')}.${image.extension}`;
  await opts.storage.put({ key: fileName, body: opts.bytes, contentType: image.contentType });
  await opts.db.insert(uploads).values({
    fileName,
    contentType: image.contentType,
    sizeBytes: opts.bytes.length,
    uploadType: opts.uploadType,
  });
  return { fileName, url: opts.storage.url(fileName) };
}
