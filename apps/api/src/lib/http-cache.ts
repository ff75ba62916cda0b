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
