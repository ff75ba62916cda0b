import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the session token handed to the client, never stored as is. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Short random codes for links and invite codes (base32 without look-alike characters). */
export function randomCode(length: number): string {
  // 32 symbols, so a byte modulo 32 is unbiased; no I, O, 0 or 1 to misread.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
