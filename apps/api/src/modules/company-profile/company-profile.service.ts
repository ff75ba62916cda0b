import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  COMPANY_PROFILE_TEXT as TEXT,
  FOREMAN_INVITE_TTL_DAYS,
  MAX_SERVICE_ZIPS,
  MAX_TRUCKS,
  UserType,
  type CompanyProfile,
} from '@movehub/shared';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation, lockName } from '../../db/locks';
import {
  companyForemen,
  companyProfiles,
  companyServiceZips,
  companyTrucks,
  passwordResets,
  requestTrucks,
  requests,
  users,
} from '../../db/schema';
import { minutesFromNow } from '../../db/time';
import { AppError } from '../../errors';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { profilePictureUrl } from '../accounts/profile.service';
import type { Domain } from '../../domain/context';
import { runWithEvents } from '../../domain/request/command';
import { needsCrewSql } from '../../domain/request/lifecycle';
import { createSession, revokeAllSessions, type UserRow } from '../auth/auth.service';
import { foremanInviteLink, foremanInviteMessage } from './company-profile.messages';

/*
 * The company's own profile: its public face, the zip codes it serves, its
 * trucks and its foremen. Every query is scoped by the caller's company id in SQL, so another
 * company's truck or foreman reads as not found. Each change is one transaction and answers with
 * the whole profile as it now stands.
 */

/**
 * A job that still needs its crew (the shared needsCrew): a truck or foreman assigned to one
 * cannot be removed.
 */
const unfinishedJob = needsCrewSql();

const INVITE_TTL_MINUTES = FOREMAN_INVITE_TTL_DAYS * 24 * 60;

/** The company's notification when an invited foreman has chosen his password. */
export const FOREMAN_TEXT = {
  joined: (name: string) => `${name} has set a password and can now sign in as your foreman.`,
};

/** The whole profile of a company, as the console shows it. */
export async function getCompanyProfile(opts: {
  db: Tx;
  companyId: number;
}): Promise<CompanyProfile> {
  const { db, companyId } = opts;
  const [row] = await db
    .select({ user: users, profile: companyProfiles })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(and(eq(users.id, companyId), eq(users.userType, UserType.company)))
    .limit(1);
  if (!row) throw AppError.notFound('This company was not found.');
  // One after the other: every change of the profile answers with it from inside its
  // transaction, whose one connection runs one statement at a time (node-postgres queues a
  // second one only with a deprecation warning, and its next major refuses it).
  const zips = await db
    .select({ zipCode: companyServiceZips.zipCode })
    .from(companyServiceZips)
    .where(eq(companyServiceZips.companyId, companyId))
    .orderBy(asc(companyServiceZips.zipCode));
  const trucks = await db
    .select()
    .from(companyTrucks)
    .where(eq(companyTrucks.companyId, companyId))
    .orderBy(asc(companyTrucks.id));
  const foremen = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
    })
    .from(companyForemen)
    .innerJoin(users, eq(users.id, companyForemen.userId))
    .where(and(eq(companyForemen.companyId, companyId), isNull(companyForemen.removedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const { user, profile } = row;
  return {
    id: user.id,
    // A company made before profiles existed shows its account's name until it saves one.
    name: profile?.name ?? `${user.firstName} ${user.lastName}`.trim(),
    about: profile?.about ?? null,
    profile_picture: profile?.profilePicture ?? null,
    phone: profile?.phone ?? user.phone,
    email: profile?.email ?? user.email,
    address: profile?.address ?? null,
    truck_count: trucks.length,
    zip_codes: zips.map((z) => z.zipCode),
    trucks: trucks.map((t) => ({ id: t.id, name: t.name, is_active: t.isActive })),
    foremen: foremen.map((f) => ({
      id: f.id,
      first_name: f.firstName,
      last_name: f.lastName,
      email: f.email,
      status: f.hasPassword ? 'active' : 'invited',
    })),
  };
}

/**
 * The company's profile row, made from its account when it has none yet, locked until the
 * caller's transaction ends: every change of the profile (and of its trucks, which
 * truck_count counts) goes through it one at a time.
 */
async function lockProfile(tx: Tx, companyId: number) {
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, companyId), eq(users.userType, UserType.company)));
  if (!user) throw AppError.notFound('This company was not found.');
  await tx
    .insert(companyProfiles)
    .values({ userId: companyId, name: `${user.firstName} ${user.lastName}`.trim() })
    .onConflictDoNothing();
  const [profile] = await tx
    .select()
    .from(companyProfiles)
    .where(eq(companyProfiles.userId, companyId))
    .for('no key update');
  if (!profile) throw new Error('company profile vanished');
  return profile;
}

