import { CLAIM_TOKEN_TTL_HOURS } from '@movehub/shared';
import type { MailMessage } from '../../adapters/mail/mailer';
import { greetingName } from '../accounts/accounts.messages';

/** The web pages the emailed links open (spec §2 /view-request/{access_token}; ours: claim). */
export const viewRequestLink = (publicUrl: string, publicAccessLink: string) =>
  `${publicUrl.replace(/\/+$/, '')}/view-request/${publicAccessLink}`;
export const claimRequestLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/claim-request/${token}`;

/**
 * To the contact email of a direct request: the request's public link, and the confirmation
 * link that alone attaches it to the email's account. The sender is anonymous, so the text says
 * plainly what happens if the reader did not send it (nothing), and carries no words of theirs
 * beyond a plain first name (the company's name is ours).
 */
export function directRequestMessage(opts: {
  to: string;
  name: string;
  companyName: string;
  requestId: number;
  viewLink: string;
  claimLink: string;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Is this your request? Move request #${opts.requestId}`,
    text: [
      `Hi ${greetingName(opts.name)},`,
      '',
      `A move request #${opts.requestId} was sent to ${opts.companyName} with this email address as the contact.`,
      '',
      'See the request:',
      opts.viewLink,
      '',
      'Is this your request? Confirm it to keep it in your MoveHub account (or to create one):',
      opts.claimLink,
      '',
      `The confirmation link is valid for ${CLAIM_TOKEN_TTL_HOURS} hours and can be used once.`,
      '',
      'If you did not send this request, you can ignore this email: nothing is added to any account without the confirmation.',
      '',
      '— The MoveHub team',
    ].join('\n'),
  };
}
