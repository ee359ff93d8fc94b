// buildApp(config) assembles the whole server; main.ts and the tests both use it.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { mkdir } from 'node:fs/promises';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { AppContext, AppOverrides } from './context.ts';
import { seedTags } from './db/seed/tags.ts';
import { LocalMediaStorage, MEDIA_URL_PREFIX } from './lib/media-storage.ts';
import { loadOrCreateSecret } from './lib/secrets.ts';
import { AccessTokens } from './modules/auth/access-tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { Csrf } from './modules/auth/csrf.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { registerAuthentication } from './plugins/authenticate.ts';
import { createServices, mediaRoot } from './services.ts';
import { openDatabase } from './db/client.ts';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './lib/rate-limiter.ts';
import { connectRedis } from './lib/redis.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { LeanLogController, lazyChildLoggerFactory } from './http/request-log.ts'; // perf
import { registerResponseCache } from './http/cache.ts'; // perf

export async function buildApp(config: Config, overrides?: AppOverrides): Promise<FastifyInstance> {
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
    // perf: one line per request only at debug; errors, 5xx and slow requests at info (http/request-log.ts)
    logController: new LeanLogController({ slowMs: config.slowRequestMs }),
    childLoggerFactory: lazyChildLoggerFactory, // perf: request child logger only when a request logs
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database = await openDatabase(config.database, {
    pgliteTemplate: overrides?.pgliteTemplate,
    onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed; the pool replaces it'),
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) }, // perf: embedded PostgreSQL messages
  });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, (err) => app.log.warn({ err }, 'redis connection error')) : undefined;
  const rateLimiter = new RateLimiter(redis ? new RedisRateLimitStore(redis, config.redisPrefix) : new MemoryRateLimitStore());
  await seedTags(database.db);
  const accessTokens = new AccessTokens(await loadOrCreateSecret(config.dataDir, 'jwt.key'));
  const csrf = new Csrf(await loadOrCreateSecret(config.dataDir, 'csrf.key'), config.cookieSecure);
  await mkdir(mediaRoot(config), { recursive: true });
  const media = new LocalMediaStorage(mediaRoot(config));
  const services = createServices({ config, db: database.db, log: app.log, accessTokens, media, rateLimiter, overrides });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    redis,
    rateLimiter,
    accessTokens,
    csrf,
    media,
    services,
    providers: [services.mailer, services.google],
  };
  app.decorate('ctx', ctx);
  await registerResponseCache(app, { redis, prefix: config.redisPrefix, onError: (err) => app.log.warn({ err }, 'response cache') }); // perf
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => redis.disconnect());
    await database.close();
  });

  registerErrorHandling(app);
  await registerSecurity(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadLimit, files: 1, fields: 10 } });
  registerAuthentication(app);
  await registerDocs(app, config);
  await app.register(fastifyStatic, {
    root: mediaRoot(config),
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    // Media files never change under a URL (new uploads get new names).
    maxAge: '30d',
    immutable: true,
  });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(tagsRoutes);
  await registerSpa(app, config.webDist);
  return app;
}
