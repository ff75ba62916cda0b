import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { appIsRunning } from './fixtures';

/*
 * Accounts helpers of the journeys. Codes and links are read from the embedded outbox
 * (GET /dev/outbox?to=ADDRESS, newest first), as a person would read their email or SMS.
 */

let counter = 0;

/** An address no other test (or earlier run on the same data) has used. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  const nonce = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return `${tag}-${nonce}@e2e.movehub.test`;
}

/** A US phone number, unique per run: ten digits, as typed ('##########'), and on the wire. */
export function uniquePhone(): { typed: string; wire: string; masked: string } {
  const digits = `555${(Date.now() % 1_000_000).toString().padStart(6, '0')}${Math.floor(
    Math.random() * 10,
  )}`;
  return {
    typed: digits,
    wire: `+1${digits}`,
    masked: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
  };
}

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
}

/** Waits for a message to `to` (newer than `after` messages already there) matching `pattern`. */
async function readOutbox(
  request: APIRequestContext,
  to: string,
  pattern: RegExp,
  skip = 0,
): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
        if (!res.ok()) return false;
        const { messages } = (await res.json()) as { messages: OutboxMessage[] };
        const fresh = messages.slice(0, Math.max(messages.length - skip, 0));
        for (const message of fresh) {
          found = pattern.exec(message.body);
          if (found) return true;
        }
        return false;
      },
      { message: `a message to ${to} matching ${pattern}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as unknown as RegExpExecArray;
}

/** How many messages an address has received so far. */
export async function outboxCount(request: APIRequestContext, to: string): Promise<number> {
  const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: OutboxMessage[] };
  return messages.length;
}

/** The newest 6-digit verification code sent to an email address or phone number. */
export async function readCode(request: APIRequestContext, to: string, skip = 0): Promise<string> {
  const match = await readOutbox(request, to, /\b(\d{6})\b/, skip);
  return match[1] ?? '';
}

/** The path of the newest password reset link sent to an email address. */
export async function readResetPath(request: APIRequestContext, to: string): Promise<string> {
  const match = await readOutbox(request, to, /(\/set-forget-password\/[^\s]+)/);
  return match[1] ?? '';
}

/** The path of the newest direct request's confirmation link ("Is this your request?"). */
export async function readClaimPath(request: APIRequestContext, to: string): Promise<string> {
  const match = await readOutbox(request, to, /(\/claim-request\/[^\s]+)/);
  return match[1] ?? '';
}

async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

export interface Customer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
}

/**
 * A fresh customer made through the same calls the sign-up page makes (the journey that tests
 * the sign-up page itself goes through the browser).
 */
export async function createCustomer(
  request: APIRequestContext,
  tag: string,
  password = 'Start@1234',
): Promise<Customer> {
  const email = uniqueEmail(tag);
  const firstName = 'Robin';
  const lastName = 'Tester';
  await post(request, '/app_api/validateEmailandPhone', { email, phone: '' });
  await post(request, '/app_api/send_verification_code_on_email', {
    email,
    name: `${firstName} ${lastName}`,
  });
  const code = await readCode(request, email);
  await post(request, '/app_api/verify_code_send_on_email', { email, code });
  const registered = await post(request, '/api/customer/register_customer', {
    first_name: firstName,
    last_name: lastName,
    phone: '',
    email,
    password,
    confirm_password: password,
    how_found_us: 'google',
  });
  const data = registered.data as { auth_token: string };
  return { email, password, firstName, lastName, token: data.auth_token };
}

/** Fills the sign-up form as a newcomer types it (Avery Quinn, password Moving@2026). */
export async function fillSignUp(page: Page, email: string, phone?: string) {
  await appIsRunning(page);
  await page.locator('input[name="first_name"]').fill('Avery');
  await page.locator('input[name="last_name"]').fill('Quinn');
  if (phone) await page.locator('input[name="phone"]').pressSequentially(phone);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('Moving@2026');
  await page.locator('input[name="confirm_password"]').fill('Moving@2026');
}
