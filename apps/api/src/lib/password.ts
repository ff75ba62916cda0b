import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { BoundedQueue } from './bounded-queue';

// argon2id at OWASP's parameters (19 MiB, t=2, p=1), through @node-rs/argon2 (prebuilt native
// binaries, no install script). docs/decisions/006 compares it with scrypt on the bench.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

// The former scheme, kept to verify hashes stored before argon2id until their owner's next
// successful login replaces them: scrypt, stored as scrypt$N$r$p$salt$hash (base64url).
const SCRYPT_MAXMEM = 256 * 1024 * 1024;
const SCRYPT_KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, SCRYPT_KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

// Every hash of the process goes through one bounded queue (see BoundedQueue); buildApp sizes it
// from the configuration. The default suits a small machine: one hash per core.
let queue = new BoundedQueue(Math.min(4, availableParallelism()), 16);

/** Sizes the process's hashing queue (HASH_CONCURRENCY, HASH_QUEUE_MAX). */
export function configureHashing(options: { concurrency: number; maxWaiting: number }): void {
  queue = new BoundedQueue(options.concurrency, options.maxWaiting);
}

/** The queue in force, for its load and for tests of its bounds. */
export function hashingQueue(): BoundedQueue {
  return queue;
}

/** An argon2id PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash). 503 when hashing is full. */
export function hashPassword(password: string): Promise<string> {
  return queue.run(() => argon2Hash(password.normalize('NFKC'), ARGON2));
}

/** Checks a password against an argon2id or a former scrypt hash. 503 when hashing is full. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const normalized = password.normalize('NFKC');
  if (stored.startsWith('$argon2id$')) {
    return queue.run(() => argon2Verify(stored, normalized).catch(() => false));
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await queue.run(() =>
    scrypt(normalized, Buffer.from(salt, 'base64url'), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: SCRYPT_MAXMEM,
    }),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True for a hash of another scheme or weaker parameters: replace it at the next login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(ARGON2_PREFIX);
}

// Spent on unknown emails so that a wrong email takes as long as a wrong password.
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  // A refusal of a full queue is not kept: the next unknown email tries again.
  decoy ??= hashPassword(randomBytes(12).toString('hex')).catch((err: unknown) => {
    decoy = undefined;
    throw err;
  });
  return decoy;
}
