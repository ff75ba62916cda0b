import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: every mail client shows it, no HTML to sanitise. */
  text: string;
  /** Files sent with it, as text (a calendar invite); none by default. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** e.g. 'text/calendar; method=REQUEST; charset=UTF-8' */
  contentType: string;
  content: string;
}

/**
 * Sends email. The caller passes its transaction: the outbox writes the message in it, so a
 * message exists only if the change that caused it commits; SMTP sends inside it, so a failed
 * delivery rolls the change back (a code that never arrived does not count against the limits).
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage, opts: { db: Tx }): Promise<void>;
  close(): Promise<void>;
}

/** SMTP when SMTP_URL is set; the outbox table (readable at /dev/outbox outside production) otherwise. */
export function createMailer(opts: { config: Config; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from } = opts.config.mail;
  return smtpUrl ? new SmtpMailer({ url: smtpUrl, from }) : new OutboxMailer({ log: opts.log });
}
