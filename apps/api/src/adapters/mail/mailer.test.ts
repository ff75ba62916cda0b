import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../../config';
import { createSmsSender } from '../sms/create-sms-sender';
import { createMailer } from './create-mailer';

const log = pino({ level: 'silent' });

describe('createMailer and createSmsSender', () => {
  it('default to the outbox', () => {
    const config = loadConfig({});
    expect(createMailer({ config, log }).kind).toBe('outbox');
    expect(createSmsSender({ config, log }).kind).toBe('outbox');
  });

  it('use SMTP when SMTP_URL is set and Twilio when its three settings are', async () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+13105550000',
    });
    const mailer = createMailer({ config, log });
    expect(mailer.kind).toBe('smtp');
    await mailer.close();
    expect(createSmsSender({ config, log }).kind).toBe('twilio');
    expect(createSmsSender({ config: loadConfig({ TWILIO_ACCOUNT_SID: 'AC1' }), log }).kind).toBe(
      'outbox',
    );
  });
});
