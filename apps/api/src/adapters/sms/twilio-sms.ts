import type { SmsMessage, SmsSender } from './sms-sender';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio number (+1...) or a messaging service sid (MG...). */
  from: string;
}

/** Twilio's Messages REST API over fetch: no SDK needed for one call. */
export class TwilioSms implements SmsSender {
  readonly kind = 'twilio' as const;
  constructor(
    private readonly settings: TwilioSettings,
    private readonly fetchImpl: typeof fetch = globalThis.fetch,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const { accountSid, authToken, from } = this.settings;
    const body = new URLSearchParams({ To: message.to, Body: message.text });
    body.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
    const res = await this.fetchImpl(
      `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
        signal: AbortSignal.timeout(10_000),
      },
    );
    if (!res.ok) {
      // Twilio's error body names the problem (e.g. 21211 invalid number); it goes to the log.
      const detail = await res.text().catch(() => '');
      throw new Error(`Twilio answered ${res.status}: ${detail.slice(0, 300)}`);
    }
  }
}
