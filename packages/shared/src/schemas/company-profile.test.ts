import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  COMPANY_PROFILE_TEXT as TEXT,
  companyProfileFormSchema,
  inviteForemanBodySchema,
  setForemanPasswordBodySchema,
  updateTruckBodySchema,
  zipCodeBodySchema,
} from './company-profile';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('company profile schemas', () => {
  it('takes an invitation with a trimmed, lower-cased email and plain names', () => {
    expect(
      inviteForemanBodySchema.parse({
        email: ' Rae@Swift.TEST ',
        first_name: ' Rae ',
        last_name: 'Lopez',
      }),
    ).toEqual({ email: 'rae@swift.test', first_name: 'Rae', last_name: 'Lopez' });
    expect(
      messagesOf(
        inviteForemanBodySchema.safeParse({ email: 'nope', first_name: 'R', last_name: '' }),
      ),
    ).toEqual([
      TEXT.foremanEmailInvalid,
      TEXT.foremanFirstNameInvalid,
      TEXT.foremanLastNameInvalid,
    ]);
  });

  it('asks a truck update for a new name or is_active', () => {
    expect(updateTruckBodySchema.safeParse({ truck_id: 3 }).success).toBe(false);
    expect(updateTruckBodySchema.parse({ truck_id: '3', is_active: false })).toEqual({
      truck_id: 3,
      is_active: false,
    });
  });

  it('takes five-digit zip codes only', () => {
    expect(zipCodeBodySchema.parse({ zip_code: ' 90012 ' })).toEqual({ zip_code: '90012' });
    for (const zip of ['9001', '900120', '9001a']) {
      expect(messagesOf(zipCodeBodySchema.safeParse({ zip_code: zip }))).toEqual([MSG.zipRequired]);
    }
  });

  it('holds the new password to the sign-up rules and its confirmation', () => {
    const base = { token: 't', password: 'Moving@2026' };
    expect(
      setForemanPasswordBodySchema.safeParse({ ...base, confirm_password: 'Moving@2026' }).success,
    ).toBe(true);
    expect(
      messagesOf(setForemanPasswordBodySchema.safeParse({ ...base, confirm_password: 'x' })),
    ).toEqual([MSG.passwordMismatch]);
    expect(
      setForemanPasswordBodySchema.safeParse({
        token: 't',
        password: 'short',
        confirm_password: 'short',
      }).success,
    ).toBe(false);
  });

  it("reads the profile form's phone as typed in its mask, or empty", () => {
    const form = { name: 'Swift', about: '' };
    expect(companyProfileFormSchema.safeParse({ ...form, phone: '(310) 555-0142' }).success).toBe(
      true,
    );
    expect(companyProfileFormSchema.safeParse({ ...form, phone: '' }).success).toBe(true);
    expect(messagesOf(companyProfileFormSchema.safeParse({ ...form, phone: '310' }))).toEqual([
      MSG.phoneInvalid,
    ]);
    expect(
      messagesOf(companyProfileFormSchema.safeParse({ ...form, name: ' ', phone: '' })),
    ).toEqual([TEXT.nameRequired]);
  });
});
