import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { AUTH_HEADER, hasControlCharacters, MSG, UserType } from '@movehub/shared';
import { AppError } from '../errors';
import { authenticate, type UserRow } from '../modules/auth/auth.service';

export interface AuthContext {
  sessionId: number;
  user: UserRow;
}

/**
 * Who may call a route, declared in its `config.auth`: the user types admitted (an empty list
 * admits any signed-in user). A route without it needs no token.
 */
export interface AuthRequirement {
  userTypes: readonly UserType[];
  /**
   * A caller without a token is let through too (request.auth stays null), and the service
   * decides by what else it sent; a token that is sent must still be live and of these types.
   */
  optional?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
}

/** Route config of a call for any signed-in user: `config: { ...signedIn }`. */
export const signedIn = { auth: { userTypes: [] } } satisfies { auth: AuthRequirement };
/**
 * Route config of a call for the request's customer or, without a token, the holder of its public
 * link (the confirmation letter, decision 016): `config: { ...customerOrLink }`.
 */
export const customerOrLink = {
  auth: { userTypes: [UserType.customer], optional: true },
} satisfies { auth: AuthRequirement };
/** Route config of a customer's call: `config: { ...customerOnly }`. */
export const customerOnly = {
  auth: { userTypes: [UserType.customer] },
} satisfies { auth: AuthRequirement };

/** Route config of a company's own call (bids are the company's): `config: { ...companyOnly }`. */
export const companyOnly = {
  auth: { userTypes: [UserType.company] },
} satisfies { auth: AuthRequirement };
/**
 * Route config of a partner's read: the company or a member of its sales team (decision 011).
 */
export const partnerOnly = {
  auth: { userTypes: [UserType.company, UserType.salesTeam] },
} satisfies { auth: AuthRequirement };

/**
 * Route config of a move-day call that the company or its foreman (user_type 3) may make: which
 * request is theirs is the service's check (the company that won it, the foreman assigned).
 */
export const companyOrForeman = {
  auth: { userTypes: [UserType.company, UserType.foreman] },
} satisfies { auth: AuthRequirement };

/** Route config of a call only the foreman's phone makes (post_location): `config: foremanOnly`. */
export const foremanOnly = {
  auth: { userTypes: [UserType.foreman] },
} satisfies { auth: AuthRequirement };

// Our tokens are 43 base64url characters; anything far longer or with control bytes is no token.
const MAX_TOKEN_LENGTH = 512;

/**
 * Admits only a live session of one of the given user types. 401 means the token is missing or
 * dead and nothing else; a live token of another role gets 403.
 */
function requireUser(requirement: AuthRequirement): onRequestAsyncHookHandler {
  return async function (this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers[AUTH_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (requirement.optional && (token === undefined || token === '')) return;
    if (!token || token.length > MAX_TOKEN_LENGTH || hasControlCharacters(token)) {
      throw AppError.unauthorized(MSG.unauthorized);
    }
    const auth = await authenticate({ db: request.server.db, token });
    if (!auth) throw AppError.unauthorized(MSG.unauthorized);
    const types = requirement.userTypes;
    if (types.length > 0 && !types.includes(auth.user.userType as UserType)) {
      throw AppError.forbidden('This account may not use this call.');
    }
    request.auth = auth;
  };
}

/**
 * Authentication for every route that declares `config.auth`, in one place: an onRequest hook,
 * so that it runs before the body is read and validated. A caller without a valid token gets 401
 * whatever it sent, never a 422 that would tell it about the call's fields. Register it before
 * the route modules: its onRoute hook must see their routes. The OpenAPI document marks those
 * routes with the session scheme.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const requirement = route.config?.auth;
    if (!requirement) return;
    const hooks = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [requireUser(requirement), ...hooks];
    if (route.schema) route.schema = { security: [{ session: [] }], ...route.schema };
  });
}

/** The session the auth hook admitted; calling it on a route without `config.auth` is a bug. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() called on a route without config.auth');
  return request.auth;
}
