import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { OutboxSms } from './outbox-sms';
import { TwilioSms } from './twilio-sms';

export interface SmsMessage {
  /** +1########## */
  to: string;
  text: string;
}

/** Sends text messages; like the Mailer, it works inside the caller's transaction. */
export interface SmsSender {
  readonly kind: 'twilio' | 'outbox';
  send(message: SmsMessage, opts: { db: Tx }): Promise<void>;
}

/** Twilio when its three settings are set; the outbox table otherwise. */
export function createSmsSender(opts: { config: Config; log: FastifyBaseLogger }): SmsSender {
  const { sms } = opts.config;
  return sms ? new TwilioSms(sms) : new OutboxSms({ log: opts.log });
}
