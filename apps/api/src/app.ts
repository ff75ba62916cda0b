import { existsSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { CONSENT_COOKIE, ErrorCode, JSON_BODY_LIMIT_BYTES, MSG } from '@movehub/shared';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { answerSerializerCompiler } from './lib/answer-serializer';
import { serializeRequest } from './lib/log-redaction';
import { configureHashing } from './lib/password';
import { registerAuth } from './plugins/auth';
import { registerNoStore } from './plugins/no-store';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandler,
  registerUrlLimit,
} from './plugins/errors';
import { createJobQueue } from './adapters/jobs/create-job-queue';
import type { JobQueue } from './adapters/jobs/job-queue';
import { registerRateLimit } from './plugins/rate-limit';
import { registerRequestTimeLimit } from './plugins/request-time-limit';
import { registerBusinessLimits } from './plugins/business-limits';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { customerRoutes } from './modules/customers/customers.routes';
import { devOutboxRoutes } from './modules/outbox/outbox.routes';
import { requestRoutes } from './modules/requests/requests.routes';
import { requestTimelineRoutes } from './modules/requests/request-timeline.routes';
import { requestEditRoutes } from './modules/request-edits/request-edits.routes';
import { changeRoutes } from './modules/changes/changes.routes';
import { commentRoutes } from './modules/comments/comments.routes';
import { bidRoutes } from './modules/bids/bids.routes';
import { partnerJobRoutes } from './modules/partner-jobs/partner-jobs.routes';
import { companyProfileRoutes } from './modules/company-profile/company-profile.routes';
import { directLinkRoutes } from './modules/direct-links/direct-links.routes';
import { payoutRoutes } from './modules/payouts/payouts.routes';
import { moveRoutes } from './modules/moves/moves.routes';
import { foremanJobRoutes } from './modules/foreman/foreman-jobs.routes';
import { letterRoutes } from './modules/letter/letter.routes';
import { cardRoutes } from './modules/cards/cards.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createRequestRoutes } from './modules/create-request/create-request.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { createAdapters, type Adapters } from './adapters/adapters';
import { paymentRoutes } from './modules/payments/payments.routes';
import { customerMessageRoutes } from './modules/customer-messages/customer-messages.routes';
import { customerMessagesSubscriber } from './modules/customer-messages/customer-messages.subscriber';
import { notificationsSubscriber } from './modules/notifications/notifications.subscriber';
import { realtimeSubscriber } from './realtime/realtime.subscriber';
import { EventDispatcher } from './platform/events/dispatcher';
import type { Domain } from './domain/context';
import { createDomain, defineReconciliation } from './domain/create-domain';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes';
import { systemRoutes } from './modules/system/system.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { settingRoutes } from './modules/settings/settings.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { registerDemoSimulator } from './modules/demo/demo-simulator';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { registerRealtime } from './realtime/realtime';
import { chatRoutes, registerChatDelivery } from './modules/chat/chat.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    payments: Adapters['payments'];
    mailer: Adapters['mailer'];
    sms: Adapters['sms'];
    social: Adapters['social'];
    storage: Adapters['storage'];
    geo: Adapters['geo'];
    /** Page-view analytics: the database's counts or a configured provider (decision 043). */
    analytics: Adapters['analytics'];
    /** Scheduled and deferred work (docs/decisions/008). */
    jobs: JobQueue;
    /** The outbox's dispatcher: committed events to their subscribers (docs/decisions/033). */
    events: EventDispatcher;
    /** What the domain's commands need (docs/decisions/033). */
    domain: Domain;
  }
}

/** Paths that belong to the server; anything else is the web app's, answered with index.html. */
const SERVER_PREFIXES = [
  '/api/',
  '/app_api/',
  '/dev/',
  '/docs',
  '/uploads/',
  '/healthz',
  '/livez',
  '/socket.io',
];

