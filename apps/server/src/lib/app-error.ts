import type { ErrorCode } from '@reverie/shared';

/** The one error class services throw; the error plugin renders it as `{ error: { code, message }, message }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string) {
    return new AppError(400, 'BAD_REQUEST', message);
  }
  static unauthorized(message = 'Authentication required') {
    return new AppError(401, 'UNAUTHORIZED', message);
  }
  static forbidden(message = 'You do not have permission to do that') {
    return new AppError(403, 'FORBIDDEN', message);
  }
  static notFound(what = 'Resource') {
    return new AppError(404, 'NOT_FOUND', `${what} not found`);
  }
  static conflict(message: string) {
    return new AppError(409, 'CONFLICT', message);
  }
  static tooManyRequests(retryAfterSeconds: number) {
    return new AppError(429, 'RATE_LIMITED', `Too many requests. Try again in ${retryAfterSeconds} seconds.`, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}
