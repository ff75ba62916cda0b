import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import { enqueueMessage } from '../../modules/outbox/outbox.service';
import type { MailMessage, Mailer } from './mailer';

/** The embedded default: the message becomes an outbox row (and a log line). */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(private readonly opts: { log: FastifyBaseLogger }) {}

  async send(message: MailMessage, opts: { db: Tx }): Promise<void> {
    await enqueueMessage({
      db: opts.db,
      log: this.opts.log,
      message: {
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.text,
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      },
    });
  }

  async close(): Promise<void> {}
}
