import { z } from 'zod';

export const ComponentStatus = z.object({ status: z.enum(['ok', 'down', 'disabled']), detail: z.string().optional() });

export const HealthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptimeSeconds: z.number(),
    database: ComponentStatus.extend({ driver: z.enum(['pglite', 'postgres']) }),
    redis: ComponentStatus,
    providers: z.record(z.string(), ComponentStatus.extend({ kind: z.string() })),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;
