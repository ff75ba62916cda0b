import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import type { PageEvent } from './analytics';
import { createAnalytics } from './create-analytics';
import { ga4Call, plausibleCall, RemoteAnalytics, umamiCall } from './remote-analytics';

const PUBLIC_URL = 'https://portal.movehub.example';
const view: PageEvent = {
  name: 'pageview',
  page: '/create-request/:direct_link',
  step: null,
  directLinkId: 4,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
};
const step: PageEvent = { ...view, name: 'wizard_step', step: 7 };

function provider(status = 202) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return new Response('ok', { status });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function silentLog() {
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

describe('the analytics providers, called by the server', () => {
  it("sends Plausible its Events API's page view and a step as a custom event, with the browser's agent and no address", () => {
    const settings = { url: 'https://plausible.io/', domain: 'portal.movehub.example' };
    expect(plausibleCall(settings, view, PUBLIC_URL)).toEqual({
      url: 'https://plausible.io/api/event',
      headers: { 'user-agent': view.userAgent },
      body: {
        name: 'pageview',
        url: 'https://portal.movehub.example/create-request/:direct_link',
        domain: 'portal.movehub.example',
      },
    });
    expect(plausibleCall(settings, step, PUBLIC_URL).body).toMatchObject({
      name: 'wizard_step',
      props: { step: '7' },
    });
  });

  it("sends Umami its collection call: the page's pattern, and a step as a named event", () => {
    const settings = {
      url: 'https://umami.example',
      websiteId: '6a1f0d3e-1111-4222-8333-944445555666',
    };
    expect(umamiCall(settings, view, PUBLIC_URL)).toEqual({
      url: 'https://umami.example/api/send',
      headers: { 'user-agent': view.userAgent },
      body: {
        type: 'event',
        payload: {
          website: settings.websiteId,
          hostname: 'portal.movehub.example',
          url: '/create-request/:direct_link',
        },
      },
    });
    expect(umamiCall(settings, step, PUBLIC_URL).body).toMatchObject({
      payload: { name: 'wizard_step', data: { step: 7 } },
    });
  });

  it('sends GA4 a Measurement Protocol event with a new random client id each time and no agent', () => {
    const settings = { measurementId: 'G-ABC123', apiSecret: 's3cret' };
    const call = ga4Call(settings, step, PUBLIC_URL, () => 'random-1');
    expect(call.url).toBe(
      'https://www.google-analytics.com/mp/collect?measurement_id=G-ABC123&api_secret=s3cret',
    );
    expect(call.headers).toEqual({});
    expect(call.body).toEqual({
      client_id: 'random-1',
      non_personalized_ads: true,
      events: [
        {
          name: 'wizard_step',
          params: {
            page_location: 'https://portal.movehub.example/create-request/:direct_link',
            engagement_time_msec: 1,
            step: 7,
          },
        },
      ],
    });
    expect(ga4Call(settings, view, PUBLIC_URL).body).toMatchObject({
      events: [{ name: 'page_view' }],
    });
  });

  it('posts the JSON over fetch, and a refusal or a network failure is logged, never thrown', async () => {
    const ok = provider();
    const { log, lines } = silentLog();
    const remote = new RemoteAnalytics({
      provider: { kind: 'plausible', url: 'https://plausible.io', domain: 'd.example' },
      publicUrl: PUBLIC_URL,
      log,
      fetchImpl: ok.fetch,
    });
    await remote.record(view);
    expect(ok.calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(ok.calls[0]?.init?.body))).toMatchObject({ name: 'pageview' });
    expect(lines).toEqual([]);

    const refused = provider(500);
    await new RemoteAnalytics({
      provider: { kind: 'ga4', measurementId: 'G-X1', apiSecret: 's' },
      publicUrl: PUBLIC_URL,
      log,
      fetchImpl: refused.fetch,
    }).record(view);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await new RemoteAnalytics({
      provider: { kind: 'ga4', measurementId: 'G-X1', apiSecret: 's' },
      publicUrl: PUBLIC_URL,
      log,
      fetchImpl: down,
    }).record(view);
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      'analytics event not delivered',
      'analytics event not delivered',
    ]);
  });
});

describe('createAnalytics', () => {
  const db = {} as Db;
  const { log } = silentLog();

  it('counts in the database when no provider is configured', () => {
    expect(createAnalytics({ config: loadConfig({ NODE_ENV: 'test' }), db, log }).kind).toBe(
      'database',
    );
  });

  it('sends to the configured provider', () => {
    const kinds = [
      { PLAUSIBLE_DOMAIN: 'portal.movehub.example' },
      {
        UMAMI_URL: 'https://umami.example',
        UMAMI_WEBSITE_ID: '6a1f0d3e-1111-4222-8333-944445555666',
      },
      { GA4_MEASUREMENT_ID: 'G-ABC123', GA4_API_SECRET: 's' },
    ].map(
      (env) => createAnalytics({ config: loadConfig({ NODE_ENV: 'test', ...env }), db, log }).kind,
    );
    expect(kinds).toEqual(['plausible', 'umami', 'ga4']);
  });

  it('refuses half a provider, or two of them, at start', () => {
    expect(() => loadConfig({ UMAMI_URL: 'https://umami.example' })).toThrow(
      /UMAMI_URL and UMAMI_WEBSITE_ID go together/,
    );
    expect(() => loadConfig({ GA4_MEASUREMENT_ID: 'G-ABC123' })).toThrow(/GA4_API_SECRET/);
    expect(() => loadConfig({ GA4_MEASUREMENT_ID: 'UA-1', GA4_API_SECRET: 's' })).toThrow(
      /GA4 measurement id/,
    );
    expect(() =>
      loadConfig({
        PLAUSIBLE_DOMAIN: 'portal.movehub.example',
        GA4_MEASUREMENT_ID: 'G-ABC123',
        GA4_API_SECRET: 's',
      }),
    ).toThrow(/one analytics provider at most/);
  });
});
