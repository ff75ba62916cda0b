import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  profileNamesSchema,
  registerBodySchema,
  registerFormSchema,
  updatePasswordBodySchema,
  updatePasswordFormSchema,
} from './accounts';

const valid = {
  first_name: ' Rosa ',
  last_name: 'Diaz',
  phone: '',
  email: ' Rosa@Example.com ',
  password: 'Secret@123',
  confirm_password: 'Secret@123',
  how_found_us: 'google' as const,
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('sign-up rules (spec/portal.md §5)', () => {
  it('trims the fields and lower-cases the email', () => {
    const parsed = registerBodySchema.parse(valid);
    expect(parsed).toMatchObject({
      first_name: 'Rosa',
      email: 'rosa@example.com',
      how_found_us: 'google',
    });
  });

  it('defaults how_found_us to facebook', () => {
    expect(registerBodySchema.parse({ ...valid, how_found_us: undefined }).how_found_us).toBe(
      'facebook',
    );
  });

  it.each([
    [{ first_name: 'R2' }, 'Please enter a valid first name.'],
    [{ first_name: 'R' }, 'First name must have 2 characters'],
    [{ last_name: '' }, 'Please enter a valid last name.'],
    [{ last_name: '123' }, 'Please enter a valid last name.'],
    [{ email: 'rosa@' }, 'Please enter a valid email.'],
    [{ password: 'Ab1$', confirm_password: 'Ab1$' }, 'Minimum 8 characters required for password.'],
    [
      { password: 'abcdefgh1', confirm_password: 'abcdefgh1' },
      'A minimum 8 characters password contains a combination of uppercase letter and number. And at least one special character are required.',
    ],
    [{ confirm_password: 'Other@123' }, 'Your password and confirmation password does not match'],
    [{ phone: '+1310555' }, 'Please enter a valid phone number.'],
  ])('refuses %o with the spec message', (change, message) => {
    expect(firstMessage(registerBodySchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('checks the typed phone mask in the form', () => {
    expect(registerFormSchema.safeParse({ ...valid, phone: '(310) 555-0142' }).success).toBe(true);
    expect(firstMessage(registerFormSchema.safeParse({ ...valid, phone: '(310) 555-01' }))).toBe(
      'Please enter a valid phone number.',
    );
  });
});

describe('profile name rules', () => {
  it('uses the profile messages', () => {
    expect(firstMessage(profileNamesSchema.safeParse({ first_name: ' A ', last_name: 'B' }))).toBe(
      'First name length must be grater then 1.',
    );
    expect(firstMessage(profileNamesSchema.safeParse({ first_name: 'Ann3', last_name: 'B' }))).toBe(
      'Please use english alphabets for first name.',
    );
    expect(firstMessage(profileNamesSchema.safeParse({ first_name: 'Ann', last_name: 'B4' }))).toBe(
      'Please use english alphabets for last name.',
    );
  });
});

describe('the Change Password modal (docs/decisions/036)', () => {
  const pair = { password: 'Newer@1234', confirm_password: 'Newer@1234' };

  it("keeps the spec's call and takes the current password beside it", () => {
    expect(updatePasswordBodySchema.parse(pair)).toEqual(pair);
    expect(updatePasswordBodySchema.parse({ current_password: 'Older@1234', ...pair })).toEqual({
      current_password: 'Older@1234',
      ...pair,
    });
  });

  it('asks for the current password only of an account that has one', () => {
    const empty = { current_password: '', ...pair };
    expect(firstMessage(updatePasswordFormSchema(true).safeParse(empty))).toBe(
      MSG.currentPasswordRequired,
    );
    expect(updatePasswordFormSchema(false).safeParse(empty).success).toBe(true);
    expect(
      firstMessage(
        updatePasswordFormSchema(false).safeParse({ ...empty, confirm_password: 'Other@1234' }),
      ),
    ).toBe(MSG.passwordMismatch);
  });
});
