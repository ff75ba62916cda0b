import { z } from 'zod';
import {
  HOW_FOUND_US,
  SETTING_KEYS,
  UPLOAD_MAX_BYTES,
  VERIFICATION_CODE_LENGTH,
} from '../constants';
import { USER_TYPES } from '../enums';
import { MSG } from '../messages';
import { isStrongEnough } from '../rules/password';
import { NAME_PATTERN } from '../rules/names';
import { WIRE_PHONE_PATTERN } from '../rules/phone';
import { EMAIL_PATTERN } from '../rules/validation';
import { envelope, intCode, okEnvelopeSchema } from './envelope';
import { idSchema, safeString, safeText } from './primitives';
import { sessionUserSchema } from './auth';
import { nextPageField, pageFields } from './paging';

/*
 * The accounts calls of spec/portal.md §7. Field names are the wire's; messages are the spec's
 * (section 5) where it gives one. Forms in the web app validate with the same schemas.
 */

const email = (message: string) =>
  safeString().trim().toLowerCase().max(254, message).regex(EMAIL_PATTERN, message);

/** The sign-up password: at least 8 characters with a special character, an uppercase letter and a digit. */
export const newPasswordSchema = safeString()
  .min(8, MSG.passwordShort)
  .refine(isStrongEnough, MSG.passwordWeak);

const firstName = safeString()
  .trim()
  .regex(NAME_PATTERN, MSG.firstNameInvalid)
  .min(2, MSG.firstNameShort);
const lastName = safeString()
  .trim()
  .regex(NAME_PATTERN, MSG.lastNameInvalid)
  .min(1, MSG.lastNameShort);

/** +1 and ten digits on the wire; '' or absent means no phone. */
export const wirePhoneSchema = safeString().trim().regex(WIRE_PHONE_PATTERN, MSG.phoneInvalid);
const optionalPhone = z.union([z.literal(''), wirePhoneSchema]).optional();

export const verificationCodeSchema = safeString()
  .trim()
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), MSG.codeFormat);

const passwordPair = { password: newPasswordSchema, confirm_password: safeString() };
const confirmationMatches = (v: { password: string; confirm_password: string }) =>
  v.password === v.confirm_password;
const mismatch = { message: MSG.passwordMismatch, path: ['confirm_password'] };

// --- sign-up -------------------------------------------------------------------------------

/** POST /app_api/validateEmailandPhone: both free before any code is sent. */
export const validateEmailAndPhoneBodySchema = z.object({
  email: email(MSG.signupEmailInvalid),
  phone: optionalPhone,
});

/** POST /app_api/send_verification_code_on_email */
export const sendEmailCodeBodySchema = z.object({
  email: email(MSG.signupEmailInvalid),
  name: safeText(120).optional(),
});

/** POST /app_api/verify_code_send_on_email */
export const verifyEmailCodeBodySchema = z.object({
  email: email(MSG.signupEmailInvalid),
  code: verificationCodeSchema,
});

/** POST /app_api/send_verification_code_on_ph_number */
export const sendPhoneCodeBodySchema = z.object({
  phonenumber: wirePhoneSchema,
  channel: z.literal('sms').default('sms'),
});

/** POST /app_api/verify_code_send_on_phone_number */
export const verifyPhoneCodeBodySchema = z.object({
  phonenumber: wirePhoneSchema,
  code: verificationCodeSchema,
});

