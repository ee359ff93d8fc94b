import { HealthResponse } from '../schemas/health.ts';
import { defineEndpoint } from './endpoint.ts';

export const healthEndpoints = {
  check: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    response: HealthResponse,
    // A failing database or Redis answers 503 with the same body.
    errors: { 503: HealthResponse },
    auth: 'none',
    summary: 'Liveness and dependency status',
    tags: ['health'],
  }),
} as const;
