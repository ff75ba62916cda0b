import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ErrorCode } from '@movehub/shared';
import { AppError } from '../errors';

const HOUR = 60 * 60;

/**
 * Bid placements and changes of one company on one request an hour. A company adjusting its
 * price a few times is normal; 60 changes made 60 customer notifications (issue 30, item 6).
 */
export const BID_CHANGES_PER_REQUEST_PER_HOUR = 20;
/**
 * Comments (and replies) of one user on one request an hour: a lively thread stays far below,
 * 60 comments made 60 company notifications (issue 30, item 6).
 */
export const COMMENTS_PER_REQUEST_PER_HOUR = 30;
/**
 * Requests one customer may create an hour through generate_request. Counted atomically in the
 * store, so 30 parallel creations are cut at the same ceiling as 30 sequential ones.
 */
export const REQUEST_CREATIONS_PER_CUSTOMER_PER_HOUR = 10;
/**
 * Chat messages of one user a minute, across all their sockets and processes (with Redis): a
 * person types far slower, and opening more sockets no longer multiplies the ceiling.
 */
export const CHAT_MESSAGES_PER_USER_PER_MINUTE = 60;
/**
 * Anonymous direct requests (company or sales-team link) naming one contact email an hour: each
 * one emails that address, so varied bodies must not fill one inbox (issue 30, item 6).
 */
export const DIRECT_REQUESTS_PER_EMAIL_PER_HOUR = 3;
/**
 * Anonymous direct requests through one link an hour, whatever the emails: a busy company's
 * link on a website stays far below; a script sending through it is stopped.
 */
export const DIRECT_REQUESTS_PER_LINK_PER_HOUR = 30;

/**
 * Page events (views, wizard steps) one address may send a minute (docs/decisions/043): a
 * person clicking through the wizard sends a few; past the ceiling the events are not counted.
 */
export const ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE = 120;

/**
 * How long a submission (Idempotency-Key, a direct request's payload) is remembered as seen: the
 * window in which the server answers a resend with the first answer (decision 007: 10 minutes).
 */
const SUBMISSION_REPLAY_SECONDS = 10 * 60;

/** What a limiter counts: its ceiling, window, store key prefix, and the words of its refusal. */
interface Ceiling {
  points: number;
  seconds: number;
  /** Ends "Too many ... ": what was limited, in the words a person reads. */
  what: string;
}

const CEILINGS = {
  bidChange: {
    points: BID_CHANGES_PER_REQUEST_PER_HOUR,
    seconds: HOUR,
    what: 'bid changes on this request',
  },
  comment: {
    points: COMMENTS_PER_REQUEST_PER_HOUR,
    seconds: HOUR,
    what: 'comments on this request',
  },
  requestCreation: {
    points: REQUEST_CREATIONS_PER_CUSTOMER_PER_HOUR,
    seconds: HOUR,
    what: 'new requests from this account',
  },
  chatMessage: {
    points: CHAT_MESSAGES_PER_USER_PER_MINUTE,
    seconds: 60,
    what: 'chat messages from this account',
  },
  directRequestEmail: {
    points: DIRECT_REQUESTS_PER_EMAIL_PER_HOUR,
    seconds: HOUR,
    what: 'requests for this email address',
  },
  directRequestLink: {
    points: DIRECT_REQUESTS_PER_LINK_PER_HOUR,
    seconds: HOUR,
    what: 'requests through this link',
  },
  analyticsEvent: {
    points: ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE,
    seconds: 60,
    what: 'page events from this address',
  },
} satisfies Record<string, Ceiling>;

export type BusinessLimitName = keyof typeof CEILINGS;

/** "in 12 minutes", "in 40 seconds": the wait a refusal names. */
function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return `in ${s} seconds`;
  if (s < 2 * HOUR) return `in ${Math.ceil(s / 60)} minutes`;
  return `in ${Math.ceil(s / HOUR)} hours`;
}

/** The refusal's message: what was limited and when to retry. */
export function businessLimitMessage(name: BusinessLimitName, retryAfterSeconds: number): string {
  return `Too many ${CEILINGS[name].what}. Please try again ${waitText(retryAfterSeconds)}.`;
}

/**
 * Per-user ceilings of business calls (docs/decisions/040): named limiters on
 * rate-limiter-flexible, in Redis when REDIS_URL is set (every process sees one count), in memory
 * otherwise. A route calls `consume` after authentication and validation and before any write;
 * past the ceiling it throws a 429 AppError naming what was limited, with Retry-After.
 */
export class BusinessLimits {
  private readonly limiters: Record<BusinessLimitName, RateLimiterAbstract>;
  private readonly seen: RateLimiterAbstract;

  constructor(
    store: { redis?: Redis | undefined } = {},
    /** Ceilings other than the defaults above (REQUEST_CREATIONS_PER_HOUR). */
    points: Partial<Record<BusinessLimitName, number>> = {},
  ) {
    const limiter = (name: string, c: Ceiling): RateLimiterAbstract => {
      const options = { keyPrefix: `movehub:limit:${name}`, points: c.points, duration: c.seconds };
      // With Redis away, each process counts in memory (the insurance limiter) rather than
      // refusing every business call or letting all through.
      return store.redis
        ? new RateLimiterRedis({
            storeClient: store.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
            ...options,
          })
        : new RateLimiterMemory(options);
    };
    this.limiters = Object.fromEntries(
      Object.entries(CEILINGS).map(([name, c]) => [
        name,
        limiter(name, { ...c, points: points[name as BusinessLimitName] ?? c.points }),
      ]),
    ) as Record<BusinessLimitName, RateLimiterAbstract>;
    // Counted only, never refused: how often a submission was seen in the replay window.
    this.seen = limiter('seen', {
      points: Number.MAX_SAFE_INTEGER,
      seconds: SUBMISSION_REPLAY_SECONDS,
      what: '',
    });
  }

  /**
   * Counts one call against `name` for `key` (a user, a user and target, an email): 429 past it.
   * `submission` names a call that the server answers once and replays after (an Idempotency-Key,
   * a direct request's payload): a replay writes nothing, so only its first sight is counted.
   */
  async consume(name: BusinessLimitName, key: string, submission?: string): Promise<void> {
    const seenKey = submission === undefined ? undefined : `${name}:${key}:${submission}`;
    if (seenKey !== undefined) {
      // Atomic in the store: of concurrent identical submissions one is first and counted.
      const seen = await this.seen.consume(seenKey);
      if (seen.consumedPoints > 1) return;
    }
    try {
      await this.limiters[name].consume(key);
    } catch (err) {
      // A refused submission is not a replay: sent again, it is counted again.
      if (seenKey !== undefined) await this.seen.delete(seenKey);
      if (err instanceof RateLimiterRes) {
        const seconds = err.msBeforeNext / 1000;
        throw AppError.tooManyRequests(businessLimitMessage(name, seconds), seconds);
      }
      throw err;
    }
  }

  /**
   * The socket's form of `consume`: null when admitted, else the `{code, message}` envelope an
   * ack carries (a socket has no Retry-After header, the message names the wait).
   */
  async admit(
    name: BusinessLimitName,
    key: string,
  ): Promise<{ code: number; message: string } | null> {
    try {
      await this.consume(name, key);
      return null;
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.tooManyRequests) {
        return { code: ErrorCode.tooManyRequests, message: err.message };
      }
      throw err;
    }
  }
}