/** POST /api/customer/register_customer: the sign-up form (trimmed; all required but phone). */
export const registerBodySchema = z
  .object({
    first_name: firstName,
    last_name: lastName,
    phone: optionalPhone,
    email: email(MSG.signupEmailInvalid),
    password: newPasswordSchema,
    confirm_password: safeString().optional(),
    how_found_us: z.enum(HOW_FOUND_US).default('facebook'),
    reference_code: safeText(32).optional(),
  })
  .refine((v) => v.confirm_password === undefined || v.password === v.confirm_password, {
    message: MSG.passwordMismatch,
    path: ['confirm_password'],
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The sign-up form in the browser: the same rules plus the confirmation, phone as typed. */
export const registerFormSchema = z
  .object({
    first_name: firstName,
    last_name: lastName,
    phone: safeString()
      .trim()
      .refine((v) => v === '' || /^\(\d{3}\) \d{3}-\d{4}$/.test(v), MSG.phoneInvalid),
    email: email(MSG.signupEmailInvalid),
    password: newPasswordSchema,
    confirm_password: safeString(),
    how_found_us: z.enum(HOW_FOUND_US),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: MSG.passwordMismatch,
    path: ['confirm_password'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** Login and register answer with the same data. */
export const sessionResponseSchema = envelope({
  data: z.object({ auth_token: z.string(), user: sessionUserSchema }),
});

// --- social sign-in --------------------------------------------------------------------------

/** POST /api/customer/login_by_google and /api/customer/login_by_facebook */
export const socialLoginBodySchema = z.object({
  access_token: safeString().trim().min(1, 'access_token is required.').max(4096),
  phone_number: optionalPhone,
});

/**
 * A provider account without a phone answers 400 with phone_required: the browser then runs
 * ENTER_PHONE and ENTER_CODE and repeats the login with the verified phone_number.
 */
export const phoneRequiredEnvelopeSchema = envelope({ phone_required: z.literal(true) });

/** GET /app_api/social_config: which providers the server can verify (client ids are public). */
export const socialConfigResponseSchema = envelope({
  google_client_id: z.string().nullable(),
  facebook_app_id: z.string().nullable(),
});

// --- passwords -------------------------------------------------------------------------------

/** POST /app_api/reset_password: the link goes by email only, never in the response. */
export const resetPasswordBodySchema = z.object({
  email: email(MSG.loginEmailInvalid),
  user_type: intCode(USER_TYPES, 'user_type must be 1, 2, 3 or 4.'),
});

/** POST /app_api/change_password: a new password from the emailed link. */
export const changePasswordBodySchema = z
  .object({
    ...passwordPair,
    jwt_token: safeString().trim().min(1, MSG.resetLinkInvalid).max(200),
  })
  .refine(confirmationMatches, mismatch);

/**
 * POST /app_api/update_password (auth): the Change Password modal. current_password is not in
 * the spec's call (docs/decisions/036, ASVS 6.2.3): the server requires it of an account that has
 * a password (has_password) and ignores it for one made by Google or Facebook, which sets its
 * first password without it.
 */
export const updatePasswordBodySchema = z
  .object({ current_password: safeString().optional(), ...passwordPair })
  .refine(confirmationMatches, mismatch);
export type UpdatePasswordBody = z.input<typeof updatePasswordBodySchema>;

/** The new-password forms in the browser (set password, claim a request, a foreman's invite). */
export const newPasswordFormSchema = z.object(passwordPair).refine(confirmationMatches, mismatch);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/**
 * The Change Password modal's form: the current password comes first, required when the account
 * has one (has_password); without one the field is not shown and stays empty.
 */
export const updatePasswordFormSchema = (hasPassword: boolean) =>
  z
    .object({
      current_password: hasPassword
        ? safeString().min(1, MSG.currentPasswordRequired)
        : safeString(),
      ...passwordPair,
    })
    .refine(confirmationMatches, mismatch);
export type UpdatePasswordForm = z.infer<ReturnType<typeof updatePasswordFormSchema>>;

// --- profile -------------------------------------------------------------------------------

/** spec/portal.md §5 profile edit: trimmed names, letters and spaces only. */
export const profileNamesSchema = z.object({
  first_name: safeString()
    .trim()
    .min(2, MSG.profileFirstNameShort)
    .regex(NAME_PATTERN, MSG.profileFirstNameAlphabet),
  last_name: safeString()
    .trim()
    .min(1, MSG.lastNameShort)
    .regex(NAME_PATTERN, MSG.profileLastNameAlphabet),
});
export type ProfileNamesForm = z.infer<typeof profileNamesSchema>;

/**
 * PUT /api/customer/update_customer (auth). Absent fields stay as they are. A new email or phone
 * must have been verified with a code first; social accounts cannot change name or email.
 */
export const updateCustomerBodySchema = z.object({
  first_name: profileNamesSchema.shape.first_name.optional(),
  last_name: profileNamesSchema.shape.last_name.optional(),
  email: email(MSG.profileEmailInvalid).optional(),
  phone: optionalPhone,
  how_found_us: z.enum(HOW_FOUND_US).optional(),
  profile_pic: safeText(2048).nullable().optional(),
});
export const updateCustomerResponseSchema = envelope({ data: sessionUserSchema });

/** The change-email sub-screen's first step. */
export const changeEmailFormSchema = z.object({ email: email(MSG.profileEmailInvalid) });

// --- uploads -------------------------------------------------------------------------------

export const UPLOAD_TYPES = ['profile', 'item', 'signature', 'chat'] as const;
export const uploadResponseSchema = envelope({ file_url: z.string() });
export const UPLOAD_LIMIT_BYTES = UPLOAD_MAX_BYTES;

// --- notifications ---------------------------------------------------------------------------

export const notificationSchema = z
  .object({
    id: z.number().int(),
    action_value: z.number().int().nullable(),
    message_body: z.string(),
    created_at: z.string(),
    is_active: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/**
 * GET /app_api/get_notification (auth): one page of the bell's drawer, `limit` notifications
 * older than `before_id` (the newest without it). The spec's call sends no query: it reads the
 * first page.
 */
export const getNotificationQuerySchema = z.object(pageFields('a notification'));
export type GetNotificationQuery = z.input<typeof getNotificationQuerySchema>;

/**
 * newest first; notification_count is the unread count of all the user's notifications, whatever
 * the page; next_before_id asks for the older ones (null at the end).
 */
export const getNotificationResponseSchema = envelope({
  data: z.array(notificationSchema),
  notification_count: z.number().int(),
  ...nextPageField,
});

/** POST /app_api/mark_notification_read (auth): read_all '1' marks every one read. */
export const markNotificationReadBodySchema = z
  .object({
    read_all: z.enum(['0', '1']).default('0'),
    notification_id: idSchema().optional(),
  })
  .refine((v) => v.read_all === '1' || v.notification_id !== undefined, {
    message: 'notification_id is required unless read_all is 1.',
    path: ['notification_id'],
  });

// --- settings (About Us) ---------------------------------------------------------------------

const settingShape = Object.fromEntries(SETTING_KEYS.map((k) => [k, z.string()])) as Record<
  (typeof SETTING_KEYS)[number],
  z.ZodString
>;
export const settingDataSchema = z.object(settingShape).meta({ id: 'SettingData' });
export type SettingData = z.infer<typeof settingDataSchema>;

/** GET /api/admin/get_setting: the About Us HTML, sanitised on write. */
export const getSettingResponseSchema = envelope({ setting_data: settingDataSchema });

export { okEnvelopeSchema };
