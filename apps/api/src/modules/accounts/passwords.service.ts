import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG, RESET_TOKEN_TTL_MINUTES } from '@movehub/shared';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db, Tx } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { minutesFromNow } from '../../db/time';
import { AppError } from '../../errors';
import { hashPassword } from '../../lib/password';
import type { LoginProtection } from '../../lib/login-protection';
import { hashToken, newToken } from '../../lib/tokens';
import type { Domain } from '../../domain/context';
import { runWithEvents } from '../../domain/request/command';
import {
  checkPassword,
  revokeAllSessions,
  revokeOtherSessions,
  type UserRow,
} from '../auth/auth.service';
import { passwordChangedMessage, resetPasswordMessage } from './accounts.messages';

/** The page of the web app that a reset link opens (spec route /set-forget-password/{token}). */
export function resetLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/set-forget-password/${token}`;
}

/** The page that asks for a reset link (spec route /forget-password). */
function forgotPasswordLink(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/forget-password`;
}

/**
 * reset_password: emails a single-use link valid RESET_TOKEN_TTL_MINUTES. The token (256 random
 * bits) exists only in the email; the database keeps its hash and nothing returns it, since
 * whoever holds it can set the password. A newer link replaces older unused ones.
 */
export async function requestPasswordReset(opts: {
  db: Db;
  mailer: Mailer;
  email: string;
  userType: number;
  origin: string;
}): Promise<void> {
  const email = opts.email.trim().toLowerCase();
  const [user] = await opts.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.userType, opts.userType)))
    .limit(1);
  // The spec's answer for an unknown address (shown as "We couldn't find your account...").
  if (!user) throw AppError.badRequest(MSG.invalidEmail);
  const token = newToken();
  await opts.db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ expiresAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.userId, user.id),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      );
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: minutesFromNow(RESET_TOKEN_TTL_MINUTES),
    });
    await opts.mailer.send(
      resetPasswordMessage({
        to: user.email,
        name: user.firstName,
        link: resetLink(opts.origin, token),
      }),
      { db: tx },
    );
  });
}

/**
 * change_password: sets the password from a reset link, spends the link and ends every session
 * of the account, in one transaction (their sockets close once it commits). The new hash starts
 * every address's failed-login count on the account afresh (LoginProtection keys them to it).
 */
export async function resetPassword(opts: {
  domain: Pick<Domain, 'db' | 'events'>;
  token: string;
  password: string;
}): Promise<void> {
  const live = (db: Tx) =>
    db
      .select({ id: passwordResets.id, userId: passwordResets.userId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(opts.token.trim())),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
  // A dead link is refused before the new password is hashed.
  if ((await live(opts.domain.db)).length === 0) throw AppError.badRequest(MSG.resetLinkInvalid);
  const passwordHash = await hashPassword(opts.password);
  const done = await runWithEvents(opts.domain, async (tx, emit) => {
    // Two tabs using one link at once: the second waits on the row, then finds it used.
    const [reset] = await live(tx).for('update');
    if (!reset) return false;
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(eq(passwordResets.id, reset.id));
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, reset.userId));
    await revokeAllSessions({ db: tx, emit, userId: reset.userId });
    return true;
  });
  if (!done) throw AppError.badRequest(MSG.resetLinkInvalid);
}

/**
 * update_password (the Change Password modal). An account with a password must give it
 * (docs/decisions/036, ASVS 6.2.3): a session token alone does not own the account. It is
 * checked through the sign-in limits, so that a wrong one counts as a failed login of the
 * address (and a refused address is refused here too). An account made by Google or Facebook
 * sets its first password without one. The new password, the end of the other sessions (this
 * one stays) and the email that tells the owner commit together.
 */
export async function changePassword(opts: {
  domain: Pick<Domain, 'db' | 'events'>;
  mailer: Mailer;
  protection: LoginProtection;
  user: UserRow;
  sessionId: number;
  ip: string;
  currentPassword: string | undefined;
  password: string;
  origin: string;
}): Promise<void> {
  const { user } = opts;
  const previous = user.passwordHash;
  if (previous !== null) {
    if (!opts.currentPassword) throw AppError.badRequest(MSG.currentPasswordRequired);
    await opts.protection.admitAddress(opts.ip);
    const ok = await checkPassword({
      protection: opts.protection,
      ip: opts.ip,
      account: { email: user.email, userType: user.userType, passwordHash: previous },
      password: opts.currentPassword,
    });
    if (!ok) throw AppError.badRequest(MSG.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(opts.password);
  await runWithEvents(opts.domain, async (tx, emit) => {
    // Only over the password that was checked: if another change committed in between, the
    // password this call proved is no longer the account's, and it is refused.
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(
        and(
          eq(users.id, user.id),
          previous === null ? isNull(users.passwordHash) : eq(users.passwordHash, previous),
        ),
      )
      .returning({ id: users.id });
    if (!changed) {
      throw AppError.badRequest(
        previous === null ? MSG.currentPasswordRequired : MSG.currentPasswordWrong,
      );
    }
    await revokeOtherSessions({
      db: tx,
      emit,
      userId: user.id,
      keepSessionId: opts.sessionId,
    });
    await opts.mailer.send(
      passwordChangedMessage({
        to: user.email,
        name: user.firstName,
        added: previous === null,
        resetPage: forgotPasswordLink(opts.origin),
      }),
      { db: tx },
    );
  });
}
