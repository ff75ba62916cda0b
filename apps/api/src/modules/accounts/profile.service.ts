import { eq } from 'drizzle-orm';
import { MSG, type HowFoundUs } from '@movehub/shared';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation, lockName } from '../../db/locks';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage } from '../../adapters/storage/storage';
import { liveUploadKey } from '../uploads/uploads.service';
import { assertAvailable, type UserRow } from './customers.queries';
import { consumeProof } from './verification.service';

export interface ProfileChanges {
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  /** +1##########; '' or undefined leaves the phone as it is */
  phone?: string | undefined;
  howFoundUs?: HowFoundUs | undefined;
  /** the file_url of an upload of ours; null removes the picture, '' or undefined keeps it */
  profilePicture?: string | null | undefined;
}

/** Not in the shared messages: a picture must be a link to an uploaded file, nothing scriptable. */
export const PROFILE_PICTURE_INVALID = 'The profile picture must be an uploaded image.';

/**
 * The stored form of a profile picture (a customer's or a company's): only a file of ours that
 * still exists, else 400. Every page that shows the picture loads this link, so a link elsewhere
 * (https://evil.example/x.png, //host/x, /\host/x) would let a stranger's server see each visit, and a removed file would show a broken image.
 */
export async function profilePictureUrl(opts: {
  db: Tx;
  storage: Storage;
  link: string;
}): Promise<string> {
  const key = await liveUploadKey(opts);
  if (!key) throw AppError.badRequest(PROFILE_PICTURE_INVALID);
  return opts.storage.url(key);
}

/**
 * update_customer. Absent fields stay as they are. A new email or phone must have been proved
 * with a code (the proof is spent here) and must not belong to another customer; the same
 * phone just proceeds. Accounts that sign in with Google or Facebook cannot change their name
 * or email (the provider owns them).
 */
export async function updateCustomer(opts: {
  db: Db;
  storage: Storage;
  user: UserRow;
  changes: ProfileChanges;
}): Promise<UserRow> {
  const { user, changes } = opts;
  const set: Partial<typeof users.$inferInsert> = {};

  const firstName = changes.firstName?.trim();
  const lastName = changes.lastName?.trim();
  const email = changes.email?.trim().toLowerCase();
  if (firstName !== undefined && firstName !== user.firstName) set.firstName = firstName;
  if (lastName !== undefined && lastName !== user.lastName) set.lastName = lastName;
  if (email !== undefined && email !== user.email) set.email = email;
  if (
    user.loginBy !== 'app' &&
    (set.firstName !== undefined || set.lastName !== undefined || set.email)
  ) {
    throw AppError.forbidden(MSG.socialCannotEdit);
  }
  const phone = changes.phone || undefined;
  if (phone && phone !== user.phone) set.phone = phone;
  if (changes.howFoundUs !== undefined) set.howFoundUs = changes.howFoundUs;
  if (changes.profilePicture === null) set.profilePicture = null;
  else if (changes.profilePicture) {
    // Stored in the storage's own form, so a bare file name becomes its URL.
    set.profilePicture = await profilePictureUrl({
      db: opts.db,
      storage: opts.storage,
      link: changes.profilePicture,
    });
  }
  if (Object.keys(set).length === 0) return user;

  try {
    return await opts.db.transaction(async (tx) => {
      if (set.phone) await lockName(tx, `phone:${set.phone}`);
      await assertAvailable({
        db: tx,
        email: set.email,
        phone: set.phone ?? undefined,
        exceptUserId: user.id,
      });
      if (set.email && !(await consumeProof({ db: tx, channel: 'email', target: set.email }))) {
        throw AppError.badRequest(MSG.emailNotVerified);
      }
      if (set.phone && !(await consumeProof({ db: tx, channel: 'sms', target: set.phone }))) {
        throw AppError.badRequest(MSG.phoneNotVerified);
      }
      const [row] = await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (!row) throw new Error('update_customer: the customer vanished');
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_type_uq')) throw AppError.conflict(MSG.emailTaken);
    throw err;
  }
}
