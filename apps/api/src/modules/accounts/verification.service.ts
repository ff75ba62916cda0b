import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
  CODES_PER_HOUR,
  CODES_PER_MINUTE,
  MSG,
  VERIFICATION_CODE_LENGTH,
  VERIFIED_PROOF_MINUTES,
} from '@movehub/shared';
import type { Mailer } from '../../adapters/mail/mailer';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import type { Db, Tx } from '../../db/client';
import { lockName } from '../../db/locks';
import { verificationCodes as codes } from '../../db/schema';
import { minutesAgo, minutesFromNow } from '../../db/time';
import { AppError } from '../../errors';
import { emailCodeMessage, smsCodeText } from './accounts.messages';

/*
 * One-time codes (OWASP ASVS 2.7): 6 digits from a CSPRNG, kept only as a hash, valid
 * CODE_TTL_MINUTES, single use, dead after CODE_MAX_ATTEMPTS wrong tries; at most
 * CODES_PER_MINUTE and CODES_PER_HOUR sent per address, counted from the rows themselves so the
 * limit holds across processes. The newest code of an address is the only live one. A verified
 * code is a proof of the address for VERIFIED_PROOF_MINUTES, spent once (consumed_at) by
 * register_customer, a social sign-in's phone step or a profile change.
 */

export type CodeChannel = 'email' | 'sms';

/** Six uniformly random digits ('004821' included). */
export function generateCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
    VERIFICATION_CODE_LENGTH,
    '0',
  );
}

/** Bound to the address, so a hash copied to another address's row proves nothing. */
export function hashCode(channel: CodeChannel, target: string, code: string): string {
  return createHash('sha256').update(`${channel}\n${target}\n${code}`).digest('hex');
}

async function issueCode(opts: {
  db: Db;
  channel: CodeChannel;
  target: string;
  deliver: (code: string, tx: Tx) => Promise<void>;
}): Promise<void> {
  const { channel, target } = opts;
  await opts.db.transaction(async (tx) => {
    // Two sends for one address at once must not both pass the count below.
    await lockName(tx, `code:${channel}:${target}`);
    const [sent] = await tx
      .select({
        lastMinute:
          sql<number>`count(*) filter (where ${codes.createdAt} > ${minutesAgo(1)})`.mapWith(
            Number,
          ),
        lastHour: sql<number>`count(*)`.mapWith(Number),
        minuteWait:
          sql<number>`extract(epoch from max(${codes.createdAt}) + interval '1 minute' - now())`.mapWith(
            Number,
          ),
        hourWait:
          sql<number>`extract(epoch from min(${codes.createdAt}) + interval '1 hour' - now())`.mapWith(
            Number,
          ),
      })
      .from(codes)
      .where(
        and(
          eq(codes.channel, channel),
          eq(codes.target, target),
          gt(codes.createdAt, minutesAgo(60)),
        ),
      );
    if (sent && sent.lastMinute >= CODES_PER_MINUTE) {
      throw AppError.tooManyRequests(MSG.codeTooSoon, sent.minuteWait || 60);
    }
    if (sent && sent.lastHour >= CODES_PER_HOUR) {
      throw AppError.tooManyRequests(MSG.codeHourLimit, sent.hourWait || 3600);
    }
    // A new code kills the codes sent before it.
    await tx
      .update(codes)
      .set({ expiresAt: sql`now()` })
      .where(
        and(
          eq(codes.channel, channel),
          eq(codes.target, target),
          isNull(codes.verifiedAt),
          gt(codes.expiresAt, sql`now()`),
        ),
      );
    const code = generateCode();
    await tx.insert(codes).values({
      channel,
      target,
      codeHash: hashCode(channel, target, code),
      expiresAt: minutesFromNow(CODE_TTL_MINUTES),
    });
    await opts.deliver(code, tx);
  });
}

/** send_verification_code_on_email: a code to an email (sign-up, email change). */
export async function sendEmailCode(opts: {
  db: Db;
  mailer: Mailer;
  email: string;
  name?: string | undefined;
}): Promise<void> {
  const email = opts.email.trim().toLowerCase();
  await issueCode({
    db: opts.db,
    channel: 'email',
    target: email,
    deliver: (code, tx) =>
      opts.mailer.send(emailCodeMessage({ to: email, code, name: opts.name }), { db: tx }),
  });
}

