import { and, eq, sql } from 'drizzle-orm';
import { MSG, UserType, type HowFoundUs } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation, lockName } from '../../db/locks';
import { referrals, users } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword } from '../../lib/password';
import { createSession } from '../auth/auth.service';
import {
  assertAvailable,
  canSignIn,
  findCustomerByEmail,
  insertCustomer,
  type UserRow,
} from './customers.queries';
import { consumeProof, hasProof } from './verification.service';

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
 * of the phone; an unknown referral code is refused. A customer of the email who cannot sign in
 * (no password, no social account: left by direct requests of an earlier version) does not
 * block the sign-up: the verified email takes that account over.
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
  // The proofs are checked (not spent) before hashing: scrypt is the costly part of a sign-up,
  // and a caller who has verified nothing must not be able to make the server do it.
  if (!(await hasProof({ db: opts.db, channel: 'email', target: email }))) {
    throw AppError.badRequest(MSG.emailNotVerified);
  }
  if (phone && !(await hasProof({ db: opts.db, channel: 'sms', target: phone }))) {
    throw AppError.badRequest(MSG.phoneNotVerified);
  }
  // scrypt takes a third of a second: outside the transaction, so no lock waits on it.
  const passwordHash = await hashPassword(input.password);
  try {
    return await opts.db.transaction(async (tx) => {
      // A sign-up and a direct request's claim of one email at once: one account.
      await lockName(tx, `email:${email}`);
      // Phones have no unique index: one sign-up per phone at a time.
      if (phone) await lockName(tx, `phone:${phone}`);
      const existing = await findCustomerByEmail({ db: tx, email });
      const takeover = existing && !(await canSignIn({ db: tx, user: existing })) ? existing : null;
      await assertAvailable({
        db: tx,
        email: takeover ? undefined : email,
        phone,
        ...(takeover ? { exceptUserId: takeover.id } : {}),
      });
      const referrer = referenceCode ? await findReferrer({ db: tx, code: referenceCode }) : null;
      if (referenceCode && !referrer) throw AppError.badRequest(MSG.referralInvalid);
      if (!(await consumeProof({ db: tx, channel: 'email', target: email }))) {
        throw AppError.badRequest(MSG.emailNotVerified);
      }
      if (phone && !(await consumeProof({ db: tx, channel: 'sms', target: phone }))) {
        throw AppError.badRequest(MSG.phoneNotVerified);
      }
      const values = {
        email,
        passwordHash,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        // Only a verified phone: a taken-over account's unproven one is dropped.
        phone: phone ?? null,
        howFoundUs: input.howFoundUs,
        loginBy: 'app',
        referredById: referrer?.id ?? null,
      };
      const user = takeover
        ? await tx
            .update(users)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(users.id, takeover.id))
            .returning()
            .then(([row]) => row)
        : await insertCustomer({ db: tx, values });
      if (!user) throw new Error('registerCustomer wrote no customer');
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