// apps/api/src/app.ts and apps/api/dist/main.js both sit two levels below apps/.
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Replaces configured adapters (a test's fake at the adapter boundary). */
  adapters?: Partial<Adapters>;
  /** Sees every route as it is registered (the tests' route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log lines go: stdout unless a test reads them. */
  logStream?: DestinationStream;
}

/**
 * Origins the browser may load from, only for the outside services that are configured: Stripe
 * Elements, Google Identity Services, the Facebook SDK and an S3 bucket for uploaded images.
 */
function thirdPartyOrigins(config: Config) {
  const origins = {
    script: [] as string[],
    style: [] as string[],
    img: [] as string[],
    connect: [] as string[],
    frame: [] as string[],
  };
  if (config.payments.kind === 'stripe') {
    origins.script.push('https://js.stripe.com');
    origins.frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
    origins.connect.push('https://api.stripe.com');
  }
  if (config.social.googleClientId) {
    origins.script.push('https://accounts.google.com');
    origins.style.push('https://accounts.google.com');
    origins.frame.push('https://accounts.google.com');
    origins.connect.push('https://accounts.google.com');
  }
  if (config.social.facebook) {
    origins.script.push('https://connect.facebook.net');
    origins.frame.push('https://www.facebook.com', 'https://web.facebook.com');
    origins.connect.push('https://graph.facebook.com', 'https://www.facebook.com');
  }
  if (config.geo.tileUrl) {
    // An XYZ template such as https://{s}.tile.example.org/{z}/{x}/{y}.png: its origin, with a
    // wildcard for the subdomain that {s} stands for.
    const url = new URL(config.geo.tileUrl.replace(/\{[^}]+\}/g, 'x'));
    const host = config.geo.tileUrl.includes('//{s}.') ? url.host.replace(/^x\./, '*.') : url.host;
    origins.img.push(`${url.protocol}//${host}`);
  }
  if (config.storage.kind === 's3') {
    origins.img.push(
      config.storage.publicUrl ??
        `https://${config.storage.bucket}.s3.${config.storage.region}.amazonaws.com`,
    );
  }
  return origins;
}