/** send_verification_code_on_ph_number: a code by SMS to a +1########## phone. */
export async function sendPhoneCode(opts: {
  db: Db;
  sms: SmsSender;
  phone: string;
}): Promise<void> {
  await issueCode({
    db: opts.db,
    channel: 'sms',
    target: opts.phone,
    deliver: (code, tx) => opts.sms.send({ to: opts.phone, text: smsCodeText(code) }, { db: tx }),
  });
}

type Outcome = 'verified' | 'wrong' | 'none' | 'used' | 'dead' | 'expired';

const OUTCOME_MESSAGE: Record<Exclude<Outcome, 'verified'>, string> = {
  wrong: MSG.codeInvalid,
  none: MSG.codeInvalid,
  used: MSG.codeExpired,
  dead: MSG.codeTooManyAttempts,
  expired: MSG.codeExpired,
};

/**
 * Checks a code against the newest one sent to the address. A wrong code only counts an
 * attempt; the answer is thrown after the transaction commits, so that the count is kept.
 */
export async function verifyCode(opts: {
  db: Db;
  channel: CodeChannel;
  target: string;
  code: string;
}): Promise<void> {
  const target = opts.channel === 'email' ? opts.target.trim().toLowerCase() : opts.target;
  const outcome = await opts.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select({
        id: codes.id,
        codeHash: codes.codeHash,
        attempts: codes.attempts,
        verifiedAt: codes.verifiedAt,
        expired: sql<boolean>`${codes.expiresAt} <= now()`,
      })
      .from(codes)
      .where(and(eq(codes.channel, opts.channel), eq(codes.target, target)))
      .orderBy(desc(codes.id))
      .limit(1)
      // Concurrent guesses queue on the row, so none escapes the attempt count.
      .for('update');
    if (!row) return 'none';
    if (row.verifiedAt) return 'used';
    if (row.attempts >= CODE_MAX_ATTEMPTS) return 'dead';
    if (row.expired) return 'expired';
    const given = Buffer.from(hashCode(opts.channel, target, opts.code));
    const expected = Buffer.from(row.codeHash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      await tx
        .update(codes)
        .set({ attempts: sql`${codes.attempts} + 1` })
        .where(eq(codes.id, row.id));
      return 'wrong';
    }
    await tx
      .update(codes)
      .set({ verifiedAt: sql`now()` })
      .where(eq(codes.id, row.id));
    return 'verified';
  });
  if (outcome !== 'verified') throw AppError.badRequest(OUTCOME_MESSAGE[outcome]);
}

/** The newest code of an address and whether it is an unspent proof (verified, in time). */
function newestProof(opts: { db: Tx; channel: CodeChannel; target: string }) {
  const target = opts.channel === 'email' ? opts.target.trim().toLowerCase() : opts.target;
  return opts.db
    .select({
      id: codes.id,
      usable: sql<boolean>`(${codes.verifiedAt} is not null and ${codes.consumedAt} is null and ${codes.verifiedAt} > ${minutesAgo(VERIFIED_PROOF_MINUTES)})`,
    })
    .from(codes)
    .where(and(eq(codes.channel, opts.channel), eq(codes.target, target)))
    .orderBy(desc(codes.id))
    .limit(1);
}

/**
 * Whether an address has an unspent proof (the test of consumeProof, without spending or
 * locking): a cheap check before costly work, such as hashing a password, that the proof gates.
 * The proof is still spent by consumeProof in the transaction of the change.
 */
export async function hasProof(opts: {
  db: Tx;
  channel: CodeChannel;
  target: string;
}): Promise<boolean> {
  const [row] = await newestProof(opts);
  return Boolean(row?.usable);
}

/**
 * Spends the proof that an address was verified: the newest code of the address, verified
 * within VERIFIED_PROOF_MINUTES and not spent yet. Call it in the transaction of the change it
 * allows, so that a refused change leaves the proof unspent. False when there is no such proof.
 */
export async function consumeProof(opts: {
  db: Tx;
  channel: CodeChannel;
  target: string;
}): Promise<boolean> {
  const [row] = await newestProof(opts).for('update');
  if (!row?.usable) return false;
  await opts.db
    .update(codes)
    .set({ consumedAt: sql`now()` })
    .where(eq(codes.id, row.id));
  return true;
}
