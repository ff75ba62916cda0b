import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createDiskStorage } from './disk-storage';
import { createS3Storage, type S3Sender } from './s3-storage';

const KEY = `${'ab'.repeat(16)}.png`;
const body = Buffer.from('89504e470d0a1a0a', 'hex');

describe('disk storage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'movehub-disk-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the file under its key, leaving no temporary file, and serves it at /uploads', async () => {
    const storage = createDiskStorage({ dir: path.join(dir, 'nested', 'uploads') });
    await storage.put({ key: KEY, body, contentType: 'image/png' });
    expect(readdirSync(storage.dir)).toEqual([KEY]);
    expect(readFileSync(path.join(storage.dir, KEY)).equals(body)).toBe(true);
    expect(storage.url(KEY)).toBe(`/uploads/${KEY}`);
  });

  it('moves a finished temporary file into place under its key', async () => {
    const storage = createDiskStorage({ dir: path.join(dir, 'moves') });
    await storage.put({ key: KEY, body, contentType: 'image/png' });
    const temp = path.join(storage.tempDir, '.upload-x.tmp');
    writeFileSync(temp, body);
    const other = `${'cd'.repeat(16)}.png`;
    await storage.putFile({ key: other, path: temp, size: body.length, contentType: 'image/png' });
    expect(readdirSync(storage.dir).sort()).toEqual([KEY, other].sort());
    expect(readFileSync(path.join(storage.dir, other)).equals(body)).toBe(true);
  });

  it('deletes a file, and a file already gone is no error', async () => {
    const storage = createDiskStorage({ dir: path.join(dir, 'deletes') });
    await storage.put({ key: KEY, body, contentType: 'image/png' });
    await storage.delete(KEY);
    expect(readdirSync(storage.dir)).toEqual([]);
    await expect(storage.delete(KEY)).resolves.toBeUndefined();
    await expect(storage.delete('../secret.png')).rejects.toThrow(/invalid storage key/);
  });

  it('knows its own links and nothing else', () => {
    const storage = createDiskStorage({ dir });
    expect(storage.keyOf(`/uploads/${KEY}`)).toBe(KEY);
    for (const link of [
      KEY,
      `https://evil.example/uploads/${KEY}`,
      `//evil.example/uploads/${KEY}`,
      `/\\evil.example/${KEY}`,
      `/uploads/../${KEY}`,
      `/uploads/${KEY}?x=1`,
      '/uploads/x.png',
    ]) {
      expect(storage.keyOf(link), link).toBeNull();
    }
  });

  it('refuses a key it did not make (no paths, no other extensions)', async () => {
    const storage = createDiskStorage({ dir });
    for (const key of ['../evil.png', 'a/b.png', 'x.html', `${'ab'.repeat(16)}.svg`]) {
      await expect(storage.put({ key, body, contentType: 'image/png' }), key).rejects.toThrow(
        /invalid storage key/,
      );
    }
  });
});

describe('S3 storage', () => {
  function recorder() {
    const sent: (PutObjectCommand | DeleteObjectCommand)[] = [];
    const client: S3Sender = {
      send: async (command) => {
        sent.push(command);
        return {};
      },
    };
    return { sent, client };
  }

  it('puts the object with its detected type and a long cache', async () => {
    const { sent, client } = recorder();
    const storage = createS3Storage({ bucket: 'movehub-files', region: 'us-west-2' }, client);
    await storage.put({ key: KEY, body, contentType: 'image/png' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.input).toEqual({
      Bucket: 'movehub-files',
      Key: KEY,
      Body: body,
      ContentType: 'image/png',
      CacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('streams a temporary file with its length and removes it', async () => {
    const received: Buffer[] = [];
    let input: Record<string, unknown> = {};
    const client: S3Sender = {
      send: async (command) => {
        input = command.input as unknown as Record<string, unknown>;
        for await (const chunk of input.Body as Readable) received.push(chunk as Buffer);
        return {};
      },
    };
    const storage = createS3Storage({ bucket: 'b', region: 'us-east-1' }, client);
    const temp = path.join(mkdtempSync(path.join(tmpdir(), 'movehub-s3-')), 'f.tmp');
    writeFileSync(temp, body);
    await storage.putFile({ key: KEY, path: temp, size: body.length, contentType: 'image/png' });
    expect(input).toMatchObject({ Bucket: 'b', Key: KEY, ContentLength: body.length });
    expect(input.Body).toBeInstanceOf(Readable);
    expect(Buffer.concat(received).equals(body)).toBe(true);
    expect(existsSync(temp)).toBe(false);
  });

  it('addresses the file by the public URL, the custom endpoint or the bucket’s own host', () => {
    const { client } = recorder();
    const cdn = createS3Storage(
      { bucket: 'b', region: 'us-east-1', publicUrl: 'https://cdn.movehub.test/files' },
      client,
    );
    expect(cdn.url(KEY)).toBe(`https://cdn.movehub.test/files/${KEY}`);
    const minio = createS3Storage(
      { bucket: 'b', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000/' },
      client,
    );
    expect(minio.url(KEY)).toBe(`http://127.0.0.1:9000/b/${KEY}`);
    const aws = createS3Storage({ bucket: 'movehub-files', region: 'eu-west-1' }, client);
    expect(aws.url(KEY)).toBe(`https://movehub-files.s3.eu-west-1.amazonaws.com/${KEY}`);
  });

  it('deletes the object by its key, and knows only the bucket’s own links', async () => {
    const { sent, client } = recorder();
    const storage = createS3Storage(
      { bucket: 'b', region: 'us-east-1', publicUrl: 'https://cdn.movehub.test/files' },
      client,
    );
    await storage.delete(KEY);
    expect(sent[0]?.input).toEqual({ Bucket: 'b', Key: KEY });
    expect(storage.keyOf(`https://cdn.movehub.test/files/${KEY}`)).toBe(KEY);
    expect(storage.keyOf(`https://cdn.movehub.test.evil.example/files/${KEY}`)).toBeNull();
    expect(storage.keyOf(`/uploads/${KEY}`)).toBeNull();
  });

  it('refuses a key it did not make', async () => {
    const { sent, client } = recorder();
    const storage = createS3Storage({ bucket: 'b', region: 'us-east-1' }, client);
    await expect(storage.put({ key: '../x.png', body, contentType: 'image/png' })).rejects.toThrow(
      /invalid storage key/,
    );
    expect(sent).toHaveLength(0);
  });
});
