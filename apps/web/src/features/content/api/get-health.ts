import { useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { ApiError, apiRequest } from '@/lib/api-client';
import { contentKeys } from '@/lib/query-keys/content';

/**
 * GET /api/health. A degraded server answers 503 with the same body, which is exactly what /test wants to show,
 * so that answer is returned rather than thrown.
 */
export async function getHealth(): Promise<HealthResponse> {
  try {
    return await apiRequest(api.health.check, { priority: 'high' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && isHealth(error.body)) return error.body;
    throw error;
  }
}

function isHealth(body: unknown): body is HealthResponse {
  return typeof body === 'object' && body !== null && 'status' in body && 'database' in body;
}

export function useHealth() {
  // Diagnostics want the current state, not the 5-minute cache the rest of the app uses.
  return useQuery({ queryKey: contentKeys.health, queryFn: getHealth, staleTime: 0, retry: false });
}
