import type { ErrorCode, ErrorDetails, PaymentRequiredDetails, UnprocessableDetails } from '@reverie/shared';

export interface AppErrorOptions {
  /** Machine-readable facts, rendered as `error.details`. */
  details?: ErrorDetails;
  /**
   * Fields also rendered at the top level of the body, for wire formats that predate `details`
   * (the login 403's `requiresEmailVerification` and `email`). New errors should not use it.
   */
  topLevel?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The one error class services throw; the error plugin renders it as `{ error: { code, message, details? }, message }`. */
export class AppError extends Error {
  readonly details?: ErrorDetails;
  readonly topLevel?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    opts: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.details = opts.details;
    this.topLevel = opts.topLevel;
    this.headers = opts.headers;
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
  /** 402 with `{ cost, balance }` so the client can offer exactly the missing coins. */
  static paymentRequired(details: PaymentRequiredDetails, message?: string) {
    return new AppError(
      402,
      'PAYMENT_REQUIRED',
      message ?? `Not enough coins: this costs ${details.cost} and your balance is ${details.balance}.`,
      { details },
    );
  }
  /** 422 with `{ rule, field }`: which rule refused the content and, when known, which input broke it. */
  static unprocessable(message: string, details: UnprocessableDetails) {
    return new AppError(422, 'UNPROCESSABLE', message, { details });
  }
  static tooManyRequests(retryAfterSeconds: number) {
    return new AppError(429, 'RATE_LIMITED', `Too many requests. Try again in ${retryAfterSeconds} seconds.`, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}
