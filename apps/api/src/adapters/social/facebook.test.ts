import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { FacebookVerifier } from './facebook';

const log = pino({ level: 'silent' });

/** A stand-in for the Graph API: answers by path, records the URLs it was asked for. */
function graph(answers: { debug: unknown; me?: unknown; debugStatus?: number }) {
  const urls: URL[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    urls.push(url);
    const isDebug = url.pathname.endsWith('/debug_token');
    const status = isDebug ? (answers.debugStatus ?? 200) : 200;
    return new Response(JSON.stringify(isDebug ? answers.debug : answers.me), { status });
  }) as typeof globalThis.fetch;
  return { fetch, urls };
}

const verifier = (fetch: typeof globalThis.fetch) =>
  new FacebookVerifier({ appId: 'app-1', appSecret: 'secret', log, fetch });

describe('FacebookVerifier', () => {
  it('checks the token with debug_token and the app token, then reads /me with appsecret_proof', async () => {
    const { fetch, urls } = graph({
      debug: { data: { is_valid: true, app_id: 'app-1', user_id: '42' } },
      me: { id: '42', email: 'Sam@Example.com', first_name: 'Sam', last_name: 'Lee' },
    });
    expect(await verifier(fetch).verify('user-token')).toEqual({
      subject: '42',
      email: 'sam@example.com',
      emailVerified: true,
      firstName: 'Sam',
      lastName: 'Lee',
    });
    const [debug, me] = urls;
    expect(debug?.searchParams.get('input_token')).toBe('user-token');
    expect(debug?.searchParams.get('access_token')).toBe('app-1|secret');
    expect(me?.pathname).toMatch(/\/me$/);
    expect(me?.searchParams.get('fields')).toBe('id,email,first_name,last_name');
    expect(me?.searchParams.get('appsecret_proof')).toBe(
      createHmac('sha256', 'secret').update('user-token').digest('hex'),
    );
  });

  it('refuses a token of another app, an invalid token and a refused call', async () => {
    const otherApp = graph({ debug: { data: { is_valid: true, app_id: 'other', user_id: '42' } } });
    expect(await verifier(otherApp.fetch).verify('t')).toBeNull();
    expect(otherApp.urls).toHaveLength(1);
    const invalid = graph({ debug: { data: { is_valid: false } } });
    expect(await verifier(invalid.fetch).verify('t')).toBeNull();
    const refused = graph({ debug: { error: { message: 'bad' } }, debugStatus: 400 });
    expect(await verifier(refused.fetch).verify('t')).toBeNull();
  });

  it('refuses a /me answer for another person', async () => {
    const { fetch } = graph({
      debug: { data: { is_valid: true, app_id: 'app-1', user_id: '42' } },
      me: { id: '43', email: 'x@example.com' },
    });
    expect(await verifier(fetch).verify('t')).toBeNull();
  });
});
