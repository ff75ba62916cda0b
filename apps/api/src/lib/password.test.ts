import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

/** A hash of the former scheme, as stored before argon2id: scrypt$N$r$p$salt$hash. */
function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const N = 2 ** 17;
  const key = scryptSync(password.normalize('NFKC'), salt, 64, {
    N,
    r: 8,
    p: 1,
    maxmem: 256 * 1024 * 1024,
  });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password hashing', () => {
  it("uses argon2id at OWASP's parameters (19 MiB, t=2, p=1) and a random salt", async () => {
    const a = await hashPassword('Secret@123');
    const b = await hashPassword('Secret@123');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]+\$[\w+/]+$/);
    expect(a).not.toBe(b);
    expect(needsRehash(a)).toBe(false);
  });

  it('verifies the right password and refuses a wrong one or a damaged hash', async () => {
    const stored = await hashPassword('Secret@123');
    expect(await verifyPassword('Secret@123', stored)).toBe(true);
    expect(await verifyPassword('secret@123', stored)).toBe(false);
    expect(await verifyPassword('Secret@123', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('Secret@123', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
  });

  it('still verifies a scrypt hash of the former scheme, and marks it for an upgrade', async () => {
    const stored = scryptHash('Secret@123');
    expect(await verifyPassword('Secret@123', stored)).toBe(true);
    expect(await verifyPassword('Secret@124', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$c2FsdA$aGFzaA')).toBe(true);
  });
});
