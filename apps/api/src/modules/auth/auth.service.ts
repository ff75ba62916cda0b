import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { ErrorCode, MSG } from '@movehub/shared';
import type { Db, Transaction, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { LoginProtection } from '../../lib/login-protection';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import type { Domain } from '../../domain/context';
import { runWithEvents } from '../../domain/request/command';
import type { DomainEvent } from '../../platform/events/events';
import type { RealtimeSignal } from '../../realtime/signals';

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

/**
 * Email and password sign-in for one user type; any mismatch gives the same answer. Cheap
 * refusals come before the hash, which costs a bounded share of the CPU (hashing queue, 503
 * when full): the address's attempts (LOGIN_ATTEMPTS_PER_IP_PER_MINUTE), then its failures on
 * this account (LOGIN_FAILURES_MAX in LOGIN_FAILURE_WINDOW_MINUTES), then the account's
 * backoff, which slows every address but refuses none (see LoginProtection). A hash of a former
 * scheme is replaced by argon2id once the password is known to be right.
 */
export async function login(opts: {
  db: Db;
  email: string;
  password: string;
  userType: number;
  ttlDays: number;
  ip: string;
  protection: LoginProtection;
}): Promise<{ token: string; user: UserRow }> {
  const email = opts.email.trim().toLowerCase();
  await opts.protection.admitAddress(opts.ip);
  const [user] = await opts.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.userType, opts.userType)))
    .limit(1);
  const attempt = {
    email,
    userType: opts.userType,
    ip: opts.ip,
    passwordHash: user?.passwordHash ?? null,
  };
  await opts.protection.admit(attempt);
  // Hash even when there is no such user, so timing does not tell which emails exist.
  const ok = await verifyPassword(opts.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !user.passwordHash || !ok) {
    await opts.protection.failed(attempt);
    throw AppError.badRequest(MSG.invalidCredentials);
  }
  await opts.protection.succeeded(attempt);
  if (needsRehash(user.passwordHash)) await upgradeHash(opts.db, user, opts.password);
  const token = await createSession({ db: opts.db, userId: user.id, ttlDays: opts.ttlDays });
  return { token, user };
}

/**
 * Replaces a former scheme's hash with argon2id, only if the row still holds the hash that was
 * checked (a password reset in between wins). A full hashing queue skips it: the next login
 * tries again, the sign-in itself goes on.
 */
async function upgradeHash(db: Db, user: UserRow, password: string): Promise<void> {
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(password);
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.serviceUnavailable) return;
    throw err;
  }
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash ?? '')));
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

/** Ended sessions' event: their open sockets close once the change that ended them commits. */
function sessionEnded(signal: RealtimeSignal): DomainEvent {
  return { type: 'session.ended', requestId: null, signals: [signal] };
}

/** Ends one session (log out). */
export async function revokeSession(opts: {
  domain: Pick<Domain, 'db' | 'events'>;
  sessionId: number;
}): Promise<void> {
  await runWithEvents(opts.domain, async (tx, emit) => {
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, opts.sessionId));
    emit(sessionEnded({ kind: 'revoke-session', sessionId: opts.sessionId }));
  });
}

/**
 * Ends every session of a user (password reset, a foreman removed), in the caller's transaction;
 * `emit` is that transaction's (runWithEvents).
 */
export async function revokeAllSessions(opts: {
  db: Transaction;
  emit: (event: DomainEvent) => void;
  userId: number;
}): Promise<void> {
  await opts.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, opts.userId), isNull(sessions.revokedAt)));
  opts.emit(sessionEnded({ kind: 'revoke-user', userId: opts.userId, keepSessionId: null }));
}

/** Ends every session of a user but the one in use (password change from the profile). */
export async function revokeOtherSessions(opts: {
  db: Transaction;
  emit: (event: DomainEvent) => void;
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
  opts.emit(
    sessionEnded({ kind: 'revoke-user', userId: opts.userId, keepSessionId: opts.keepSessionId }),
  );
}
