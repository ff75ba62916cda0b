import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, keyAfter, type Storage } from './storage';

/** The URL prefix under which the server serves the disk folder (see uploads.routes.ts). */
export const DISK_PUBLIC_PREFIX = '/uploads/';

/**
 * Files in a folder (DATA_DIR/uploads). A file is written under a temporary name and renamed
 * into place, so a reader never sees half a file and a failed write leaves nothing behind.
 */
export function createDiskStorage(config: { dir: string }): Storage & { dir: string } {
  const dir = path.resolve(config.dir);
  return {
    kind: 'disk',
    dir,
    // Temporary names start with a dot and end in .tmp: never served (uploads.routes.ts).
    tempDir: dir,
    async put({ key, body }) {
      assertStorageKey(key);
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, key);
      const temp = path.join(dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        // 'wx': never overwrite; the random key makes a clash practically impossible anyway.
        await writeFile(temp, body, { flag: 'wx', mode: 0o644 });
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async putFile({ key, path: file }) {
      try {
        assertStorageKey(key);
        await rename(file, path.join(dir, key));
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await rm(path.join(dir, key), { force: true });
    },
    url(key) {
      assertStorageKey(key);
      return `${DISK_PUBLIC_PREFIX}${key}`;
    },
    keyOf(url) {
      return keyAfter(DISK_PUBLIC_PREFIX, url);
    },
  };
}
