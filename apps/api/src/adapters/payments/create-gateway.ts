import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox-gateway';
import { StripeGateway } from './stripe-gateway';

/** Stripe when configured; the offline sandbox (the default) otherwise. */
export function createPaymentGateway(config: Config, db: Db): PaymentGateway {
  return config.payments.kind === 'stripe'
    ? new StripeGateway(config.payments.secretKey)
    : new SandboxGateway(db);
}
