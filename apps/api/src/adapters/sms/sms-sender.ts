import type { Tx } from '../../db/client';

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
