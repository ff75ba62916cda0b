import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import { enqueueMessage } from '../../modules/outbox/outbox.service';
import type { SmsMessage, SmsSender } from './sms-sender';

/** The embedded default: the text becomes an outbox row (and a log line). */
export class OutboxSms implements SmsSender {
  readonly kind = 'outbox' as const;
  constructor(private readonly opts: { log: FastifyBaseLogger }) {}

  async send(message: SmsMessage, opts: { db: Tx }): Promise<void> {
    await enqueueMessage({
      db: opts.db,
      log: this.opts.log,
      message: { channel: 'sms', to: message.to, body: message.text },
    });
  }
}
