import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { MSG, UserType } from '@movehub/shared';
import type { Tx } from '../../db/client';
import { userIdentities, users } from '../../db/schema';
import { AppError } from '../../errors';
import { randomCode } from '../../lib/tokens';

export type UserRow = typeof users.$inferSelect;

/** The customer account of an email (emails are stored lower-cased), or null. */
export async function findCustomerByEmail(opts: {
  db: Tx;
  email: string;
}): Promise<UserRow | null> {
  const [row] = await opts.db
    .select()
    .from(users)
    .where(
      and(eq(users.email, opts.email.trim().toLowerCase()), eq(users.userType, UserType.customer)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Whether a customer can sign in: with a password or a linked Google or Facebook account. An
 * account with neither (left by direct requests of an earlier version, which made one per
 * contact email) belongs to nobody yet: whoever proves the email takes it over.
 */
export async function canSignIn(opts: { db: Tx; user: UserRow }): Promise<boolean> {
  if (opts.user.passwordHash) return true;
  const [identity] = await opts.db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(eq(userIdentities.userId, opts.user.id))
    .limit(1);
  return Boolean(identity);
}

/** Whether another customer than exceptUserId has this email or phone. */
export async function customerHas(opts: {
  db: Tx;
  field: 'email' | 'phone';
  value: string;
  exceptUserId?: number;
}): Promise<boolean> {
  const column = opts.field === 'email' ? users.email : users.phone;
  const value = opts.field === 'email' ? opts.value.trim().toLowerCase() : opts.value;
  const [row] = await opts.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(column, value),
        eq(users.userType, UserType.customer),
        opts.exceptUserId === undefined ? undefined : ne(users.id, opts.exceptUserId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** 409 when the email or the phone belongs to another customer. */
export async function assertAvailable(opts: {
  db: Tx;
  email?: string | undefined;
  phone?: string | undefined;
  exceptUserId?: number;
}): Promise<void> {
  const { db, exceptUserId } = opts;
  if (opts.email && (await customerHas({ db, field: 'email', value: opts.email, exceptUserId }))) {
    throw AppError.conflict(MSG.emailTaken);
  }
  if (opts.phone && (await customerHas({ db, field: 'phone', value: opts.phone, exceptUserId }))) {
    throw AppError.conflict(MSG.phoneTaken);
  }
}

/**
 * Inserts a customer with a fresh unique invite_friend_code and chat room. The code is random
 * (32^8 values); a collision is retried with another one, without aborting the transaction.
 */
export async function insertCustomer(opts: {
  db: Tx;
  values: Omit<typeof users.$inferInsert, 'userType' | 'inviteFriendCode' | 'roomId'>;
}): Promise<UserRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await opts.db
      .insert(users)
      .values({
        ...opts.values,
        email: opts.values.email.trim().toLowerCase(),
        userType: UserType.customer,
        inviteFriendCode: randomCode(8),
        roomId: randomUUID(),
      })
      .onConflictDoNothing({ target: users.inviteFriendCode })
      .returning();
    if (row) return row;
  }
  throw new Error('could not find a free invite code in 5 attempts');
}
