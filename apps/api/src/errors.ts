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
}
