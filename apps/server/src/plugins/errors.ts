// One error handler, one wire format: { error: { code, message, details? }, message }.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorDetails } from '@reverie/shared';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../lib/app-error.ts';
import { safeError } from '../lib/safe-error.ts';

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode | string,
  message: string,
  extra: { details?: ErrorDetails; topLevel?: Record<string, unknown> } = {},
) {
  const error = extra.details ? { code, message, details: extra.details } : { code, message };
  return reply.status(status).send({ ...extra.topLevel, error, message });
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering at the moment. Try again in a minute.';

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'BAD_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return sendError(reply, err.status, err.code, err.message, { details: err.details, topLevel: err.topLevel });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const where = issue?.instancePath ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.') : (err.validationContext ?? 'request');
      return sendError(reply, 400, 'VALIDATION_FAILED', `${where}: ${issue?.message ?? 'Invalid input'}`);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type…) keep their message.
      return sendError(reply, status, statusCodes[status] ?? 'BAD_REQUEST', err.message);
    }
    if (isDatabaseUnavailable(err)) {
      // An outage, not a bug: the client may retry, and the server recovers by itself when the database is back.
      request.log.warn({ err: safeError(err) }, 'database unavailable');
      reply.header('retry-after', '10');
      return sendError(reply, 503, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }
    // Never the raw error: a failed query carries its parameters (passwords, tokens, addresses).
    request.log.error({ err: safeError(err) }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL', `Something went wrong on our side. Reference: ${request.id}`);
  });
}
