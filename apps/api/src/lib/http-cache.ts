import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Revalidation for the reads that every visitor gets alike (the wizard's catalogue, the About
 * Us settings, the map's settings): a strong ETag from the body, `cache-control: no-cache` so a
 * cache keeps the body but asks each time, and 304 with no body when the client's
 * If-None-Match names the current one. A second visit then downloads headers only, and an
 * edited catalogue is seen at once.
 *
 * spec/request-lifecycle.md §7 fixes several of these reads as POST, which browsers never cache
 * nor revalidate by themselves: the web client keeps those bodies with their ETag and sends
 * If-None-Match itself (apps/web/src/lib/api-client.ts). Answering 304 to a POST departs from
 * RFC 9110 §13.1.2 (412 for methods other than GET and HEAD); these POSTs are reads with no
 * effect, and no other client sends the header (decision 009).
 */

export const REVALIDATE_CACHE_CONTROL = 'public, no-cache';

/** A strong validator: the body's SHA-256, quoted. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** True when an If-None-Match header (a list, or *) matches the ETag. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    // Weak comparison, as RFC 9110 §13.1.2 asks for If-None-Match.
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/**
 * A route's onSend hook: ETag and revalidation on a 200; 304 with no body when the client has
 * this body already. Errors pass untouched.
 */
export async function revalidate(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    return payload;
  }
  const etag = etagOf(payload);
  reply.header('etag', etag);
  reply.header('cache-control', REVALIDATE_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}

/** An answer kept as the bytes it is sent as, with their ETag. */
export interface SharedAnswer {
  body: string;
  etag: string;
}

/** How long a kept answer is served before it is read again (see SharedAnswers). */
export const SHARED_ANSWER_MAX_AGE_MS = 60_000;
/** Answers kept per database: the catalogue's few reads, and any category id a client sends. */
export const SHARED_ANSWERS_MAX = 200;

/**
 * The answers every caller gets alike (the wizard's catalogue, the About Us settings), kept in
 * this process already serialized, with their ETag: a read costs neither a query, nor a
 * serialization, nor a hash. The code that writes their data forgets them (`forget`), so this
 * process serves a change at once; a change written by another process (several behind a
 * balancer) or by hand in the database is served once the kept answer is SHARED_ANSWER_MAX_AGE_MS
 * old. A read that was under way when its answer was forgotten is sent but not kept.
 */
export class SharedAnswers {
  readonly #kept = new Map<string, { answer: SharedAnswer; until: number }>();
  readonly #reading = new Map<string, Promise<SharedAnswer>>();
  #generation = 0;

  constructor(
    private readonly opts: {
      maxAgeMs?: number;
      maxEntries?: number;
      now?: () => number;
    } = {},
  ) {}

  /** The kept answer of `key`, or the one `read` serializes (one read at a time per key). */
  get(key: string, read: () => Promise<string>): Promise<SharedAnswer> {
    const now = (this.opts.now ?? Date.now)();
    const kept = this.#kept.get(key);
    if (kept && kept.until > now) return Promise.resolve(kept.answer);
    const reading = this.#reading.get(key);
    if (reading) return reading;
    const generation = this.#generation;
    const made = read().then((body) => {
      const answer = { body, etag: etagOf(body) };
      if (this.#reading.get(key) === made) this.#reading.delete(key);
      if (generation === this.#generation) this.#keep(key, answer, now);
      return answer;
    });
    made.catch(() => {
      if (this.#reading.get(key) === made) this.#reading.delete(key);
    });
    this.#reading.set(key, made);
    return made;
  }

  /** Forgets the answers whose key starts with `prefix` (all of them without one). */
  forget(prefix = ''): void {
    this.#generation += 1;
    for (const map of [this.#kept, this.#reading]) {
      for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
    }
  }

  #keep(key: string, answer: SharedAnswer, now: number): void {
    this.#kept.delete(key);
    // The oldest goes first: a client sending many category ids cannot grow the map.
    const max = this.opts.maxEntries ?? SHARED_ANSWERS_MAX;
    while (this.#kept.size >= max) {
      const oldest = this.#kept.keys().next().value;
      if (oldest === undefined) break;
      this.#kept.delete(oldest);
    }
    this.#kept.set(key, { answer, until: now + (this.opts.maxAgeMs ?? SHARED_ANSWER_MAX_AGE_MS) });
  }
}

/**
 * The kept answers of one database (its `db` object: the app's, which routes and the writers of
 * catalogue and settings are given; a writer inside a transaction forgets on the app's `db`
 * after the commit). Per database, so two apps on two databases in one process (tests) never
 * share one.
 */
const sharedAnswersByDb = new WeakMap<object, SharedAnswers>();
export function sharedAnswersOf(db: object): SharedAnswers {
  let answers = sharedAnswersByDb.get(db);
  if (!answers) {
    answers = new SharedAnswers();
    sharedAnswersByDb.set(db, answers);
  }
  return answers;
}

/**
 * A route's answer that every caller gets alike, from the kept answers of `db` under `key`: on
 * a miss `read` gives the answer and the route's own serializer (its 200 schema) writes it. Sent
 * with its ETag and revalidation, or as 304 with no body when If-None-Match names it.
 */
export async function sendSharedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { db: object; key: string; read: () => Promise<object> },
): Promise<void> {
  const answer = await sharedAnswersOf(opts.db).get(
    opts.key,
    async () =>
      reply.serializeInput((await opts.read()) as Record<string, unknown>, '200') as string,
  );
  reply.header('etag', answer.etag);
  reply.header('cache-control', REVALIDATE_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
    await reply.code(304).send();
    return;
  }
  // A string with a JSON type is sent as it is: the route's serializer wrote it already.
  await reply.type('application/json; charset=utf-8').send(answer.body);
}
