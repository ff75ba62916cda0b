import type { SessionUser } from '@movehub/shared';
import type { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** The wire shape of a signed-in person (login, register and profile responses). */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    user_type: row.userType,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    profile_picture: row.profilePicture,
    customer_rating: row.customerRating,
    room_id: row.roomId,
    login_by: row.loginBy,
    has_password: row.passwordHash !== null,
    how_found_us: row.howFoundUs,
    invite_friend_code: row.inviteFriendCode,
  };
}