/** truck_count is the number of the company's trucks (the bids list shows it). */
async function syncTruckCount(tx: Tx, companyId: number): Promise<void> {
  await tx
    .update(companyProfiles)
    .set({
      truckCount: sql`(select count(*)::int from ${companyTrucks} where ${companyTrucks.companyId} = ${companyId})`,
    })
    .where(eq(companyProfiles.userId, companyId));
}

export interface CompanyProfileChanges {
  name?: string | undefined;
  /** '' clears it */
  about?: string | undefined;
  /** +1##########; '' clears it */
  phone?: string | undefined;
  /** the file_url of an upload of ours; null removes the picture */
  profilePicture?: string | null | undefined;
}

/** update_profile: absent fields stay as they are. */
export async function updateCompanyProfile(opts: {
  db: Db;
  storage: Storage;
  companyId: number;
  changes: CompanyProfileChanges;
}): Promise<CompanyProfile> {
  const { changes } = opts;
  return opts.db.transaction(async (tx) => {
    await lockProfile(tx, opts.companyId);
    const set: Partial<typeof companyProfiles.$inferInsert> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.about !== undefined) set.about = changes.about === '' ? null : changes.about;
    if (changes.phone !== undefined) set.phone = changes.phone === '' ? null : changes.phone;
    if (changes.profilePicture === null) set.profilePicture = null;
    else if (changes.profilePicture) {
      set.profilePicture = await profilePictureUrl({
        db: tx,
        storage: opts.storage,
        link: changes.profilePicture,
      });
    }
    if (Object.keys(set).length > 0) {
      await tx.update(companyProfiles).set(set).where(eq(companyProfiles.userId, opts.companyId));
    }
    return getCompanyProfile({ db: tx, companyId: opts.companyId });
  });
}

// --- served zip codes -------------------------------------------------------------------------

