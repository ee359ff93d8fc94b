import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetryQuery } from './query-client';
import { RateLimitError } from './request-queue';

const apiError = (status: number) => new ApiError(status, 'x', '');

describe('shouldRetryQuery', () => {
  it('never retries 429 or 4xx other than 408', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetryQuery(0, apiError(status))).toBe(false);
    expect(shouldRetryQuery(0, new RateLimitError())).toBe(false);
  });
  it('retries 408, 5xx and network errors exactly once', () => {
    for (const error of [apiError(408), apiError(500), apiError(503), new TypeError('Failed to fetch')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(false);
    }
  });
});

describe('retryDelay', () => {
  it('is 3 s × 2^n capped at 30 s, plus up to 30 % jitter', () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => retryDelay(n, () => 0))).toEqual([3000, 6000, 12000, 24000, 30000, 30000]);
    expect(retryDelay(0, () => 0.5)).toBe(3450);
    expect(retryDelay(0, () => 0.999999)).toBeLessThanOrEqual(3900);
    expect(retryDelay(10, () => 0.999999)).toBeLessThanOrEqual(39000);
    for (let i = 0; i < 50; i++) {
      const d = retryDelay(1);
      expect(d).toBeGreaterThanOrEqual(6000);
      expect(d).toBeLessThanOrEqual(7800);
    }
  });
});

describe('createQueryClient', () => {
  it('applies the cache and retry defaults', () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 300_000, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchInterval: false });
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(mutations?.retry).toBe(false);
  });
});
