import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  IP_LIMIT_PER_MINUTE,
  isTimeZone,
  LOGIN_BACKOFF_BASE_MS,
  LOGIN_FAILURES_PER_MINUTE,
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE,
  UPLOAD_MAX_BYTES,
} from '@movehub/shared';

import {
  ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE,
  REQUEST_CREATIONS_PER_CUSTOMER_PER_HOUR,
} from './lib/business-limits';

const MB = 1024 * 1024;
/** 20 full-size photos, or an inventory's worth of phone pictures, an hour from one address. */
const DEFAULT_UPLOAD_QUOTA_BYTES_PER_HOUR = 100 * MB;
/** 10 GB of stored uploads in all, referenced or not, before new uploads are refused. */
const DEFAULT_UPLOAD_STORAGE_MAX_BYTES = 10 * 1024 * MB;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SEED_DEMO: bool.optional(),
    PUBLIC_URL: z.string().url().optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    // The API docs (/docs): served outside production; in production only when set to true.
    API_DOCS_PUBLIC: bool.optional(),
    // Behind a load balancer: how many proxy hops to trust for the client address (X-Forwarded-For).
    // 0 trusts none, so a client cannot choose the address its rate limit is counted against.
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // The served area's IANA time zone: the move date's "today" and its 22:00 cutoff (spec §5)
    // are read on this clock, whatever zone the host runs in.
    SERVICE_TIME_ZONE: z
      .string()
      .trim()
      .refine(isTimeZone, 'must be an IANA time zone such as America/Los_Angeles')
      .default('America/Los_Angeles'),
    // Rate limits and (later) socket fan-out shared between processes; in memory without it.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    // The longest an HTTP call may take before it is answered 503 with Retry-After (a slow or
    // overloaded database); uploads are exempt. Statements stop at 30 s on the server anyway.
    // A customer's new marketplace requests an hour (docs/decisions/040).
    REQUEST_CREATIONS_PER_HOUR: z.coerce
      .number()
      .int()
      .min(1)
      .default(REQUEST_CREATIONS_PER_CUSTOMER_PER_HOUR),
    REQUEST_TIME_LIMIT_MS: z.coerce.number().int().min(100).default(15_000),
    // The per-IP ceiling of the sign-in, sign-up, code and password routes (calls a minute).
    IP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(IP_LIMIT_PER_MINUTE),
    // Password hashes running at once (default: one per core, at most 4, libuv's thread pool),
    // and how many may wait for a turn before a caller gets 503 with Retry-After.
    HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    HASH_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(16),
    // Sign-in limits (docs/decisions/036): the first wait of an address that keeps failing, and
    // the failed logins a minute, everywhere together, from which on failing addresses are refused.
    LOGIN_BACKOFF_BASE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(LOGIN_BACKOFF_BASE_MS),
    LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(LOGIN_FAILURES_PER_MINUTE),
    LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(LOGIN_ATTEMPTS_PER_IP_PER_MINUTE),
    // Email: SMTP through nodemailer when set; the outbox table otherwise.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('MoveHub <no-reply@movehub.test>'),
    // SMS through Twilio's REST API when all three are set; the outbox table otherwise.
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_FROM: z.string().min(1).optional(),
    // Social sign-in: each provider is enabled only when configured.
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    // Tests only: accept sandbox tokens of the form "sandbox:<subject>:<email>:<first>:<last>".
    SOCIAL_SANDBOX: bool.optional(),
    // Payments: Stripe when the secret key is set; the offline sandbox gateway otherwise.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_/, 'must be a Stripe publishable key (pk_…)')
      .optional(),
    // How long the payment provider may take before its answer counts as unknown (ms): the
    // movement then stays pending, to be asked about again under the same key.
    PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
      .optional(),
    // Uploads: an S3 bucket when set; DATA_DIR/uploads served at /uploads otherwise.
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_PUBLIC_URL: z.string().url().optional(),
    // Uploads need no token (spec), so each client address gets an hourly byte budget, and all
    // stored uploads together a ceiling, so that nobody can fill the disk or the bucket.
    UPLOAD_QUOTA_BYTES_PER_HOUR: z.coerce
      .number()
      .int()
      .min(UPLOAD_MAX_BYTES, 'must be at least one full-size upload (5 MB)')
      .default(DEFAULT_UPLOAD_QUOTA_BYTES_PER_HOUR),
    UPLOAD_STORAGE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(UPLOAD_MAX_BYTES, 'must be at least one full-size upload (5 MB)')
      .default(DEFAULT_UPLOAD_STORAGE_MAX_BYTES),
    // Whether this process works queued jobs (clean-ups and, later, the simulator, reminders and
    // payouts). Every process can send jobs; false leaves the working to other processes.
    JOB_WORKERS: bool.optional(),
    // Whether every answer is also parsed by its zod schema and its compiled text compared with
    // zod's (lib/answer-serializer.ts): on by default outside production, so tests and
    // development prove the compiled serializers; production writes answers without the parse.
    ANSWER_CHECKS: bool.optional(),
    // The demo simulator (modules/demo): demo companies bid on new requests in their area. On
    // by default outside production, never on in production.
    DEMO_SIMULATOR: bool.optional(),
    // The longest a simulated step waits after what prompted it (ms); steps are spread below it.
    DEMO_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // Whether demo companies also propose changes to some paid moves (on by default): a
    // proposal holds the demo move day until the customer answers it.
    DEMO_SIMULATOR_CHANGES: bool.optional(),
    // How long the demo truck drives between the addresses once the move starts (ms); three
    // times DEMO_SIMULATOR_DELAY_MS unless set.
    DEMO_SIMULATOR_DRIVE_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
    // How long a demo company stays played by a person after its console's last socket drops
    // (ms; a reload), before the simulator takes its steps back; three times
    // DEMO_SIMULATOR_DELAY_MS unless set.
    DEMO_SIMULATOR_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
    // Maps: Google when the key is set; else Nominatim or Photon for search and OSRM for routes,
    // each when its URL is set; the offline US zip-code gazetteer and straight lines otherwise.
    GOOGLE_MAPS_KEY: z.string().min(1).optional(),
    NOMINATIM_URL: z.string().url().optional(),
    PHOTON_URL: z.string().url().optional(),
    OSRM_URL: z.string().url().optional(),
    // An XYZ tile template for the browser's map ({z}/{x}/{y}); the server never fetches it.
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\//, 'must be an http(s):// tile URL template')
      .optional(),
    // Page-view analytics (docs/decisions/043): counted in the database by default; sent on to
    // Plausible, Umami or GA4 when one of them is configured (the direct links' visits stay in
    // the database for their companies either way).
    PLAUSIBLE_DOMAIN: z.string().trim().min(1).optional(),
    PLAUSIBLE_URL: z.string().url().default('https://plausible.io'),
    UMAMI_URL: z.string().url().optional(),
    UMAMI_WEBSITE_ID: z.string().uuid('must be the website id (a UUID) from Umami').optional(),
    GA4_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'must be a GA4 measurement id (G-…)')
      .optional(),
    GA4_API_SECRET: z.string().min(1).optional(),
    // Page events one address may send a minute; past it they are not counted.
    ANALYTICS_EVENTS_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_URL, {
    message:
      'PUBLIC_URL is required in production (links in emails must not come from the Host header)',
    path: ['PUBLIC_URL'],
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY, {
    message:
      'STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY (the browser tokenises cards)',
    path: ['STRIPE_PUBLISHABLE_KEY'],
  })
  .refine((env) => !env.DEMO_SIMULATOR || env.NODE_ENV !== 'production', {
    message:
      'DEMO_SIMULATOR cannot be on in production (demo companies would bid on real requests)',
    path: ['DEMO_SIMULATOR'],
  })
  .refine((env) => !env.UMAMI_URL === !env.UMAMI_WEBSITE_ID, {
    message: 'UMAMI_URL and UMAMI_WEBSITE_ID go together',
    path: ['UMAMI_WEBSITE_ID'],
  })
  .refine((env) => !env.GA4_MEASUREMENT_ID === !env.GA4_API_SECRET, {
    message:
      'GA4_MEASUREMENT_ID and GA4_API_SECRET go together (the Measurement Protocol needs both)',
    path: ['GA4_API_SECRET'],
  })
  .refine(
    (env) =>
      [env.PLAUSIBLE_DOMAIN, env.UMAMI_URL, env.GA4_MEASUREMENT_ID].filter(Boolean).length <= 1,
    {
      message: 'configure one analytics provider at most: Plausible, Umami or GA4',
      path: ['PLAUSIBLE_DOMAIN'],
    },
  )
  .refine((env) => !env.SOCIAL_SANDBOX || env.NODE_ENV === 'test', {
    message: 'SOCIAL_SANDBOX is for tests only (NODE_ENV=test)',
    path: ['SOCIAL_SANDBOX'],
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    const dataDir = path.resolve(env.DATA_DIR);
    // Outside production listen on loopback only, so a laptop does not expose the demo.
    const host = env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
    return {
      env: env.NODE_ENV,
      production,
      port: env.PORT,
      host,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      logLevel: env.LOG_LEVEL,
      // The demo customer (and later demo companies) exist in the embedded mode only.
      seedDemo: env.SEED_DEMO ?? !production,
      // The one origin of every link the server sends (emails): configuration, never the
      // request's Host header, which whoever sends the request chooses.
      publicUrl: resolvePublicUrl(env.PUBLIC_URL, host, env.PORT),
      webDistDir: env.WEB_DIST_DIR,
      docsPublic: env.API_DOCS_PUBLIC ?? !production,
      sessionTtlDays: env.SESSION_TTL_DAYS,
      serviceTimeZone: env.SERVICE_TIME_ZONE,
      trustProxyHops: env.TRUST_PROXY_HOPS,
      redisUrl: env.REDIS_URL,
      ipRateLimitPerMinute: env.IP_RATE_LIMIT_PER_MINUTE,
      requestTimeLimitMs: env.REQUEST_TIME_LIMIT_MS,
      requestCreationsPerHour: env.REQUEST_CREATIONS_PER_HOUR,
      hashing: {
        concurrency: env.HASH_CONCURRENCY ?? Math.min(4, availableParallelism()),
        maxWaiting: env.HASH_QUEUE_MAX,
      },
      loginLimits: {
        backoffBaseMs: env.LOGIN_BACKOFF_BASE_MS,
        failuresPerMinute: env.LOGIN_FAILURES_PER_MINUTE,
        attemptsPerAddressPerMinute: env.LOGIN_ATTEMPTS_PER_IP_PER_MINUTE,
      },
      mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
      sms:
        env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
          ? {
              accountSid: env.TWILIO_ACCOUNT_SID,
              authToken: env.TWILIO_AUTH_TOKEN,
              from: env.TWILIO_FROM,
            }
          : undefined,
      social: {
        googleClientId: env.GOOGLE_CLIENT_ID,
        facebook:
          env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
            ? { appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET }
            : undefined,
        sandbox: env.SOCIAL_SANDBOX ?? false,
      },
      payments: env.STRIPE_SECRET_KEY
        ? {
            kind: 'stripe' as const,
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }
        : { kind: 'sandbox' as const, publishableKey: null },
      uploads: {
        quotaBytesPerHour: env.UPLOAD_QUOTA_BYTES_PER_HOUR,
        storageMaxBytes: env.UPLOAD_STORAGE_MAX_BYTES,
      },
      // Tests work jobs on demand (app.jobs.runDue()), so a poller never races them.
      jobWorkers: env.JOB_WORKERS ?? env.NODE_ENV !== 'test',
      checkAnswers: env.ANSWER_CHECKS ?? !production,
      paymentProviderTimeoutMs: env.PAYMENT_PROVIDER_TIMEOUT_MS,
      demoSimulator: {
        enabled: !production && (env.DEMO_SIMULATOR ?? true),
        maxDelayMs: env.DEMO_SIMULATOR_DELAY_MS,
        proposeChanges: env.DEMO_SIMULATOR_CHANGES ?? true,
        driveMs: env.DEMO_SIMULATOR_DRIVE_MS ?? env.DEMO_SIMULATOR_DELAY_MS * 3,
        graceMs: env.DEMO_SIMULATOR_GRACE_MS ?? env.DEMO_SIMULATOR_DELAY_MS * 3,
      },
      storage: env.S3_BUCKET
        ? {
            kind: 's3' as const,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            publicUrl: env.S3_PUBLIC_URL,
          }
        : { kind: 'disk' as const, dir: path.join(dataDir, 'uploads') },
      geo: {
        googleKey: env.GOOGLE_MAPS_KEY,
        nominatimUrl: env.NOMINATIM_URL,
        photonUrl: env.PHOTON_URL,
        osrmUrl: env.OSRM_URL,
        tileUrl: env.MAP_TILE_URL,
      },
      analytics: {
        eventsPerMinute: env.ANALYTICS_EVENTS_PER_MINUTE,
        provider: analyticsProvider(env),
      },
    };
  });

