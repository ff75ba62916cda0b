import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { createSession } from '../src/modules/auth/auth.service';

/** Helpers of the accounts tests: calls, codes read from the outbox, fresh addresses. */

export const STRONG_PASSWORD = 'Moving@2026';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.com`;
}

/** A +1 phone no other test uses (555 numbers are fictional). */
export function uniquePhone(): string {
  return `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

export function post(
  app: FastifyInstance,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, payload, headers });
}

interface OutboxItem {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
}

/** What the embedded outbox holds for an address, newest first (GET /dev/outbox). */
export async function outboxFor(app: FastifyInstance, to: string): Promise<OutboxItem[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/dev/outbox?to=${encodeURIComponent(to)}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { messages: OutboxItem[] }).messages;
}

/** The 6-digit code of the newest message to an address. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [message] = await outboxFor(app, to);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export async function sendEmailCode(app: FastifyInstance, email: string, name = 'Rosa') {
  return post(app, '/app_api/send_verification_code_on_email', { email, name });
}

export async function sendPhoneCode(app: FastifyInstance, phone: string) {
  return post(app, '/app_api/send_verification_code_on_ph_number', {
    phonenumber: phone,
    channel: 'sms',
  });
}

/** Sends an email code, reads it from the outbox and verifies it: the email is proved. */
export async function proveEmail(app: FastifyInstance, email: string): Promise<void> {
  expect((await sendEmailCode(app, email)).statusCode).toBe(200);
  const code = await latestCode(app, email);
  const res = await post(app, '/app_api/verify_code_send_on_email', { email, code });
  expect(res.json()).toMatchObject({ code: 200 });
}

/** The same for a phone, by SMS. */
export async function provePhone(app: FastifyInstance, phone: string): Promise<void> {
  expect((await sendPhoneCode(app, phone)).statusCode).toBe(200);
  const code = await latestCode(app, phone);
  const res = await post(app, '/app_api/verify_code_send_on_phone_number', {
    phonenumber: phone,
    code,
  });
  expect(res.json()).toMatchObject({ code: 200 });
}

/**
 * Moves the codes of an address back in time, as if they had been sent `minutes` earlier, so
 * that a test can send again without waiting for the once-a-minute limit.
 */
export async function ageCodes(database: Database, target: string, minutes: number) {
  await database.db.execute(
    sql`update verification_codes set created_at = created_at - make_interval(mins => ${minutes}),
        expires_at = expires_at - make_interval(mins => ${minutes})
        where target = ${target}`,
  );
}

export function signUpForm(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Rosa',
    last_name: 'Diaz',
    email: uniqueEmail('signup'),
    phone: '',
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
    how_found_us: 'google',
    ...overrides,
  };
}

/**
 * A live session token for a user without the login call: a password hash costs CPU,
 * so tests that are not about logging in open their sessions this way.
 */
export function sessionFor(database: Database, userId: number): Promise<string> {
  return createSession({ db: database.db, userId, ttlDays: 1 });
}
