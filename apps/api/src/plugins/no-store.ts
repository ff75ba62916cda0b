import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import { AUTH_HEADER } from '@movehub/shared';

/*
 * What no cache may keep (RFC 9111 §5.2.2.5 no-store): an answer to a caller who sent a session
 * token, any answer of a route that declares `config.auth` (its 401 and 403 included), and any
 * answer that hands out a session (sign-in, social sign-in, sign-up, a claimed request's link).
 * A shared proxy or the browser's disk would otherwise keep one person's data, or a live token,
 * for the next one who asks. The public reads keep their revalidation (lib/http-cache.ts).
 */

export const NO_STORE = 'no-store';

/** Answer fields that carry a session token (`auth_token`; the request link's `token`). */
const SESSION_FIELDS = new Set(['auth_token', 'token']);

interface ZodLike {
  _zod?: { def?: Record<string, unknown> };
}

/**
 * Whether an answer schema (zod) has a session field, in the envelope or its `data`: read from
 * the schema, so that a new route that signs someone in is covered without being listed.
 */
export function handsOutSession(schema: unknown, depth = 0): boolean {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || depth > 6) return false;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return Object.entries(shape).some(
        ([key, value]) => SESSION_FIELDS.has(key) || handsOutSession(value, depth + 1),
      );
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return handsOutSession(def.innerType, depth + 1);
    case 'pipe':
      return handsOutSession(def.out, depth + 1) || handsOutSession(def.in, depth + 1);
    case 'union':
      return (def.options as unknown[]).some((option) => handsOutSession(option, depth + 1));
    default:
      return false;
  }
}

/** The caller sent a session token (valid or not: the answer is about that session). */
function carriesToken(request: FastifyRequest): boolean {
  const header = request.headers[AUTH_HEADER];
  return Array.isArray(header) ? header.some(Boolean) : Boolean(header);
}

function markNoStore(reply: FastifyReply): void {
  const current = reply.getHeader('cache-control');
  if (typeof current === 'string' && /\bno-store\b/.test(current)) return;
  reply.header('cache-control', NO_STORE);
}

/**
 * Registers the rule: an onSend hook of each route, added after the route's own (a public
 * read's revalidation sets `public, no-cache`, which a caller with a token must not get), and
 * one for the answers no route gives (404s, refusals before routing). Register it before the
 * route modules: its onRoute hook must see their routes.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (carriesToken(request)) markNoStore(reply);
    return payload;
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const always =
      Boolean(route.config?.auth) ||
      handsOutSession((route.schema?.response as Record<number, unknown> | undefined)?.[200]);
    const hook: onSendHookHandler = async (request, reply, payload) => {
      if (always || carriesToken(request)) markNoStore(reply);
      return payload;
    };
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...own, hook];
  });
}
