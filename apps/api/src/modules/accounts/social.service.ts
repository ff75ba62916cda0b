import { and, eq } from 'drizzle-orm';
import { ErrorCode, MSG } from '@movehub/shared';
import type { SocialProvider, SocialVerifier } from '../../adapters/social/social-verifier';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation, lockName } from '../../db/locks';
import { userIdentities, users } from '../../db/schema';
import { AppError } from '../../errors';
import { createSession } from '../auth/auth.service';
import {
  assertAvailable,
  findCustomerByEmail,
  insertCustomer,
  type UserRow,
} from './customers.queries';
import { consumeProof } from './verification.service';

const PROVIDER_LABEL = { google: 'Google', facebook: 'Facebook' } as const;

/** Not in the shared messages: a provider account without an email cannot become a customer. */
export const SOCIAL_EMAIL_MISSING = (provider: 'Google' | 'Facebook') =>
  `Your ${provider} account did not share a verified email address, which MoveHub needs. Please sign up with your email instead.`;

/** The 400 that starts the ENTER_PHONE / ENTER_CODE steps of the browser. */
function phoneRequired(): AppError {
  return new AppError(ErrorCode.badRequest, MSG.phoneRequired, { phone_required: true });
}

/**
 * login_by_google / login_by_facebook. A known identity signs in; a new one is linked to the
 * customer with the same (provider-verified) email, or becomes a new customer without a
 * password. Every customer signing in this way needs a phone: without one the answer is 400
 * phone_required until the call is repeated with a phone_number verified by code.
 */
export async function socialLogin(opts: {
  db: Db;
  provider: SocialProvider;
  verifier: SocialVerifier | null;
  token: string;
  phone?: string | undefined;
  ttlDays: number;
}): Promise<{ token: string; user: UserRow }> {
  const label = PROVIDER_LABEL[opts.provider];
  if (!opts.verifier) throw AppError.badRequest(MSG.socialNotConfigured(label));
  const profile = await opts.verifier.verify(opts.token);
  if (!profile) throw AppError.badRequest(MSG.socialTokenInvalid(label));
  const phone = opts.phone || undefined;

  try {
    return await opts.db.transaction(async (tx) => {
      // One sign-in per identity at a time: the first one creates the account, the others find it.
      await lockName(tx, `identity:${opts.provider}:${profile.subject}`);
      let user = await findByIdentity({
        db: tx,
        provider: opts.provider,
        subject: profile.subject,
      });
      let link = false;
      if (!user) {
        if (!profile.email || !profile.emailVerified) {
          throw AppError.badRequest(SOCIAL_EMAIL_MISSING(label));
        }
        user = await findCustomerByEmail({ db: tx, email: profile.email });
        link = true;
      }

      // The phone step, for an existing customer without a phone or for a new one.
      let phoneToSet: string | undefined;
      if (!user?.phone) {
        if (!phone) throw phoneRequired();
        await lockName(tx, `phone:${phone}`);
        await assertAvailable({ db: tx, phone, exceptUserId: user?.id });
        if (!(await consumeProof({ db: tx, channel: 'sms', target: phone }))) {
          throw AppError.badRequest(MSG.phoneNotVerified);
        }
        phoneToSet = phone;
      }

      if (!user) {
        user = await insertCustomer({
          db: tx,
          values: {
            email: profile.email ?? '',
            passwordHash: null,
            firstName: profile.firstName.trim(),
            lastName: profile.lastName.trim(),
            phone: phoneToSet ?? null,
            loginBy: opts.provider,
          },
        });
      } else if (phoneToSet) {
        const [updated] = await tx
          .update(users)
          .set({ phone: phoneToSet, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        if (!updated) throw new Error('social login: the customer vanished');
        user = updated;
      }
      if (link) {
        await tx
          .insert(userIdentities)
          .values({ userId: user.id, provider: opts.provider, subject: profile.subject });
      }
      const token = await createSession({ db: tx, userId: user.id, ttlDays: opts.ttlDays });
      return { token, user };
    });
  } catch (err) {
    // A sign-up with the same email committed in between.
    if (isUniqueViolation(err, 'users_email_type_uq')) throw AppError.conflict(MSG.emailTaken);
    throw err;
  }
}

async function findByIdentity(opts: {
  db: Tx;
  provider: SocialProvider;
  subject: string;
}): Promise<UserRow | null> {
  const [row] = await opts.db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(
      and(eq(userIdentities.provider, opts.provider), eq(userIdentities.subject, opts.subject)),
    )
    .limit(1);
  return row?.user ?? null;
}
