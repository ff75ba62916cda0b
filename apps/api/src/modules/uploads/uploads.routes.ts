import { mkdir, rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  IP_LIMIT_PER_MINUTE,
  MSG,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
} from '@movehub/shared';
import { DISK_PUBLIC_PREFIX } from '../../adapters/storage/disk-storage';
import { IMMUTABLE_CACHE, STORAGE_KEY_PATTERN } from '../../adapters/storage/storage';
import { AppError } from '../../errors';
import { apiRoute } from '../../lib/api-route';
import { uploadSlots } from './upload-slots';
import {
  assertUploadRoom,
  cleanUpUploads,
  recordRejectedBytes,
  stageFile,
  StoredBytes,
  storeUpload,
  UPLOAD_CLEANUP_CRON,
  UPLOAD_CLEANUP_JOB,
  type UploadLimits,
  type UploadType,
} from './uploads.service';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';

// Ours, not the spec's: refusals of a malformed form (the spec's three cases are in MSG).
const ONE_FILE_ONLY = 'Please upload one file at a time.';
const FORM_UNREADABLE = 'The upload could not be read. Please try again.';
const UPLOAD_TYPE_INVALID = `upload_type must be one of ${UPLOAD_TYPES.join(', ')}.`;

// Room for the multipart boundaries, part headers and the upload_type field around the file.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * POST /app_api/upload_s3_file (spec: no token) and, with the disk storage, GET /uploads/<name>.
 * Multipart is registered inside this plugin only: every other route keeps JSON bodies. Also the
 * hourly clean-up of uploads that nothing references.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app;
  const limits = app.config.uploads;
  const storedBytes = new StoredBytes(app.db);

  app.jobs.define(UPLOAD_CLEANUP_JOB, {
    exclusive: true,
    handler: async () => {
      const result = await cleanUpUploads({
        db: app.db,
        storage,
        onError: (err, fileName) =>
          app.log.warn({ err, fileName }, 'upload clean-up: file not deleted; retried next run'),
      });
      storedBytes.forget();
      if (result.deleted || result.failed) app.log.info(result, 'upload clean-up');
    },
  });
  await app.jobs.schedule(UPLOAD_CLEANUP_JOB, UPLOAD_CLEANUP_CRON);

  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 8,
      headerPairs: 50,
    },
  });

  app.route({
    ...apiRoute('POST /app_api/upload_s3_file', {
      tags: ['uploads'],
      summary:
        'Upload an image (multipart: upload_file, upload_type). JPEG, PNG, GIF or WebP by content, at most 5 MB; ' +
        'each address has an hourly byte quota (429) and all uploads a storage ceiling (507).',
      failures: [400, 429, 507],
    }),
    config: { rateLimit: { max: IP_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request) => {
      const address = request.ip;
      const declared = Number(request.headers['content-length']);
      // Refuse an announced oversize body, an address over its hourly quota or a full storage
      // before reading a byte; an undeclared (chunked) body is checked again once read.
      if (declared > UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES)
        throw AppError.badRequest(MSG.uploadTooLarge);
      await assertUploadRoom({
        db: app.db,
        storedBytes,
        limits,
        address,
        incomingBytes: declared > FORM_OVERHEAD_BYTES ? declared - FORM_OVERHEAD_BYTES : 1,
      });
      // One of the process's few upload turns (503 when none comes soon), then the file streams
      // to a temporary file and on to storage; every byte read counts against the quota.
      const saved = await uploadSlots.run(() =>
        receiveUpload({ request, db: app.db, storage, storedBytes, limits, address }),
      );
      return { code: 200, message: MSG.ok, file_url: saved.url };
    },
  });

  if (app.config.storage.kind === 'disk') {
    const root = app.config.storage.dir;
    await mkdir(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: DISK_PUBLIC_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      redirect: false,
      dotfiles: 'ignore',
      // Only names the server made: no directories, dotfiles, temporary files or ../ tricks.
      allowedPath: (pathName) => STORAGE_KEY_PATTERN.test(pathName.replace(/^\//, '')),
      cacheControl: false,
      setHeaders(res) {
        // Names are random and files never rewritten, so a year-long cache is safe.
        res.setHeader('cache-control', IMMUTABLE_CACHE);
        res.setHeader('x-content-type-options', 'nosniff');
      },
    });
  }
};

/**
 * Reads the form as it arrives: the file in upload_file is staged chunk by chunk (never whole in
 * memory) and stored once the form is read and found right; upload_type may come before or after
 * it. Any way the form can be wrong ends as a 400 (422 for upload_type) with a clear message,
 * never a 500 or a partial file, and the bytes read so far count against the hourly quota.
 */
async function receiveUpload(opts: {
  request: FastifyRequest;
  db: Db;
  storage: Storage;
  storedBytes: StoredBytes;
  limits: UploadLimits;
  address: string;
}): Promise<{ url: string }> {
  const { request } = opts;
  if (!request.isMultipart()) throw AppError.badRequest(MSG.uploadMissing);

  const counter = { bytes: 0 };
  let staged: Awaited<ReturnType<typeof stageFile>> | undefined;
  let uploadType: string | undefined;
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // Reading drains the part, which the parser needs before it hands over the next one.
          if (part.fieldname === 'upload_file' && !staged) {
            staged = await stageFile(part, opts.storage.tempDir, counter);
          } else {
            for await (const chunk of part.file) counter.bytes += (chunk as Buffer).length;
          }
        } else if (part.fieldname === 'upload_type') {
          uploadType = String(part.value);
        }
      }
    } catch (err) {
      throw formError(err);
    }

    if (!staged) throw AppError.badRequest(MSG.uploadMissing);
    if (!staged.ok) throw staged.error ?? AppError.badRequest(MSG.uploadMissing);
    const type = (uploadType?.trim() || 'profile') as UploadType;
    if (!UPLOAD_TYPES.includes(type)) {
      throw new AppError(ErrorCode.unprocessable, UPLOAD_TYPE_INVALID, {
        errors: [{ path: 'upload_type', message: UPLOAD_TYPE_INVALID }],
      });
    }
    const ready = staged;
    staged = undefined;
    return await storeUpload({ ...opts, staged: ready, uploadType: type });
  } catch (err) {
    // A staged file that is not stored (a later part was wrong) is removed.
    if (staged?.ok) await rm(staged.path, { force: true });
    // Refused after reading: what was read counts all the same (issue 30), so that an address
    // cannot send rejected files without limit. Nothing counts twice: a stored row is not made.
    if (!(err instanceof AppError) || err.code !== ErrorCode.serviceUnavailable) {
      await recordRejectedBytes({ db: opts.db, address: opts.address, bytes: counter.bytes });
    }
    throw err;
  }
}

function formError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return AppError.badRequest(MSG.uploadTooLarge);
  if (code === 'FST_FILES_LIMIT') return AppError.badRequest(ONE_FILE_ONLY);
  // Too many parts or fields, a truncated or malformed body, a dropped connection.
  return AppError.badRequest(FORM_UNREADABLE);
}
