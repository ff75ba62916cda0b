import type { Db } from '../db/client';
import type { PaymentGateway } from '../adapters/payments/gateway';
import type { JobQueue } from '../adapters/jobs/job-queue';
import type { Domain } from './context';
import { executeMovement } from './request/settlement';
import { reconcile, RECONCILE_JOB } from './request/reconciliation';

/** Reconciliation every two minutes (pg-boss's cron is by the minute). */
const RECONCILE_CRON = '*/2 * * * *';

/**
 * The domain's dependencies, made once by the composition: the database, the payment provider,
 * the dispatcher of committed events, the service area's clock and the provider's time limit.
 */
export function createDomain(deps: {
  db: Db;
  gateway: PaymentGateway;
  events: Domain['events'];
  timeZone: string;
  providerTimeoutMs: number;
  log: Domain['log'];
  now?: () => Date;
}): Domain {
  const domain: Domain = {
    db: deps.db,
    gateway: deps.gateway,
    events: deps.events,
    timeZone: deps.timeZone,
    providerTimeoutMs: deps.providerTimeoutMs,
    log: deps.log,
    executeMovement: (paymentId, reserved) => executeMovement(domain, paymentId, reserved),
    now: deps.now ?? (() => new Date()),
  };
  return domain;
}

/**
 * The reconciliation on the job queue: every two minutes, and once at start a little after the
 * provider's time limit, so that movements a killed process left in flight are settled within
 * minutes, with no customer action.
 */
export function defineReconciliation(
  jobs: JobQueue,
  domain: Domain,
): {
  start(): Promise<void>;
} {
  jobs.define(RECONCILE_JOB, {
    exclusive: true,
    handler: async () => {
      const report = await reconcile(domain);
      if (report.settled + report.adopted + report.flagged + report.stillPending > 0) {
        domain.log.warn({ report }, 'reconciliation healed or flagged movements');
      }
    },
  });
  return {
    async start() {
      await jobs.schedule(RECONCILE_JOB, RECONCILE_CRON);
      await jobs.send(
        RECONCILE_JOB,
        {},
        {
          startAfter: new Date(Date.now() + domain.providerTimeoutMs + 15_000),
          singletonKey: 'at-start',
        },
      );
    },
  };
}
