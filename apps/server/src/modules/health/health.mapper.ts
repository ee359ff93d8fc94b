import type { HealthResponse } from '@reverie/shared';
import type { Check, HealthReport } from './health.service.ts';

/** Without `details` the detail texts are left out: they are for administrators. */
export function toHealthResponse(r: HealthReport, { details = false }: { details?: boolean } = {}): HealthResponse {
  const shown = <T extends Check>({ detail, ...rest }: T) => (details && detail !== undefined ? { ...rest, detail } : rest);
  const providers: HealthResponse['providers'] = {};
  for (const [name, p] of Object.entries(r.providers)) providers[name] = shown(p);
  return {
    status: r.healthy ? 'ok' : 'degraded',
    version: r.version,
    uptimeSeconds: Math.round(r.uptimeMs / 1000),
    database: shown(r.database),
    redis: shown(r.redis),
    providers,
  };
}
