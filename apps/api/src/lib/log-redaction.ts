import type { FastifyRequest } from 'fastify';

/*
 * Links that are secrets travel in URLs, and request logs keep URLs: the password reset
 * (/set-forget-password/{token}), a request's claim (/claim-request/{token}), its public view and
 * letter (/view-request/{access_token}, /sign-confirmation-letter/{public_access_link}) and a
 * foreman's invitation (/partner/set-password?token=…). Whoever reads the log could open them.
 * The logged URL keeps its shape and loses the secret: `/claim-request/[redacted]`,
 * `?token=[redacted]`.
 */

export const REDACTED = '[redacted]';

/** Pages of the web app whose next path segment is a secret link (the emails' links). */
const SECRET_SEGMENT_AFTER = new Set([
  'set-forget-password',
  'claim-request',
  'view-request',
  'sign-confirmation-letter',
]);

/** Query parameters that carry a secret: any token, any access link. */
const SECRET_PARAMETER = /token|access_link/i;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The URL as it may be logged: secret path segments and query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const page = decoded(segments[i - 1] ?? '').toLowerCase();
    if (SECRET_SEGMENT_AFTER.has(page) && segments[i] !== '') segments[i] = REDACTED;
  }
  if (queryAt === -1) return segments.join('/');
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETER.test(decoded(name.replace(/\+/g, ' '))) && equals !== -1
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${segments.join('/')}?${query}`;
}

/** Fastify's own request serializer (lib/logger-pino.js), with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
