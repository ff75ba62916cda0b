import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Analytics } from './analytics/analytics';
import { createAnalytics } from './analytics/create-analytics';
import { createGeoProvider } from './geo/create-geo-provider';
import type { GeoProvider } from './geo/geo-provider';
import { createMailer } from './mail/create-mailer';
import type { Mailer } from './mail/mailer';
import { createPaymentGateway } from './payments/create-gateway';
import type { PaymentGateway } from './payments/gateway';
import { createSmsSender } from './sms/create-sms-sender';
import type { SmsSender } from './sms/sms-sender';
import { createSocialVerifiers } from './social/create-social-verifiers';
import type { SocialVerifiers } from './social/social-verifier';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

/** Every outside service the server talks to, each behind its interface. */
export interface Adapters {
  payments: PaymentGateway;
  mailer: Mailer;
  sms: SmsSender;
  social: SocialVerifiers;
  storage: Storage;
  geo: GeoProvider;
  analytics: Analytics;
}

/**
 * The one place where adapters are chosen from the configuration: the real service when it is
 * configured, the embedded default otherwise (ARCHITECTURE.md "Outside services"). The app
 * decorates itself with the result, and modules read `app.mailer`, `app.storage`, …
 */
export function createAdapters(opts: { config: Config; db: Db; log: FastifyBaseLogger }): Adapters {
  const { config, db, log } = opts;
  return {
    payments: createPaymentGateway(config, db),
    mailer: createMailer({ config, log }),
    sms: createSmsSender({ config, log }),
    social: createSocialVerifiers({ config, log }),
    storage: createStorage(config.storage),
    geo: createGeoProvider(config),
    analytics: createAnalytics({ config, db, log }),
  };
}
