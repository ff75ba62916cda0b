import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_HEADER, MSG, type UserType } from '@movehub/shared';
import { AppError } from '../errors';
import { authenticate, type UserRow } from '../modules/auth/auth.service';

export interface AuthContext {
  sessionId: number;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * A preHandler that admits only a live session of one of the given user types. 401 means
 * the token is missing or dead and nothing else; a live token of another role gets 403.
 */
export function requireUser(...types: UserType[]): preHandlerAsyncHookHandler {
  return async function (this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers[AUTH_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw AppError.unauthorized(MSG.unauthorized);
    const auth = await authenticate({ db: request.server.db, token });
    if (!auth) throw AppError.unauthorized(MSG.unauthorized);
    if (types.length > 0 && !types.includes(auth.user.userType as UserType)) {
      throw AppError.forbidden('This account may not use this call.');
    }
    request.auth = auth;
  };
}

/** The session a requireUser preHandler admitted; calling it elsewhere is a programming error. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() called on a route without requireUser()');
  return request.auth;
}
