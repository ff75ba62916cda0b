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
 * Email and password sign-in for one user type; any mismatch gives the same answer. The password
 * is checked through the sign-in limits (checkPassword). A hash of a former scheme is replaced
 * by argon2id once the password is known to be right.
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
  const [found] = await opts.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.userType, opts.userType)))
    .limit(1);
  const ok = await checkPassword({
    protection: opts.protection,
    ip: opts.ip,
    account: { email, userType: opts.userType, passwordHash: found?.passwordHash ?? null },
    password: opts.password,
  });
  const user = ok ? found : undefined;
  if (!user?.passwordHash) throw AppError.badRequest(MSG.invalidCredentials);
  if (needsRehash(user.passwordHash)) await upgradeHash(opts.db, user, opts.password);
  const token = await createSession({ db: opts.db, userId: user.id, ttlDays: opts.ttlDays });
  return { token, user };
}

/**
 * Whether a password is the account's, through the sign-in limits (LoginProtection): the cheap
 * refusals of a failing address (429) and its backoff come before the hash, which costs a
 * bounded share of the CPU (hashing queue, 503 when full); a wrong password is a failure of
 * the address, the right one forgets its failures on the account. The caller has counted the
 * attempt of the address (admitAddress) before any work. An unknown account (null hash) is
 * hashed against a decoy all the same, so timing does not tell which emails exist.
 */
export async function checkPassword(opts: {
  protection: LoginProtection;
  ip: string;
  account: { email: string; userType: number; passwordHash: string | null };
  password: string;
}): Promise<boolean> {
  const attempt = { ...opts.account, ip: opts.ip };
  await opts.protection.admit(attempt);
  const hash = opts.account.passwordHash;
  const ok = (await verifyPassword(opts.password, hash ?? (await decoyHash()))) && hash !== null;
  if (ok) await opts.protection.succeeded(attempt);
  else await opts.protection.failed(attempt);
  return ok;
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
