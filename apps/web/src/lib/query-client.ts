// TanStack Query defaults (product.md §7, §9): fresh for 5 minutes, no refetch on focus, reconnect or interval;
// queries retry once except for 429 and 4xx other than 408; mutations never retry.
import { QueryClient } from '@tanstack/react-query';
import { getErrorStatus, isQuietError } from './request-queue';

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
/** Liked characters and favourites cache (product.md §9). */
export const LIKES_FAVORITES_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_MAX_RETRIES = 1;
export const RETRY_BASE_DELAY_MS = 3000;
export const RETRY_MAX_DELAY_MS = 30_000;
export const RETRY_JITTER_RATIO = 0.3;

/** TanStack `retry`: `failureCount` is 0 on the first failure. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isQuietError(error)) return false;
  const status = getErrorStatus(error);
  if (status === 429) return false;
  if (status !== undefined && status >= 400 && status < 500 && status !== 408) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

/** 3 s × 2^attempt capped at 30 s, plus up to 30 % jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
  return Math.round(base + base * RETRY_JITTER_RATIO * random());
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
        retryDelay: (attempt) => retryDelay(attempt),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
