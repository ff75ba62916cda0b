import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { OutboxSms } from './outbox-sms';
import type { SmsSender } from './sms-sender';
import { TwilioSms } from './twilio-sms';

/** Twilio when its three settings are set; the outbox table otherwise. */
export function createSmsSender(opts: { config: Config; log: FastifyBaseLogger }): SmsSender {
  const { sms } = opts.config;
  return sms ? new TwilioSms(sms) : new OutboxSms({ log: opts.log });
}
