import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('uses scrypt with N=2^17, r=8, p=1 and a random salt', async () => {
    const a = await hashPassword('Secret@123');
    const b = await hashPassword('Secret@123');
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses a wrong one or a damaged hash', async () => {
    const stored = await hashPassword('Secret@123');
    expect(await verifyPassword('Secret@123', stored)).toBe(true);
    expect(await verifyPassword('secret@123', stored)).toBe(false);
    expect(await verifyPassword('Secret@123', 'bcrypt$whatever')).toBe(false);
  });
});
