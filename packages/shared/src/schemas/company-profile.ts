import { z } from 'zod';
import { MSG } from '../messages';
import { NAME_PATTERN } from '../rules/names';
import { EMAIL_PATTERN } from '../rules/validation';
import { newPasswordSchema, wirePhoneSchema } from './accounts';
import { sessionUserSchema } from './auth';
import { zipCodeSchema } from './catalogue';
import { envelope } from './envelope';
import { idSchema, safeString, safeText } from './primitives';

/*
 * The company's profile in the partner console: its public face (name,
 * picture, about, phone), the zip codes it serves, its trucks and its foremen. A foreman is
 * invited by email and sets his password from the emailed link.
 */

/** How long an invitation's set-password link stays valid. */
export const FOREMAN_INVITE_TTL_DAYS = 7;

/** Limits of what a company may keep, so that one profile cannot grow without bound. */
export const COMPANY_NAME_MAX = 120;
export const COMPANY_ABOUT_MAX = 2000;
export const TRUCK_NAME_MAX = 60;
export const MAX_SERVICE_ZIPS = 500;
export const MAX_TRUCKS = 100;

export const COMPANY_PROFILE_TEXT = {
  nameRequired: 'Please enter the company name.',
  truckNameRequired: 'Please enter the truck name.',
  foremanEmailInvalid: 'Please enter a valid email address.',
  foremanFirstNameInvalid: 'Please enter a first name of at least 2 letters.',
  foremanLastNameInvalid: 'Please enter a last name.',
  profileUpdated: 'Your company profile has been updated.',
  zipAdded: 'The zip code has been added.',
  zipAlreadyServed: 'You already serve this zip code.',
  zipRemoved: 'The zip code has been removed.',
  zipNotServed: 'You do not serve this zip code.',
  tooManyZips: `You may serve at most ${MAX_SERVICE_ZIPS} zip codes.`,
  truckAdded: 'The truck has been added.',
  truckUpdated: 'The truck has been updated.',
  truckRemoved: 'The truck has been removed.',
  truckNotFound: 'This truck was not found.',
  truckBusy:
    'This truck is assigned to a move that is not finished yet. Assign another truck to that move first, or mark this one inactive.',
  tooManyTrucks: `You may keep at most ${MAX_TRUCKS} trucks.`,
  foremanInvited: 'The invitation has been sent.',
  foremanReinvited: 'A new invitation has been sent; the previous link no longer works.',
  foremanRemoved: 'The foreman has been removed.',
  foremanNotFound: 'This foreman was not found.',
  foremanBusy:
    'This foreman is assigned to a move that is not finished yet. Assign another foreman to that move first.',
  foremanAlreadyActive: 'This foreman has already set a password and signed in.',
  inviteEmailTaken: 'An account with this email already exists.',
  inviteLinkInvalid:
    'This invitation link is invalid or has expired. Ask your company for a new one.',
  foremanPasswordSet: 'Your password has been set. Welcome aboard!',
} as const;

const companyName = safeText(COMPANY_NAME_MAX).min(1, COMPANY_PROFILE_TEXT.nameRequired);
const truckName = safeText(TRUCK_NAME_MAX).min(1, COMPANY_PROFILE_TEXT.truckNameRequired);
const inviteEmail = safeString()
  .trim()
  .toLowerCase()
  .max(254, COMPANY_PROFILE_TEXT.foremanEmailInvalid)
  .regex(EMAIL_PATTERN, COMPANY_PROFILE_TEXT.foremanEmailInvalid);

export const truckSchema = z
  .object({ id: z.number().int(), name: z.string(), is_active: z.boolean() })
  .meta({ id: 'CompanyTruck' });
export type CompanyTruck = z.infer<typeof truckSchema>;

/** invited: no password yet (the emailed link is still to be used); active: signs in. */
export const FOREMAN_STATUSES = ['invited', 'active'] as const;
export type ForemanStatus = (typeof FOREMAN_STATUSES)[number];

export const foremanSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    status: z.enum(FOREMAN_STATUSES),
  })
  .meta({ id: 'CompanyForeman' });
export type CompanyForeman = z.infer<typeof foremanSchema>;

