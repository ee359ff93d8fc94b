// The one wire format for errors (DESIGN: "One error class, one wire format").
import { z } from 'zod';

export const ErrorCode = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'INVALID_TOKEN',
  'FORBIDDEN',
  'CSRF_FAILED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYMENT_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'NOT_CONFIGURED',
  'EMAIL_NOT_VERIFIED',
  'INTERNAL',
  'UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorResponse = z
  .object({
    error: z.object({ code: z.string(), message: z.string() }),
    message: z.string(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The text a 401 carries for a bad, expired or revoked access token; the client reloads on it (SPEC §4). */
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';