/** The analytics provider the environment configures; the database when none is. */
function analyticsProvider(env: {
  PLAUSIBLE_DOMAIN?: string | undefined;
  PLAUSIBLE_URL: string;
  UMAMI_URL?: string | undefined;
  UMAMI_WEBSITE_ID?: string | undefined;
  GA4_MEASUREMENT_ID?: string | undefined;
  GA4_API_SECRET?: string | undefined;
}) {
  if (env.PLAUSIBLE_DOMAIN) {
    return { kind: 'plausible' as const, url: env.PLAUSIBLE_URL, domain: env.PLAUSIBLE_DOMAIN };
  }
  if (env.UMAMI_URL && env.UMAMI_WEBSITE_ID) {
    return { kind: 'umami' as const, url: env.UMAMI_URL, websiteId: env.UMAMI_WEBSITE_ID };
  }
  if (env.GA4_MEASUREMENT_ID && env.GA4_API_SECRET) {
    return {
      kind: 'ga4' as const,
      measurementId: env.GA4_MEASUREMENT_ID,
      apiSecret: env.GA4_API_SECRET,
    };
  }
  return { kind: 'database' as const };
}

/** PUBLIC_URL without a trailing slash, else http://HOST:PORT (a wildcard host as localhost). */
export function resolvePublicUrl(
  publicUrl: string | undefined,
  host: string,
  port: number,
): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; a wrong value stops start-up with a list of what is wrong. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
