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
import { revokeAllSessions, revokeOtherSessions } from '../auth/auth.service';
import { resetPasswordMessage } from './accounts.messages';

/** The page of the web app that a reset link opens (spec route /set-forget-password/{token}). */
export function resetLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/set-forget-password/${token}`;
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
 * of the account, in one transaction (their sockets close once it commits). The account's
 * failed-login counters are cleared as well: the owner has just proved control of the mailbox.
 */
export async function resetPassword(opts: {
  domain: Pick<Domain, 'db' | 'events'>;
  token: string;
  password: string;
  protection: LoginProtection;
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
  const user = await runWithEvents(opts.domain, async (tx, emit) => {
    // Two tabs using one link at once: the second waits on the row, then finds it used.
    const [reset] = await live(tx).for('update');
    if (!reset) return null;
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(eq(passwordResets.id, reset.id));
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email, userType: users.userType });
    await revokeAllSessions({ db: tx, emit, userId: reset.userId });
    return updated ?? null;
  });
  if (!user) throw AppError.badRequest(MSG.resetLinkInvalid);
  await opts.protection.passwordReset(user);
}

/** update_password (the Change Password modal): new password; other sessions end, this one stays. */
export async function changePassword(opts: {
  domain: Pick<Domain, 'db' | 'events'>;
  userId: number;
  sessionId: number;
  password: string;
}): Promise<void> {
  const passwordHash = await hashPassword(opts.password);
  await runWithEvents(opts.domain, async (tx, emit) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, opts.userId));
    await revokeOtherSessions({
      db: tx,
      emit,
      userId: opts.userId,
      keepSessionId: opts.sessionId,
    });
  });
}
