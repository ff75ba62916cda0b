import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; the outbox table (readable at /dev/outbox outside production) otherwise. */
export function createMailer(opts: { config: Config; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from } = opts.config.mail;
  return smtpUrl ? new SmtpMailer({ url: smtpUrl, from }) : new OutboxMailer({ log: opts.log });
}
