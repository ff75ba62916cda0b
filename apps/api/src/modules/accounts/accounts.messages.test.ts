import { describe, expect, it } from 'vitest';
import {
  emailCodeMessage,
  greetingName,
  resetPasswordMessage,
  smsCodeText,
} from './accounts.messages';

describe('account messages', () => {
  it('brand the code email, give the code and its 10-minute validity', () => {
    const mail = emailCodeMessage({ to: 'rosa@example.com', code: '048213', name: 'Rosa' });
    expect(mail.to).toBe('rosa@example.com');
    expect(mail.subject).toBe('Your MoveHub verification code');
    expect(mail.text).toContain('Hi Rosa,');
    expect(mail.text).toContain('Your MoveHub verification code is 048213.');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.text).toContain('ignore this email');
  });

  it('keep the SMS short and branded', () => {
    const text = smsCodeText('048213');
    expect(text).toContain('048213');
    expect(text).toContain('MoveHub');
    expect(text).toContain('10 minutes');
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('put the reset link and its 30-minute, single-use validity in the reset email', () => {
    const mail = resetPasswordMessage({
      to: 'rosa@example.com',
      name: 'Rosa',
      link: 'https://movehub.example/set-forget-password/abc',
    });
    expect(mail.subject).toBe('Reset your MoveHub password');
    expect(mail.text).toContain('https://movehub.example/set-forget-password/abc');
    expect(mail.text).toContain('30 minutes');
    expect(mail.text).toContain('used once');
  });

  it('greet only plain names: a stranger cannot put links or text in our mail', () => {
    expect(greetingName('  Mary   Ann ')).toBe('Mary Ann');
    expect(greetingName(undefined)).toBe('there');
    expect(greetingName('')).toBe('there');
    expect(greetingName('Win a prize at http://evil.example')).toBe('there');
    expect(greetingName('A'.repeat(61))).toBe('there');
  });
});
