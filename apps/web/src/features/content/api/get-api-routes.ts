import { useQuery } from '@tanstack/react-query';
import { buildUrl } from '@/lib/api-client';
import { contentKeys } from '@/lib/query-keys/content';

/**
 * The server's routes as "METHOD /path" strings, read from its OpenAPI document (/api/docs/json). /features uses
 * them to mark a feature live only when the server really offers it, so the page never claims what is not there.
 */
/** "GET /api/chat/{characterId}" and "GET /api/chat/{id}" name the same route: parameter names are dropped. */
export function routeKey(route: string): string {
  return route.replace(/\{[^}]*\}/g, '{}');
}

export async function getApiRoutes(): Promise<Set<string>> {
  const res = await fetch(buildUrl('/api/docs/json'), { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const doc = (await res.json()) as { paths?: Record<string, Record<string, unknown>> };
  const routes = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(ops)) routes.add(routeKey(`${method.toUpperCase()} ${path}`));
  }
  return routes;
}

export function useApiRoutes() {
  return useQuery({ queryKey: contentKeys.apiRoutes, queryFn: getApiRoutes, retry: false });
}