export const companyProfileSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    about: z.string().nullable(),
    profile_picture: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    truck_count: z.number().int(),
    zip_codes: z.array(z.string()),
    trucks: z.array(truckSchema),
    foremen: z.array(foremanSchema),
  })
  .meta({ id: 'CompanyProfile' });
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** POST /api/company/profile and every call that changes it answer with the whole profile. */
export const companyProfileResponseSchema = envelope({ data: companyProfileSchema });
export type CompanyProfileResponse = z.infer<typeof companyProfileResponseSchema>;

/**
 * POST /api/company/update_profile: absent fields stay as they are; '' clears about and phone;
 * profile_picture is the file_url of an upload of ours, null removes it.
 */
export const updateCompanyProfileBodySchema = z.object({
  name: companyName.optional(),
  about: safeText(COMPANY_ABOUT_MAX, { multiline: true }).optional(),
  phone: z.union([z.literal(''), wirePhoneSchema]).optional(),
  profile_picture: safeText(2048).nullable().optional(),
});
export type UpdateCompanyProfileBody = z.input<typeof updateCompanyProfileBodySchema>;

/** The profile form in the browser: the phone as typed in its mask. */
export const companyProfileFormSchema = z.object({
  name: companyName,
  about: safeText(COMPANY_ABOUT_MAX, { multiline: true }),
  phone: safeString()
    .trim()
    .refine((v) => v === '' || /^\(\d{3}\) \d{3}-\d{4}$/.test(v), MSG.phoneInvalid),
});
export type CompanyProfileForm = z.infer<typeof companyProfileFormSchema>;

/** POST /api/company/add_zip_code and remove_zip_code. */
export const zipCodeBodySchema = z.object({ zip_code: zipCodeSchema });
export type ZipCodeBody = z.input<typeof zipCodeBodySchema>;

/** POST /api/company/add_truck. */
export const addTruckBodySchema = z.object({ name: truckName });
export type AddTruckBody = z.input<typeof addTruckBodySchema>;

/** POST /api/company/update_truck: a new name, active or not (at least one of them). */
export const updateTruckBodySchema = z
  .object({
    truck_id: idSchema(),
    name: truckName.optional(),
    is_active: z.boolean().optional(),
  })
  .refine((v) => v.name !== undefined || v.is_active !== undefined, {
    message: 'Send a new name or is_active.',
    path: ['name'],
  });
export type UpdateTruckBody = z.input<typeof updateTruckBodySchema>;

/** POST /api/company/remove_truck. */
export const removeTruckBodySchema = z.object({ truck_id: idSchema() });

/** A name of plain letters; one message however it fails. */
const personName = (min: number, message: string) =>
  safeString()
    .trim()
    .min(min, { error: message, abort: true })
    .max(60, { error: message, abort: true })
    .regex(NAME_PATTERN, message);

/** POST /api/company/invite_foreman: sends (or sends again) the set-password link. */
export const inviteForemanBodySchema = z.object({
  email: inviteEmail,
  first_name: personName(2, COMPANY_PROFILE_TEXT.foremanFirstNameInvalid),
  last_name: personName(1, COMPANY_PROFILE_TEXT.foremanLastNameInvalid),
});
export type InviteForemanBody = z.input<typeof inviteForemanBodySchema>;
export type InviteForemanForm = z.infer<typeof inviteForemanBodySchema>;

/** POST /api/company/remove_foreman. */
export const removeForemanBodySchema = z.object({ foreman_id: idSchema() });

/** POST /app_api/set_foreman_password: the invitation's token and the new password. */
export const setForemanPasswordBodySchema = z
  .object({
    token: safeString().trim().min(1, COMPANY_PROFILE_TEXT.inviteLinkInvalid).max(200),
    password: newPasswordSchema,
    confirm_password: safeString(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: MSG.passwordMismatch,
    path: ['confirm_password'],
  });
export type SetForemanPasswordBody = z.input<typeof setForemanPasswordBodySchema>;

/** It answers like /app_api/login: the foreman is signed in. */
export const setForemanPasswordResponseSchema = envelope({
  data: z.object({ auth_token: z.string(), user: sessionUserSchema }),
});
