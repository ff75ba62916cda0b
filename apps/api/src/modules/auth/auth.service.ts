import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { decoyHash, verifyPassword } from '../../lib/password';
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

/** Email and password sign-in for one user type; any mismatch gives the same answer. */
export async function login(opts: {
  db: Db;
  email: string;
  password: string;
  userType: number;
  ttlDays: number;
}): Promise<{ token: string; user: UserRow }> {
  const [user] = await opts.db
    .select()
    .from(users)
    .where(and(eq(users.email, opts.email.trim().toLowerCase()), eq(users.userType, opts.userType)))
    .limit(1);
  // Hash even when there is no such user, so timing does not tell which emails exist.
  const ok = await verifyPassword(opts.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !user.passwordHash || !ok) throw AppError.badRequest(MSG.invalidCredentials);
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

/** Ends every session of a user (password change and reset). */
export async function revokeAllSessions(opts: { db: Tx; userId: number }): Promise<void> {
  await opts.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, opts.userId), isNull(sessions.revokedAt)));
}