export async function buildApp({
  config,
  database,
  adapters: overrides,
  onRoute,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const thirdParty = thirdPartyOrigins(config);
  // One hashing queue per process: the last app built sizes it (tests build one per file).
  configureHashing(config.hashing);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers["x-sh-auth"]', 'req.headers.authorization', 'req.headers.cookie'],
      // The reset, claim and view links are secrets in URLs: logged as [redacted].
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Trust exactly the configured number of proxy hops (proxy-addr's hop index), none by default.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Refusals made before a route runs leave in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Answers by compiled serializers; outside production each is checked against zod's parse.
  app.setSerializerCompiler(answerSerializerCompiler({ checkAnswers: config.checkAnswers }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const adapters: Adapters = {
    ...createAdapters({ config, db: database.db, log: app.log }),
    ...overrides,
  };
  app.decorate('payments', adapters.payments);
  app.decorate('mailer', adapters.mailer);
  app.decorate('sms', adapters.sms);
  app.decorate('social', adapters.social);
  app.decorate('storage', adapters.storage);
  app.decorate('geo', adapters.geo);
  app.decorate('analytics', adapters.analytics);
  app.addHook('onClose', () => adapters.mailer.close());
  // Not among the adapters: the queue lives in the database itself (pg-boss's schema), so it
  // takes the database's connection rather than a configuration. Modules define their jobs
  // while they register; the queue starts once all have (onReady) and stops before the
  // database closes (onClose runs before the caller's database.close()).
  app.decorate('jobs', createJobQueue({ config, database, log: app.log }));
  // Events after commit, one way (docs/decisions/033): the outbox's dispatcher and its
  // subscribers; then the request domain the routes call, and its reconciliation job.
  const events = new EventDispatcher({
    db: database.db,
    database,
    jobs: app.jobs,
    log: app.log,
    workers: config.jobWorkers,
  });
  app.decorate('events', events);
  app.decorate(
    'domain',
    createDomain({
      db: database.db,
      gateway: adapters.payments,
      events,
      timeZone: config.serviceTimeZone,
      providerTimeoutMs: config.paymentProviderTimeoutMs,
      log: app.log,
    }),
  );
  const reconciliation = defineReconciliation(app.jobs, app.domain);
  events.subscribe(notificationsSubscriber);
  events.subscribe(customerMessagesSubscriber(app));
  events.subscribe(realtimeSubscriber);
  // Defines its jobs now, before the queue starts, and subscribes to the events when it is on.
  registerDemoSimulator(app);
  app.addHook('onReady', async () => {
    if (!config.jobWorkers) return;
    await app.jobs.start();
    await events.start();
    await reconciliation.start();
  });
  app.addHook('onClose', async () => {
    await events.stop();
    await app.jobs.stop();
  });
  registerErrorHandler(app);
  registerUrlLimit(app);
  // Before every route: its onRoute hook puts authentication first on the routes that need it.
  registerAuth(app);
  // Before every route too: no cache keeps an authenticated answer or a handed-out session.
  registerNoStore(app);
  // Before the socket and the routes: both count their business calls in it.
  await registerBusinessLimits(app);
  // The socket on the same HTTP server; chat stores, then delivers through it.
  await registerRealtime(app);
  registerChatDelivery(app);

  // The security headers, built once: the middleware is made here and only sets its headers on
  // each answer (a plugin that rebuilt it per request spent a tenth of a no-op call parsing the
  // content security policy again).
  const securityHeaders = helmet({
    // HSTS and upgrade-insecure-requests only make sense behind TLS, i.e. in production.
    hsts: config.production,
    // Google's and Facebook's sign-in popups need to talk back to the opener, and Google checks
    // the referring origin; without those providers the strict defaults stay.
    crossOriginOpenerPolicy: {
      policy:
        config.social.googleClientId || config.social.facebook
          ? 'same-origin-allow-popups'
          : 'same-origin',
    },
    referrerPolicy: {
      policy: config.social.googleClientId ? 'strict-origin-when-cross-origin' : 'no-referrer',
    },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...thirdParty.script],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...thirdParty.style],
        imgSrc: ["'self'", 'data:', 'blob:', ...thirdParty.img],
        // The socket on this origin ('self' covers ws/wss of the same host in CSP 3; the
        // explicit origin is for browsers that still read it as http(s) only).
        connectSrc: [
          "'self'",
          new URL(config.publicUrl).origin.replace(/^http/, 'ws'),
          ...thirdParty.connect,
        ],
        frameSrc: ["'self'", ...thirdParty.frame],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MoveHub API',
        description:
          'Customer portal of a moving-company marketplace. Every response is `{code, message, ...}` ' +
          'with the HTTP status equal to `code`. Authenticated calls carry the session token in `x-sh-auth`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'x-sh-auth' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The docs (/docs and its /docs/json) map every call for whoever asks: served outside
  // production, and in production only when API_DOCS_PUBLIC says so.
  if (config.docsPublic) await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  // Before the route modules: its onRoute hooks must see their routes.
  await registerRateLimit(app);
  registerRequestTimeLimit(app);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(accountsRoutes);
  await app.register(customerRoutes);
  await app.register(requestRoutes);
  await app.register(requestTimelineRoutes);
  await app.register(requestEditRoutes);
  await app.register(changeRoutes);
  await app.register(commentRoutes);
  await app.register(notificationRoutes);
  await app.register(settingRoutes);
  await app.register(uploadRoutes);
  await app.register(cardRoutes);
  await app.register(catalogueRoutes);
  await app.register(createRequestRoutes);
  await app.register(geoRoutes);
  await app.register(bidRoutes);
  await app.register(partnerJobRoutes);
  await app.register(companyProfileRoutes);
  await app.register(directLinkRoutes);
  await app.register(payoutRoutes);
  await app.register(moveRoutes);
  await app.register(foremanJobRoutes);
  await app.register(trackingRoutes);
  await app.register(letterRoutes);
  await app.register(paymentRoutes);
  await app.register(customerMessageRoutes);
  await app.register(chatRoutes);
  await app.register(analyticsRoutes);
  if (app.payments.readPaymentNotice && config.payments.kind === 'stripe') {
    const secret = config.payments.webhookSecret;
    if (secret) await app.register(stripeWebhookRoutes, { secret });
  }
  if (!config.production) await app.register(devOutboxRoutes);

  const webDist = config.webDistDir ?? defaultWebDist;
  const serveWeb = existsSync(`${webDist}/index.html`);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes name.br and name.gz beside each text file (apps/web/build/precompress.ts):
      // the copy the browser accepts is sent as it is, brotli first, and the plain file otherwise.
      preCompressed: true,
      // @fastify/send would write its own `public, max-age=0` over the header set below.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints assets; index.html must always be revalidated.
        res.setHeader(
          'cache-control',
          filePath.includes(`${sep}assets${sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        // The body depends on accept-encoding: a shared cache must not give brotli to a client
        // that did not ask for it. A prerendered page also depends on the consent cookie.
        res.setHeader(
          'vary',
          filePath.includes(`${sep}prerendered${sep}`)
            ? 'accept-encoding, cookie'
            : 'accept-encoding',
        );
      },
    });
  }

  // The entry pages the build drew ahead (apps/web/build/prerender.ts, decision 031): their
  // addresses answer with the page already in the HTML, with the cookie notice unless the
  // visitor's cookie says it was accepted; the app takes over once it has loaded.
  const prerendered = prerenderedPageAt(serveWeb ? readPrerenderedPages(webDist) : new Map());
  const consentGiven = new RegExp(`(?:^|;)\\s*${CONSENT_COOKIE}=1\\s*(?:;|$)`);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some(
      (p) => path === p.replace(/\/$/, '') || path.startsWith(p),
    );
    if (serveWeb && !isServerPath && (request.method === 'GET' || request.method === 'HEAD')) {
      // The SPA owns every other path, its own 404 page included.
      reply.header('cache-control', 'no-cache');
      const page = prerendered(path.replace(/(.)\/+$/, '$1'));
      if (!page) return reply.sendFile('index.html');
      return reply.sendFile(
        consentGiven.test(request.headers.cookie ?? '') ? page.consented : page.firstVisit,
      );
    }
    return reply.code(ErrorCode.notFound).send({ code: ErrorCode.notFound, message: MSG.notFound });
  });

  return app;
}

/**
 * The prerendered page an address gets: the page listed under it, or under the address with an
 * id where the list has a `:name` segment (`/dashboard/my-requests/:requestId` for
 * `/dashboard/my-requests/42`). Ids are digits; anything else there gets index.html.
 */
function prerenderedPageAt(
  pages: Map<string, PrerenderedPage>,
): (path: string) => PrerenderedPage | undefined {
  const withIds = [...pages]
    .filter(([address]) => address.includes('/:'))
    .map(([address, page]) => ({
      pattern: new RegExp(
        `^${address
          .split('/')
          .map((segment) =>
            segment.startsWith(':') ? '\\d+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/')}$`,
      ),
      page,
    }));
  return (path) =>
    (path.includes('/:') ? undefined : pages.get(path)) ??
    withIds.find(({ pattern }) => pattern.test(path))?.page;
}

/** A prerendered page's two files: with the cookie notice, and for a visitor who accepted it. */
interface PrerenderedPage {
  firstVisit: string;
  consented: string;
}

/**
 * dist/prerendered/pages.json: address → its prerendered page, or none when not built. A page
 * whose files are missing is left out, so that its address gets index.html rather than a 404.
 */
function readPrerenderedPages(webDist: string): Map<string, PrerenderedPage> {
  const file = `${webDist}/prerendered/pages.json`;
  if (!existsSync(file)) return new Map();
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, PrerenderedPage>;
  return new Map(
    Object.entries(pages).filter(([, page]) =>
      [page.firstVisit, page.consented].every((name) => existsSync(`${webDist}/${name}`)),
    ),
  );
}
