import { AddCoinsBody, CoinsResponse } from '../schemas/auth.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

export const billingEndpoints = {
  /** Sandbox top-up; the path stays under /api/auth where SPEC puts it. */
  addCoins: defineEndpoint({
    method: 'POST',
    path: '/api/auth/add-coins',
    body: AddCoinsBody,
    response: CoinsResponse,
    errors: errorBodies(403, 429),
    auth: 'required',
    summary: 'Add coins (sandbox payments only)',
    description: 'Only when PAYMENTS_MODE=sandbox. Send an Idempotency-Key header to make retries safe.',
    tags: ['billing'],
  }),
} as const;
