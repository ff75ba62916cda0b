import { z } from 'zod';
import { USER_TYPES } from '../enums';
import { MSG } from '../messages';
import { loginEmailProblem, loginPasswordProblem } from '../rules/validation';
import { envelope, intCode } from './envelope';
import { safeString } from './primitives';

/** The user object of the login and register responses, and of the stored session. */
export const sessionUserSchema = z
  .object({
    id: z.number().int(),
    user_type: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    profile_picture: z.string().nullable(),
    customer_rating: z.number(),
    room_id: z.string(),
    login_by: z.string(),
    /**
     * Whether the account has a password: login_by does not say it (an app account may be
     * linked to Google, a Google account may have set a password). Without one, the Change
     * Password modal sets the first password and asks for no current one.
     */
    has_password: z.boolean(),
    how_found_us: z.string().nullable(),
    invite_friend_code: z.string().nullable(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /app_api/login (spec/portal.md §7). */
export const loginBodySchema = z.object({
  email: safeString()
    .trim()
    .refine((email) => loginEmailProblem(email) === null, MSG.loginEmailInvalid),
  password: safeString().refine(
    (password) => loginPasswordProblem(password) === null,
    MSG.loginPasswordShort,
  ),
  user_type: intCode(USER_TYPES, 'user_type must be 1, 2, 3 or 4.'),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The login form validates the same two fields; user_type is fixed by the portal. */
export const loginFormSchema = loginBodySchema.pick({ email: true, password: true });
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The partner console's sign-in: the same fields, as a company (2) or a foreman (3). */
export const partnerLoginFormSchema = loginFormSchema.extend({
  user_type: intCode([2, 3], 'Choose whether you sign in as a company or a foreman.'),
});
export type PartnerLoginForm = z.input<typeof partnerLoginFormSchema>;

export const loginResponseSchema = envelope({
  data: z.object({ auth_token: z.string(), user: sessionUserSchema }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/customer/profile_customer: the profile and the customer's rating. */
export const profileResponseSchema = envelope({
  profile: sessionUserSchema,
  customer_rating: z.number(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
