import type { Db } from '../db/client';
import type { PaymentGateway } from '../adapters/payments/gateway';
import type { MovementOutcome } from './money/outcome';
import type { PaymentRow } from './money/movements';

/**
 * A movement the calling command reserved a moment ago and marked in flight for itself: asked
 * about without claiming it again, with what the command already read for the call.
 */
export interface ReservedMovement {
  payment: PaymentRow;
  customerRef?: string;
}

/**
 * What the domain's commands need from the world, made once by the composition (app.ts,
 * domain/create-domain.ts) and handed to every command as `domain`.
 */
export interface Domain {
  db: Db;
  gateway: PaymentGateway;
  /** Hands a committed command's events to their subscribers (platform/events/dispatcher.ts). */
  events: { dispatch(ids: readonly number[]): Promise<void> };
  /** The served area's clock (SERVICE_TIME_ZONE): move dates, windows, the cancellation policy. */
  timeZone: string;
  /** How long the provider may take before its answer counts as unknown. */
  providerTimeoutMs: number;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /**
   * Asks the provider for a movement a command reserved and settles it under the request's lock
   * (domain/request/settlement.ts): what the movement was for is finished, or undone.
   */
  executeMovement(paymentId: number, reserved?: ReservedMovement): Promise<MovementOutcome>;
  /** The injected clock: now, unless a test says otherwise. */
  now(): Date;
}
