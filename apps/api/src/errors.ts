import { ErrorCode } from '@movehub/shared';

/**
 * The one error type of the server. A service throws it with a wire code (see ErrorCode for
 * what each means) and a message that is safe to show; the central handler turns it into the
 * `{code, message}` envelope.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers that belong to the answer (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static badRequest(message: string) {
    return new AppError(ErrorCode.badRequest, message);
  }
  static unauthorized(message: string) {
    return new AppError(ErrorCode.unauthorized, message);
  }
  static forbidden(message: string) {
    return new AppError(ErrorCode.forbidden, message);
  }
  static notFound(message: string) {
    return new AppError(ErrorCode.notFound, message);
  }
  static conflict(message: string) {
    return new AppError(ErrorCode.conflict, message);
  }
  static unprocessable(message: string) {
    return new AppError(ErrorCode.unprocessable, message);
  }
  /** A limit was hit; the client may try again after retryAfterSeconds (sent as Retry-After). */
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(ErrorCode.tooManyRequests, message, {}, { 'retry-after': String(seconds) });
  }
}
