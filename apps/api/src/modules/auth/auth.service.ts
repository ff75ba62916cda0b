import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_FAILURES_MAX, MSG } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { decoyHash, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import { hashToken, newToken } from '../../lib/tokens';

export type UserRow = typeof users.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Opens a session for a user and returns the token to hand to the client (only its hash is kept). */
export async function createSession(opts: {
  db: Tx;
  userId: number;
  ttlDays: number;
}): Promise<string> {
  const token = newToken();
  await opts.db.insert(sessions).values({
    userId: opts.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + opts.ttlDays * DAY_MS),
  });
  return token;
}

/** The failed-login counter of one account (email and user type), known or not. */
export function loginLimitKey(email: string, userType: number): string {
  return `login:${userType}:${email.trim().toLowerCase()}`;
}

/**
 * Email and password sign-in for one user type; any mismatch gives the same answer. At most
 * LOGIN_FAILURES_MAX failures per account in LOGIN_FAILURE_WINDOW_MINUTES: after that every
 * attempt, the right password included, gets 429 until the window passes.
 */
export async function login(opts: {
  db: Db;
  email: string;
  password: string;
  userType: number;
  ttlDays: number;
  limiter: RateLimiter;
}): Promise<{ token: string; user: UserRow }> {
  const email = opts.email.trim().toLowerCase();
  // Counted before the check and forgotten on success: concurrent guesses cannot slip past
  // the limit between a read and a write of the counter.
  const key = loginLimitKey(email, opts.userType);
  const attempt = await opts.limiter.hit(key, LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
  if (attempt.count > LOGIN_FAILURES_MAX) {
    throw AppError.tooManyRequests(MSG.tooManyLogins, attempt.resetInMs / 1000);
  }
  const [user] = await opts.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.userType, opts.userType)))
    .limit(1);
  // Hash even when there is no such user, so timing does not tell which emails exist.
  const ok = await verifyPassword(opts.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !user.passwordHash || !ok) throw AppError.badRequest(MSG.invalidCredentials);
  await opts.limiter.reset(key);
  const token = await createSession({ db: opts.db, userId: user.id, ttlDays: opts.ttlDays });
  return { token, user };
}

const sessionByTokenHash = preparedPerDatabase((db) =>
  db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_by_token_hash'),
);

/** The live session behind a token, or null when it is unknown, revoked or expired. */
export async function authenticate(opts: {
  db: Db;
  token: string;
}): Promise<{ sessionId: number; user: UserRow } | null> {
  const [row] = await sessionByTokenHash(opts.db).execute({ tokenHash: hashToken(opts.token) });
  return row ?? null;
}

export async function revokeSession(opts: { db: Tx; sessionId: number }): Promise<void> {
  await opts.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.id, opts.sessionId));
}

/** Ends every session of a user (password reset). */
export async function revokeAllSessions(opts: { db: Tx; userId: number }): Promise<void> {
  await opts.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, opts.userId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user but the one in use (password change from the profile). */
export async function revokeOtherSessions(opts: {
  db: Tx;
  userId: number;
  keepSessionId: number;
}): Promise<void> {
  await opts.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, opts.userId),
        ne(sessions.id, opts.keepSessionId),
        isNull(sessions.revokedAt),
      ),
    );
}
