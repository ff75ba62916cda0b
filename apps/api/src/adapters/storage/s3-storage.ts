import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertStorageKey, IMMUTABLE_CACHE, keyAfter, type Storage } from './storage';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2…); addressed path-style. */
  endpoint?: string | undefined;
  /** A CDN or custom domain in front of the bucket; the file URL is this plus the key. */
  publicUrl?: string | undefined;
}

/** The part of S3Client the adapter uses, so a test can hand in a recorder instead. */
export interface S3Sender {
  send(command: PutObjectCommand | DeleteObjectCommand): Promise<unknown>;
}

/**
 * An S3 bucket (credentials from the SDK's default chain: environment, profile, instance role).
 * S3 cannot add `X-Content-Type-Options: nosniff` itself; put a CDN response-headers policy in
 * front of the bucket for that. The stored Content-Type is the one detected from the bytes.
 */
export function createS3Storage(config: S3StorageConfig, client?: S3Sender): Storage {
  const s3: S3Sender =
    client ??
    new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    });
  const base = publicBase(config);
  return {
    kind: 's3',
    tempDir: tmpdir(),
    async put({ key, body, contentType }) {
      assertStorageKey(key);
      await s3.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
    },
    async putFile({ key, path, size, contentType }) {
      try {
        assertStorageKey(key);
        // A file stream with its length: PutObject streams it (a stream of unknown length would
        // need @aws-sdk/lib-storage's multipart upload, which a file of at most 5 MB does not).
        await s3.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Body: createReadStream(path),
            ContentLength: size,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE,
          }),
        );
      } finally {
        await rm(path, { force: true });
      }
    },
    async delete(key) {
      assertStorageKey(key);
      // S3 answers a missing key with success too, so a retried clean-up is harmless.
      await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    url(key) {
      assertStorageKey(key);
      return `${base}${key}`;
    },
    keyOf(url) {
      return keyAfter(base, url);
    },
  };
}

function publicBase(config: S3StorageConfig): string {
  if (config.publicUrl)
    return config.publicUrl.endsWith('/') ? config.publicUrl : `${config.publicUrl}/`;
  if (config.endpoint) return `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}/`;
  // The bucket's virtual-hosted address.
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com/`;
}