export async function addZipCode(opts: {
  db: Db;
  companyId: number;
  zipCode: string;
}): Promise<CompanyProfile> {
  return opts.db.transaction(async (tx) => {
    await lockProfile(tx, opts.companyId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(companyServiceZips)
      .where(eq(companyServiceZips.companyId, opts.companyId));
    const added = await tx
      .insert(companyServiceZips)
      .values({ companyId: opts.companyId, zipCode: opts.zipCode })
      .onConflictDoNothing()
      .returning({ zipCode: companyServiceZips.zipCode });
    if (added.length === 0) throw AppError.conflict(TEXT.zipAlreadyServed);
    if ((count?.n ?? 0) >= MAX_SERVICE_ZIPS) throw AppError.conflict(TEXT.tooManyZips);
    return getCompanyProfile({ db: tx, companyId: opts.companyId });
  });
}

export async function removeZipCode(opts: {
  db: Db;
  companyId: number;
  zipCode: string;
}): Promise<CompanyProfile> {
  return opts.db.transaction(async (tx) => {
    const removed = await tx
      .delete(companyServiceZips)
      .where(
        and(
          eq(companyServiceZips.companyId, opts.companyId),
          eq(companyServiceZips.zipCode, opts.zipCode),
        ),
      )
      .returning({ zipCode: companyServiceZips.zipCode });
    if (removed.length === 0) throw AppError.notFound(TEXT.zipNotServed);
    return getCompanyProfile({ db: tx, companyId: opts.companyId });
  });
}

// --- trucks -----------------------------------------------------------------------------------

export async function addTruck(opts: {
  db: Db;
  companyId: number;
  name: string;
}): Promise<CompanyProfile> {
  return opts.db.transaction(async (tx) => {
    await lockProfile(tx, opts.companyId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(companyTrucks)
      .where(eq(companyTrucks.companyId, opts.companyId));
    if ((count?.n ?? 0) >= MAX_TRUCKS) throw AppError.conflict(TEXT.tooManyTrucks);
    await tx.insert(companyTrucks).values({ companyId: opts.companyId, name: opts.name });
    await syncTruckCount(tx, opts.companyId);
    return getCompanyProfile({ db: tx, companyId: opts.companyId });
  });
}

/** One of the company's trucks, locked; another company's reads as not found. */
async function lockTruck(tx: Tx, companyId: number, truckId: number) {
  const [truck] = await tx
    .select()
    .from(companyTrucks)
    .where(and(eq(companyTrucks.id, truckId), eq(companyTrucks.companyId, companyId)))
    .for('update');
  if (!truck) throw AppError.notFound(TEXT.truckNotFound);
  return truck;
}

/**
 * update_truck: a new name or active flag. An inactive truck stays on the moves it is assigned
 * to; it is only not offered for new ones (assign_move takes active trucks only).
 */
export async function updateTruck(opts: {
  db: Db;
  companyId: number;
  truckId: number;
  name?: string | undefined;
  isActive?: boolean | undefined;
}): Promise<CompanyProfile> {
  return opts.db.transaction(async (tx) => {
    await lockTruck(tx, opts.companyId, opts.truckId);
    await tx
      .update(companyTrucks)
      .set({
        ...(opts.name !== undefined ? { name: opts.name } : {}),
        ...(opts.isActive !== undefined ? { isActive: opts.isActive } : {}),
      })
      .where(eq(companyTrucks.id, opts.truckId));
    return getCompanyProfile({ db: tx, companyId: opts.companyId });
  });
}

/**
 * remove_truck: refused (409) while the truck is assigned to an unfinished job. The truck's row
 * is locked first, so an assignment racing this call either commits before the check (and is
 * seen) or waits for the removal and then finds no such truck.
 */
export async function removeTruck(opts: {
  db: Db;
  companyId: number;
  truckId: number;
}): Promise<CompanyProfile> {
  return opts.db.transaction(async (tx) => {
    await lockProfile(tx, opts.companyId);
    await lockTruck(tx, opts.companyId, opts.truckId);
    const [busy] = await tx
      .select({ id: requests.id })
      .from(requestTrucks)
      .innerJoin(requests, eq(requests.id, requestTrucks.requestId))
      .where(and(eq(requestTrucks.truckId, opts.truckId), unfinishedJob))
      .limit(1);
    if (busy) throw AppError.conflict(TEXT.truckBusy);
    await tx.delete(companyTrucks).where(eq(companyTrucks.id, opts.truckId));
    await syncTruckCount(tx, opts.companyId);
    return getCompanyProfile({ db: tx, companyId: opts.companyId });
  });
}

// --- foremen ----------------------------------------------------------------------------------

/** Ends every unused set-password (or reset) link of a user. */
async function voidLinks(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
}

/**
 * invite_foreman: a foreman account (user_type 3) without a password, linked to the company, and
 * an email with a single-use link (FOREMAN_INVITE_TTL_DAYS) that sets the password. The link
 * exists only in the email; the database keeps its hash (the password_resets table, as a reset
 * link). An email that any account uses already is refused (409), except a foreman of this
 * company who has not set his password yet: he gets a new link and the old one stops working.
 */
export async function inviteForeman(opts: {
  db: Db;
  mailer: Mailer;
  origin: string;
  companyId: number;
  email: string;
  firstName: string;
  lastName: string;
}): Promise<{ profile: CompanyProfile; reinvited: boolean }> {
  const email = opts.email.trim().toLowerCase();
  const token = newToken();
  try {
    return await opts.db.transaction(async (tx) => {
      const company = await lockProfile(tx, opts.companyId);
      // The sign-up holds the same lock while it checks and writes an email.
      await lockName(tx, `email:${email}`);
      const accounts = await tx
        .select({
          id: users.id,
          userType: users.userType,
          passwordHash: users.passwordHash,
          companyId: companyForemen.companyId,
        })
        .from(users)
        .leftJoin(
          companyForemen,
          and(eq(companyForemen.userId, users.id), isNull(companyForemen.removedAt)),
        )
        .where(eq(users.email, email));
      let foremanId: number;
      const [account, ...others] = accounts;
      if (account) {
        const ours =
          others.length === 0 &&
          account.userType === UserType.foreman &&
          account.companyId === opts.companyId;
        if (!ours) throw AppError.conflict(TEXT.inviteEmailTaken);
        if (account.passwordHash) throw AppError.conflict(TEXT.foremanAlreadyActive);
        foremanId = account.id;
        await tx
          .update(users)
          .set({ firstName: opts.firstName, lastName: opts.lastName, updatedAt: new Date() })
          .where(eq(users.id, foremanId));
        await voidLinks(tx, foremanId);
      } else {
        const [created] = await tx
          .insert(users)
          .values({
            userType: UserType.foreman,
            email,
            passwordHash: null,
            firstName: opts.firstName,
            lastName: opts.lastName,
            loginBy: 'app',
            roomId: randomUUID(),
          })
          .returning({ id: users.id });
        if (!created) throw new Error('invite_foreman inserted no user');
        foremanId = created.id;
        await tx.insert(companyForemen).values({ userId: foremanId, companyId: opts.companyId });
      }
      await tx.insert(passwordResets).values({
        userId: foremanId,
        tokenHash: hashToken(token),
        expiresAt: minutesFromNow(INVITE_TTL_MINUTES),
      });
      await opts.mailer.send(
        foremanInviteMessage({
          to: email,
          firstName: opts.firstName,
          companyName: company.name,
          link: foremanInviteLink(opts.origin, token),
        }),
        { db: tx },
      );
      return {
        profile: await getCompanyProfile({ db: tx, companyId: opts.companyId }),
        reinvited: Boolean(account),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_type_uq')) {
      throw AppError.conflict(TEXT.inviteEmailTaken);
    }
    throw err;
  }
}

/** A removed foreman's address: .invalid is reserved (RFC 2606), so no mail ever goes there. */
const removedEmail = (userId: number) => `removed-foreman-${userId}@movehub.invalid`;

/**
 * remove_foreman: refused (409) while he is assigned to an unfinished job. His sessions and
 * links end; his account goes with him unless finished jobs still name him, in which case it
 * stays, without a password or a reachable email, and his company_foremen row stays marked
 * removed: those jobs keep their foreman's name and still reference one of their company's
 * foremen (requests' foreign key), while he is no longer one to list or to give work.
 */
export async function removeForeman(opts: {
  domain: Pick<Domain, 'db' | 'events'>;
  companyId: number;
  foremanId: number;
}): Promise<CompanyProfile> {
  return runWithEvents(opts.domain, async (tx, emit) => {
    // His company_foremen row first, and only it: assign_move holds the same row (FOR SHARE)
    // until it commits, so this waits for a racing assignment and then finds his new job below
    // (409), or goes first and the assignment finds no such foreman (422). Locking his users
    // row here as well would deadlock with the assignment's foreign-key check on it.
    const [foreman] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(companyForemen, eq(companyForemen.userId, users.id))
      .where(
        and(
          eq(users.id, opts.foremanId),
          eq(users.userType, UserType.foreman),
          eq(companyForemen.companyId, opts.companyId),
          isNull(companyForemen.removedAt),
        ),
      )
      .for('update', { of: companyForemen });
    if (!foreman) throw AppError.notFound(TEXT.foremanNotFound);
    const [busy] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.foremanId, foreman.id), unfinishedJob))
      .limit(1);
    if (busy) throw AppError.conflict(TEXT.foremanBusy);
    await revokeAllSessions({ db: tx, emit, userId: foreman.id });
    await voidLinks(tx, foreman.id);
    const [history] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(eq(requests.foremanId, foreman.id))
      .limit(1);
    if (history) {
      await tx
        .update(companyForemen)
        .set({ removedAt: sql`now()` })
        .where(eq(companyForemen.userId, foreman.id));
      // No password, and an address that receives nothing: a reset link cannot bring the
      // account back, and the person's email is free for a new invitation.
      await tx
        .update(users)
        .set({ passwordHash: null, email: removedEmail(foreman.id), updatedAt: new Date() })
        .where(eq(users.id, foreman.id));
    } else {
      await tx.delete(companyForemen).where(eq(companyForemen.userId, foreman.id));
      await tx.delete(users).where(eq(users.id, foreman.id));
    }
    return getCompanyProfile({ db: tx, companyId: opts.companyId });
  });
}

/**
 * set_foreman_password: the invited foreman (or one who holds a reset link) chooses a password
 * and is signed in. The link is looked up before the password is hashed (the hash is the
 * expensive part); then, in one transaction, the link is spent, the password set, every former
 * session ended and a new one opened.
 */
export async function setForemanPassword(opts: {
  domain: Pick<Domain, 'db' | 'events'>;
  token: string;
  password: string;
  ttlDays: number;
}): Promise<{ token: string; user: UserRow }> {
  const live = (db: Tx) =>
    db
      .select({
        id: passwordResets.id,
        userId: passwordResets.userId,
        companyId: companyForemen.companyId,
      })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .innerJoin(
        companyForemen,
        and(eq(companyForemen.userId, users.id), isNull(companyForemen.removedAt)),
      )
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(opts.token.trim())),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
          eq(users.userType, UserType.foreman),
        ),
      )
      .limit(1);
  if ((await live(opts.domain.db)).length === 0) throw AppError.badRequest(TEXT.inviteLinkInvalid);
  const passwordHash = await hashPassword(opts.password);
  const signedIn = await runWithEvents(opts.domain, async (tx, emit) => {
    // Two tabs using one link at once: the second waits on the row, then finds it used.
    const [link] = await live(tx).for('update', { of: passwordResets });
    if (!link) return null;
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(eq(passwordResets.id, link.id));
    await voidLinks(tx, link.userId);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, link.userId))
      .returning();
    if (!user) return null;
    await revokeAllSessions({ db: tx, emit, userId: user.id });
    const token = await createSession({ db: tx, userId: user.id, ttlDays: opts.ttlDays });
    // The company's console hears of it (its foremen list shows him active without a reload).
    emit({
      type: 'company.foreman_joined',
      requestId: null,
      notices: [
        {
          userId: link.companyId,
          message: FOREMAN_TEXT.joined(`${user.firstName} ${user.lastName}`.trim()),
        },
      ],
    });
    return { token, user };
  });
  if (!signedIn) throw AppError.badRequest(TEXT.inviteLinkInvalid);
  return signedIn;
}
