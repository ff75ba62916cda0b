import { FOREMAN_INVITE_TTL_DAYS } from '@movehub/shared';
import type { MailMessage } from '../../adapters/mail/mailer';
import { greetingName } from '../accounts/accounts.messages';

/** The page of the web app that an invitation opens (the partner console's set-password page). */
export function foremanInviteLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/partner/set-password?token=${encodeURIComponent(token)}`;
}

/**
 * The invitation a company sends its foreman: who invites him, the link that sets his password,
 * how long it lasts. The company's name is its own profile's, which it typed itself; it is put
 * on a line of its own text and never makes a link.
 */
export function foremanInviteMessage(opts: {
  to: string;
  firstName: string;
  companyName: string;
  link: string;
}): MailMessage {
  const company = opts.companyName.replace(/\s+/g, ' ').trim().slice(0, 120) || 'Your company';
  return {
    to: opts.to,
    subject: `${company} invites you to MoveHub`,
    text: [
      `Hi ${greetingName(opts.firstName)},`,
      '',
      `${company} has added you as a foreman on MoveHub, where you will see the moves you are assigned and share the truck's position on move day.`,
      '',
      'Open this link to choose your password and sign in:',
      '',
      opts.link,
      '',
      `The link is valid for ${FOREMAN_INVITE_TTL_DAYS} days and can be used once. If it has expired, ask ${company} to send a new invitation.`,
      '',
      'If you did not expect this, you can ignore this email: no account is usable without the password you choose.',
      '',
      '— The MoveHub team',
    ].join('\n'),
  };
}
