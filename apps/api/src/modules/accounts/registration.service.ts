import { and, eq } from 'drizzle-orm';
import { MSG, UserType, type HowFoundUs } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation, lockName } from '../../db/locks';
import { referrals, users } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword } from '../../lib/password';
import { createSession } from '../auth/auth.service';
import { assertAvailable, insertCustomer, type UserRow } from './customers.queries';
import { consumeProof } from './verification.service';

/** validateEmailandPhone: 409 when a customer already has the email or the phone. */
export async function checkEmailAndPhone(opts: {
  db: Db;
  email: string;
  phone?: string | undefined;
}): Promise<void> {
  await assertAvailable({ db: opts.db, email: opts.email, phone: opts.phone || undefined });
}

/** The customer whose invite code this is, or null. Codes are upper-case base32. */
async function findReferrer(opts: { db: Tx; code: string }): Promise<UserRow | null> {
  const [row] = await opts.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.inviteFriendCode, opts.code.trim().toUpperCase()),
        eq(users.userType, UserType.customer),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  /** +1##########, or undefined/'' for none */
  phone?: string | undefined;
  password: string;
  howFoundUs: HowFoundUs;
  referenceCode?: string | undefined;
}

/**
 * register_customer: creates the customer in one transaction (account, spent proofs, referral,
 * session) or nothing at all. Needs an unspent proof of the email and, when a phone is given,
 * of the phone; an unknown referral code is refused.
 */
export async function registerCustomer(opts: {
  db: Db;
  input: RegisterInput;
  ttlDays: number;
}): Promise<{ token: string; user: UserRow }> {
  const { input } = opts;
  const email = input.email.trim().toLowerCase();
  const phone = input.phone || undefined;
  const referenceCode = input.referenceCode?.trim() || undefined;
  // scrypt takes a third of a second: outside the transaction, so no lock waits on it.
  const passwordHash = await hashPassword(input.password);
  try {
    return await opts.db.transaction(async (tx) => {
      // Phones have no unique index: one sign-up per phone at a time.
      if (phone) await lockName(tx, `phone:${phone}`);
      await assertAvailable({ db: tx, email, phone });
      const referrer = referenceCode ? await findReferrer({ db: tx, code: referenceCode }) : null;
      if (referenceCode && !referrer) throw AppError.badRequest(MSG.referralInvalid);
      if (!(await consumeProof({ db: tx, channel: 'email', target: email }))) {
        throw AppError.badRequest(MSG.emailNotVerified);
      }
      if (phone && !(await consumeProof({ db: tx, channel: 'sms', target: phone }))) {
        throw AppError.badRequest(MSG.phoneNotVerified);
      }
      const user = await insertCustomer({
        db: tx,
        values: {
          email,
          passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          phone: phone ?? null,
          howFoundUs: input.howFoundUs,
          loginBy: 'app',
          referredById: referrer?.id ?? null,
        },
      });
      if (referrer) {
        await tx.insert(referrals).values({
          referredId: user.id,
          referrerId: referrer.id,
          code: referrer.inviteFriendCode ?? referenceCode ?? '',
        });
      }
      const token = await createSession({ db: tx, userId: user.id, ttlDays: opts.ttlDays });
      return { token, user };
    });
  } catch (err) {
    // Two sign-ups with one email at once: the unique index lets one through.
    if (isUniqueViolation(err, 'users_email_type_uq')) throw AppError.conflict(MSG.emailTaken);
    throw err;
  }
}
