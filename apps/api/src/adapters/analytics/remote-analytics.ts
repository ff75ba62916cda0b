import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { PROVIDER_TIMEOUT_MS, type Analytics, type PageEvent } from './analytics';

type Provider = Exclude<Config['analytics']['provider'], { kind: 'database' }>;

/** What a provider's call is: its address, headers and JSON body. */
interface ProviderCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The name a provider's reports give a wizard step. */
const STEP_EVENT = 'wizard_step';

/**
 * Plausible's Events API (POST /api/event): `pageview` or a custom event with the step as a
 * property. It needs the visitor's User-Agent; without an X-Forwarded-For it counts unique
 * visitors by the server's address, so its visitor numbers mean little and its views are right.
 */
export function plausibleCall(
  settings: { url: string; domain: string },
  event: PageEvent,
  publicUrl: string,
): ProviderCall {
  return {
    url: `${settings.url.replace(/\/+$/, '')}/api/event`,
    headers: { 'user-agent': event.userAgent ?? 'MoveHub' },
    body: {
      name: event.name === 'pageview' ? 'pageview' : STEP_EVENT,
      url: `${publicUrl}${event.page}`,
      domain: settings.domain,
      ...(event.step === null ? {} : { props: { step: String(event.step) } }),
    },
  };
}

/** Umami's collection call (POST /api/send): a page view, or a named event with its step. */
export function umamiCall(
  settings: { url: string; websiteId: string },
  event: PageEvent,
  publicUrl: string,
): ProviderCall {
  return {
    url: `${settings.url.replace(/\/+$/, '')}/api/send`,
    headers: { 'user-agent': event.userAgent ?? 'MoveHub' },
    body: {
      type: 'event',
      payload: {
        website: settings.websiteId,
        hostname: new URL(publicUrl).hostname,
        url: event.page,
        ...(event.name === 'pageview' ? {} : { name: STEP_EVENT, data: { step: event.step } }),
      },
    },
  };
}

/**
 * GA4's Measurement Protocol (POST /mp/collect). Its client_id is required and we keep none: each
 * event gets a random one, so GA4 counts events and views, not returning users.
 */
export function ga4Call(
  settings: { measurementId: string; apiSecret: string },
  event: PageEvent,
  publicUrl: string,
  randomId: () => string = () => crypto.randomUUID(),
): ProviderCall {
  const query = new URLSearchParams({
    measurement_id: settings.measurementId,
    api_secret: settings.apiSecret,
  });
  return {
    url: `https://www.google-analytics.com/mp/collect?${query}`,
    headers: {},
    body: {
      client_id: randomId(),
      non_personalized_ads: true,
      events: [
        {
          name: event.name === 'pageview' ? 'page_view' : STEP_EVENT,
          params: {
            page_location: `${publicUrl}${event.page}`,
            engagement_time_msec: 1,
            ...(event.step === null ? {} : { step: event.step }),
          },
        },
      ],
    },
  };
}

/** A configured provider, called by the server over fetch. */
export class RemoteAnalytics implements Analytics {
  readonly kind: Provider['kind'];

  constructor(
    private readonly opts: {
      provider: Provider;
      publicUrl: string;
      log: FastifyBaseLogger;
      fetchImpl?: typeof fetch;
    },
  ) {
    this.kind = opts.provider.kind;
  }

  private callFor(event: PageEvent): ProviderCall {
    const { provider, publicUrl } = this.opts;
    switch (provider.kind) {
      case 'plausible':
        return plausibleCall(provider, event, publicUrl);
      case 'umami':
        return umamiCall(provider, event, publicUrl);
      case 'ga4':
        return ga4Call(provider, event, publicUrl);
    }
  }

  async record(event: PageEvent): Promise<void> {
    const call = this.callFor(event);
    const fetchImpl = this.opts.fetchImpl ?? globalThis.fetch;
    try {
      const res = await fetchImpl(call.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...call.headers },
        body: JSON.stringify(call.body),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`${this.kind} answered ${res.status}`);
    } catch (err) {
      // A lost page view is not worth a failed call: the browser never waits for this answer.
      this.opts.log.warn({ err, provider: this.kind }, 'analytics event not delivered');
    }
  }
}

/**
 * A configured provider, with the database keeping the direct links' events for the partner
 * console: the provider gets every event, the database only those.
 */
export class ForwardingAnalytics implements Analytics {
  readonly kind: Provider['kind'];

  constructor(
    private readonly remote: RemoteAnalytics,
    private readonly directLinks: Analytics,
  ) {
    this.kind = remote.kind;
  }

  async record(event: PageEvent): Promise<void> {
    await Promise.all([this.directLinks.record(event), this.remote.record(event)]);
  }
}
