import { describe, expect, it } from 'vitest';
import { TwilioSms } from './twilio-sms';

function twilio(status = 201) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return new Response(JSON.stringify({ sid: 'SM1', message: 'refused' }), { status });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('TwilioSms', () => {
  it("posts the message to Twilio's Messages API with basic auth", async () => {
    const { fetch, calls } = twilio();
    const sms = new TwilioSms({ accountSid: 'AC1', authToken: 'tok', from: '+13105550000' }, fetch);
    await sms.send({ to: '+13105550142', text: '123456 is your MoveHub verification code.' });
    const [call] = calls;
    expect(call?.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json');
    expect(call?.init?.method).toBe('POST');
    const headers = call?.init?.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
    const body = new URLSearchParams(String(call?.init?.body));
    expect(Object.fromEntries(body)).toEqual({
      To: '+13105550142',
      From: '+13105550000',
      Body: '123456 is your MoveHub verification code.',
    });
  });

  it('sends from a messaging service when the sender is one, and fails loudly on a refusal', async () => {
    const ok = twilio();
    await new TwilioSms({ accountSid: 'AC1', authToken: 't', from: 'MG123' }, ok.fetch).send({
      to: '+13105550142',
      text: 'x',
    });
    expect(new URLSearchParams(String(ok.calls[0]?.init?.body)).get('MessagingServiceSid')).toBe(
      'MG123',
    );
    const refused = twilio(400);
    await expect(
      new TwilioSms({ accountSid: 'AC1', authToken: 't', from: '+1' }, refused.fetch).send({
        to: '+13105550142',
        text: 'x',
      }),
    ).rejects.toThrow(/Twilio answered 400/);
  });
});
