import { AddCoinsBody, CoinsResponse, IdempotencyHeaders } from '../schemas/auth.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

export const billingEndpoints = {
  /** Sandbox top-up; the path stays under /api/auth where SPEC puts it. */
  addCoins: defineEndpoint({
    method: 'POST',
    path: '/api/auth/add-coins',
    body: AddCoinsBody,
    headers: IdempotencyHeaders,
    response: CoinsResponse,
    errors: errorBodies(403, 409, 429),
    auth: 'required',
    summary: 'Add coins (sandbox payments only)',
    description:
      'Only when PAYMENTS_MODE=sandbox. Send an Idempotency-Key header to make retries safe: the same key with the same body adds once; with a different body it answers 409.',
    tags: ['billing'],
  }),
} as const;
