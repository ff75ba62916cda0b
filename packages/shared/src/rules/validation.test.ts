import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { loginBodySchema } from '../schemas/auth';
import { isValidEmail, loginEmailProblem, loginPasswordProblem } from './validation';

describe('isValidEmail', () => {
  it('accepts ordinary addresses, with surrounding spaces trimmed', () => {
    expect(isValidEmail('demo@example.com')).toBe(true);
    expect(isValidEmail('  first.last+tag@mail.co.uk ')).toBe(true);
  });

  it('refuses addresses without a domain, with spaces inside, or with two @', () => {
    for (const bad of ['', 'demo', 'demo@', 'demo@example', 'de mo@example.com', 'a@b@c.com']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe('the login rules', () => {
  it('name what is wrong with the email and the password, in the spec’s words', () => {
    expect(loginEmailProblem(' demo@example.com ')).toBeNull();
    expect(loginEmailProblem('demo@')).toBe(MSG.loginEmailInvalid);
    expect(loginEmailProblem(`${'a'.repeat(250)}@b.co`)).toBe(MSG.loginEmailInvalid);
    expect(loginPasswordProblem('secret')).toBeNull();
    expect(loginPasswordProblem('short')).toBe(MSG.loginPasswordShort);
  });

  it('are the login call’s own: the schema refuses what the screen refuses', () => {
    for (const [email, password] of [
      ['demo@', 'secret1'],
      ['demo@example.com', 'short'],
      [`${'a'.repeat(250)}@b.co`, 'secret1'],
    ]) {
      const screen = loginEmailProblem(email!) ?? loginPasswordProblem(password!);
      const parsed = loginBodySchema.safeParse({ email, password, user_type: 1 });
      expect(parsed.success, `${email} ${password}`).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(screen);
    }
    expect(
      loginBodySchema.safeParse({ email: 'demo@example.com', password: 'secret1', user_type: 1 })
        .success,
    ).toBe(true);
  });
});
