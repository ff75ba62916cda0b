import { CODE_TTL_MINUTES, NAME_PATTERN, RESET_TOKEN_TTL_MINUTES } from '@movehub/shared';
import type { MailMessage } from '../../adapters/mail/mailer';

/*
 * The email and SMS texts of the accounts capability: plain text, short, branded, saying what
 * the message is for, how long it is valid and what to do if it was not expected.
 */

const SIGNATURE = '— The MoveHub team';

/**
 * The name shown in a greeting comes from an unauthenticated call, so only a plain name is
 * used: anything else (links, long text) would let a stranger put words in our mail.
 */
export function greetingName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim().replace(/\s+/g, ' ');
  return trimmed && trimmed.length <= 60 && NAME_PATTERN.test(trimmed) ? trimmed : 'there';
}

export function emailCodeMessage(opts: {
  to: string;
  code: string;
  name?: string | null;
}): MailMessage {
  return {
    to: opts.to,
    subject: 'Your MoveHub verification code',
    text: [
      `Hi ${greetingName(opts.name)},`,
      '',
      `Your MoveHub verification code is ${opts.code}.`,
      '',
      `Enter it on the MoveHub page that asked for it. It is valid for ${CODE_TTL_MINUTES} minutes and can be used once.`,
      '',
      'If you did not ask for this code, you can ignore this email: nothing changes without it.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

export function smsCodeText(code: string): string {
  return `${code} is your MoveHub verification code. It is valid for ${CODE_TTL_MINUTES} minutes. Do not share it with anyone.`;
}

export function resetPasswordMessage(opts: {
  to: string;
  name: string;
  link: string;
}): MailMessage {
  return {
    to: opts.to,
    subject: 'Reset your MoveHub password',
    text: [
      `Hi ${greetingName(opts.name)},`,
      '',
      'We received a request to reset the password of your MoveHub account. Open this link to choose a new one:',
      '',
      opts.link,
      '',
      `The link is valid for ${RESET_TOKEN_TTL_MINUTES} minutes and can be used once. Setting a new password signs you out on every device.`,
      '',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/**
 * The notice of a new password (update_password): the owner hears of it even when someone else
 * changed it with their session, and learns how to take the account back.
 */
export function passwordChangedMessage(opts: {
  to: string;
  name: string;
  /** The account had no password (made by Google or Facebook): one was added. */
  added: boolean;
  /** The page that emails a reset link. */
  resetPage: string;
}): MailMessage {
  const what = opts.added
    ? 'A password was added to your MoveHub account'
    : 'The password of your MoveHub account was changed';
  return {
    to: opts.to,
    subject: opts.added
      ? 'A password was added to your MoveHub account'
      : 'Your MoveHub password was changed',
    text: [
      `Hi ${greetingName(opts.name)},`,
      '',
      `${what} from your profile. Your other devices were signed out.`,
      '',
      'If this was you, there is nothing to do.',
      '',
      'If it was not, reset your password now from this page, which signs you out on every device:',
      '',
      opts.resetPage,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
