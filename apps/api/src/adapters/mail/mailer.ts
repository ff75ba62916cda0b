import type { Tx } from '../../db/client';

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
