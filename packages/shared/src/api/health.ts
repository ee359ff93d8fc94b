import { HealthResponse } from '../schemas/health.ts';
import { ErrorResponse } from '../errors.ts';
import { defineEndpoint } from './endpoint.ts';

export const healthEndpoints = {
  check: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    response: HealthResponse,
    // A failing database or Redis answers 503 with the same body.
    errors: { 503: HealthResponse },
    auth: 'none',
    summary: 'Liveness and dependency status: states and kinds only (no addresses, paths or error texts)',
    tags: ['health'],
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/health/details',
    response: HealthResponse,
    // 403 for anyone who is not an administrator.
    errors: { 403: ErrorResponse, 429: ErrorResponse, 503: HealthResponse },
    auth: 'required',
    summary: 'The same status with each component’s detail (backend addresses, paths, errors); administrators only',
    tags: ['health'],
  }),
} as const;
