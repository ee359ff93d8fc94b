// buildApp(config) assembles the whole server; main.ts and the tests both use it.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './lib/rate-limiter.ts';
import { connectRedis } from './lib/redis.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'] },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // Let a graceful shutdown finish in-flight requests but refuse new keep-alive reuse.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database = await openDatabase(config.database);
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  const rateLimiter = new RateLimiter(redis ? new RedisRateLimitStore(redis, config.redisPrefix) : new MemoryRateLimitStore());
  const ctx: AppContext = { config, database, db: database.db, redis, rateLimiter, providers: [] };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => redis.disconnect());
    await database.close();
  });

  registerErrorHandling(app);
  await registerSecurity(app);
  await registerDocs(app, config);
  await app.register(healthRoutes);
  await registerSpa(app, config.webDist);
  return app;
}
