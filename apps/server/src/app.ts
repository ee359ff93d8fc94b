// The composition root: buildApp(config) assembles the whole server; main.ts and the tests both use it.
// Infrastructure and providers first, then the modules in one list, then their routes.
import multipart from '@fastify/multipart';
import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { openVectorIndex } from './db/vector-index.ts';
import { seedCategories } from './db/seed/categories.ts';
import { seedTags } from './db/seed/tags.ts';
import { createUnitOfWork } from './db/unit-of-work.ts';
import { USERS_CHANGED_CHANNEL, type CurrentUsers } from './modules/auth/current-users.ts';
import { SESSIONS_CHANGED_CHANNEL, type SessionStatusCache } from './modules/auth/session-status.ts';
import { bindRepos, type AppDeps } from './deps.ts';
import { BackgroundTasks } from './lib/background.ts';
import type { JobQueue } from './lib/jobs/index.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { connectRedis } from './lib/redis.ts';
import { connecting } from './lib/startup-error.ts';
import { loadOrCreateSecret } from './lib/secrets.ts';
import { AccessTokens } from './modules/auth/access-tokens.ts';
import { Csrf } from './modules/auth/csrf.ts';
import type { ImageJobData } from './modules/images/jobs.service.ts';
import { ReplyStops } from './modules/chat/index.ts';
import { NotificationBus } from './modules/notifications/notifications.bus.ts';
import { loadPushKeys } from './modules/notifications/push-keys.ts';
import { registerAuthentication } from './plugins/authenticate.ts';
import { ContentService } from './modules/content/content.service.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerMedia } from './plugins/media.ts';
import { registerSpa } from './plugins/spa.ts';
import { backgroundJobs, startModules } from './jobs.ts';
import { createFastify } from './http/fastify.ts';
import { createLocator, type Locate } from './http/location.ts';
import { openGeoipDatabase } from './lib/geoip.ts';
import { registerResponseCache } from './http/cache.ts';
import { StreamSlots } from './http/stream-slots.ts';
import { createEmbedder, type Embedder } from './providers/embeddings/index.ts';
import { createGoogleSignIn, type GoogleSignIn } from './providers/google/index.ts';
import { HealthRegistry } from './providers/health.ts';
import { createImageProvider, type ImageProvider } from './providers/images/index.ts';
import type { LlmProvider } from './providers/llm/llm-provider.ts';
import { LazyLlmProvider } from './providers/llm/lazy.ts';
import { createMailer, type Mailer, type MailQueue } from './providers/mail/index.ts';
import { createMediaStorage, MEDIA_DIR_WARNING, mediaRoot } from './providers/storage/index.ts';
import {
  createSpeechProvider,
  createTranscriptionProvider,
  type SpeechProvider,
  type TranscriptionProvider,
} from './providers/speech/index.ts';
import { composeModules, type AppModules } from './compose-modules.ts';

/** Test seams: a migrated database to start from, and providers that talk to a local peer. */
export interface AppOverrides {
  /** In-memory PGlite: start from a migrated data directory dump (see test/helpers.ts). */
  pgliteTemplate?: Blob;
  google?: GoogleSignIn;
  mailer?: Mailer;
  /** The language model (tests: the tiny GGUF or a local OpenAI-compatible peer). */
  llm?: LlmProvider;
  /** The embedding model (tests: the deterministic hash embedder, test/hash-embedder.ts). */
  embedder?: Embedder;
  /** The image backend (tests usually point IMAGES_URL at a local peer instead). */
  images?: ImageProvider;
  /** The image job queue (tests: BullMQ with short lock times, to see a crashed worker's job come back quickly). */
  imageQueue?: JobQueue<ImageJobData, unknown>;
  /** Speech out and in (tests usually point SPEECH_URL / TRANSCRIPTION_URL at the loopback peer instead). */
  speech?: SpeechProvider;
  transcription?: TranscriptionProvider;
  /** Where log lines go (tests read them back); stdout by default. */
  logStream?: { write(line: string): void };
  /** Another release's migrations folder (tests of rolling restarts). */
  migrationsFolder?: string;
  /** Schedules (sweeps, renewals) run only at start, not on their clock: tests run them by hand on their own clocks. */
  manualSchedules?: boolean;
  /** The TLS agent for push services (tests: a local push service with its own certificate). */
  pushAgent?: Agent;
}

export type { AppModules };

export interface ComposedApp {
  app: FastifyInstance;
  deps: AppDeps;
  modules: AppModules;
}

export async function buildApp(config: Config, overrides?: AppOverrides): Promise<FastifyInstance> {
  return (await composeApp(config, overrides)).app;
}

/** buildApp, also returning what it built (main.ts logs the driver; tests reach services without HTTP). */
export async function composeApp(config: Config, overrides: AppOverrides = {}): Promise<ComposedApp> {
  const app = await createFastify(config, overrides.logStream);
  // First: a GeoIP file that cannot be read stops the start before anything is opened.
  const locate = await openLocator(app, config);

  const { database, redis, background, responseCache, uow, rateLimiter, streams, accessTokens, csrf } = await openInfrastructure(
    app,
    config,
    overrides,
  );

  const { health, mailer, mailQueue, google, storage, llm, images, embedder, speech, transcription, vectorIndex } = await openProviders(
    app,
    config,
    overrides,
    {
      uow,
      background,
      database,
    },
  );

  const deps: AppDeps = {
    config,
    log: app.log,
    database,
    redis,
    uow,
    rateLimiter,
    streams,
    responseCache,
    background,
    accessTokens,
    csrf,
    health,
    mailer,
    google,
    storage,
    llm,
    images,
    embedder,
    vectorIndex,
    speech,
    transcription,
    mediaKey: await loadOrCreateSecret(config.dataDir, 'media.key'),
    locate,
  };
  const bus = await NotificationBus.create({
    redis,
    prefix: config.redisPrefix,
    onError: (err) => app.log.warn({ err }, 'notification bus'),
  });
  app.addHook('preClose', async () => bus.endAll());
  app.addHook('onClose', () => bus.close());
  // Replies go on when their page is left (chat/deliver-reply.ts): closing stops them first, each saved with its words.
  const replyStops = await ReplyStops.create({ redis, prefix: config.redisPrefix, onError: (err) => app.log.warn({ err }, 'reply stops') });
  app.addHook('preClose', () => replyStops.close());
  const modules = composeModules(deps, {
    content: await ContentService.load({ operator: config.operator, unsetFacts: config.unsetOperatorFacts }),
    bus,
    replyStops,
    pushKeys: await loadPushKeys(config),
    imageQueue: overrides.imageQueue,
    pushAgent: overrides.pushAgent,
  });
  await seed(database, modules, config);
  await keepAuthAnswersCurrent(app, database, modules.auth.services);
  // Background work (jobs.ts lists every job): started here for the process's role, stopped before the database closes.
  const started = startModules(modules, backgroundJobs(modules, config, mailQueue), {
    role: config.processRole,
    redis,
    redisPrefix: config.redisPrefix,
    log: app.log,
    ticking: !overrides.manualSchedules,
  });
  app.addHook('onClose', () => started.stop());

  await registerHttp(app, config, modules, { accessTokens, csrf });
  return { app, deps, modules };
}

const DATABASE_FIX =
  'Start PostgreSQL there or correct DATABASE_URL (host, port, user, password, database), or remove DATABASE_URL to use ' +
  'the embedded database in DATA_DIR.';
const REDIS_FIX =
  'Start Redis there or correct REDIS_URL; a single process (PROCESS_ROLE=all) also runs without it: remove REDIS_URL ' +
  'to keep rate limits and jobs in that process.';

/** The database, Redis, the response cache, the unit of work, limits and the keys: what every module is handed. */
async function openInfrastructure(app: FastifyInstance, config: Config, overrides: AppOverrides) {
  const open = () =>
    openDatabase(config.database, {
      pgliteTemplate: overrides.pgliteTemplate,
      migrationsFolder: overrides.migrationsFolder,
      pgvector: config.embeddings.vectorIndex === 'hnsw',
      onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed; the pool replaces it'),
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) },
    });
  const database =
    config.database.kind === 'postgres'
      ? await connecting('The PostgreSQL database', config.database.url, DATABASE_FIX, open)
      : await open();
  const { redisUrl } = config;
  const redis = redisUrl
    ? await connecting('Redis', redisUrl, REDIS_FIX, () => connectRedis(redisUrl, (err) => app.log.warn({ err }, 'redis connection error')))
    : undefined;
  const background = new BackgroundTasks(app.log);
  const responseCache = await registerResponseCache(app, {
    redis,
    prefix: config.redisPrefix,
    onError: (err) => app.log.warn({ err }, 'response cache'),
  });
  app.addHook('onClose', async () => {
    // Background work finishes before the database it writes to closes.
    await background.drain();
    await redis?.quit().catch(() => redis.disconnect());
    await database.close();
  });
  const uow = createUnitOfWork(database.db, bindRepos);
  const rateLimiter = new RateLimiter({ redis, prefix: config.redisPrefix });
  const streams = new StreamSlots(config.streamsPerUser, { redis, prefix: config.redisPrefix });
  const accessTokens = new AccessTokens(await loadOrCreateSecret(config.dataDir, 'jwt.key'));
  const csrf = new Csrf(await loadOrCreateSecret(config.dataDir, 'csrf.key'), config.cookieSecure || config.publicUrl.startsWith('https:'));
  return { database, redis, background, responseCache, uow, rateLimiter, streams, accessTokens, csrf };
}

/**
 * Two answers this process keeps for every request, kept true by the database's announcements (db/listen.ts):
 * GET /api/auth/me answers from this process's copy of the user's row (#45), and a session's "still signed in" stands
 * for a minute while it is heard (modules/auth/session-status.ts). A signed-in user's own write answered here drops
 * their copy before the answer goes out, so the next read cannot come before the database's notification of it
 * (writes answered by other processes arrive as notifications).
 */
type KeptAuthAnswers = { currentUsers: CurrentUsers; sessionStatus: SessionStatusCache };

async function keepAuthAnswersCurrent(app: FastifyInstance, database: AppDeps['database'], kept: KeptAuthAnswers) {
  const { currentUsers, sessionStatus } = kept;
  const unlisten = await Promise.all([
    database.listen(USERS_CHANGED_CHANNEL, {
      onNotify: (userId) => currentUsers.changed(userId),
      onState: (listening) => currentUsers.listening(listening),
    }),
    database.listen(SESSIONS_CHANGED_CHANNEL, {
      onNotify: (familyId) => sessionStatus.changed(familyId),
      onState: (listening) => sessionStatus.listening(listening),
    }),
  ]);
  app.addHook('onClose', async () => void (await Promise.all(unlisten.map((stop) => stop()))));
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.auth && req.method !== 'GET' && req.method !== 'HEAD') currentUsers.changed(req.auth.userId);
    done(null, payload);
  });
}

/**
 * The one answer to "where is this request's person" (http/location.ts): the trusted CDN header, else the GeoIP
 * database file (GEOIP_DATABASE_PATH, opened here once: a missing or malformed file stops the start naming it).
 */
async function openLocator(app: FastifyInstance, config: Config): Promise<Locate> {
  const file = config.age.geoipDatabase;
  const geoip = file ? await openGeoipDatabase(file) : undefined;
  if (geoip) app.log.info(`GeoIP database ${file} (${geoip.description}) locates clients without a trusted country header`);
  const { countryHeader, regionHeader } = config.age;
  return createLocator({ trust: config.trustProxy, countryHeader, regionHeader, geoip });
}

/** HTTP: cross-cutting plugins, then every module's routes, then the SPA fallback. */
async function registerHttp(app: FastifyInstance, config: Config, modules: AppModules, keys: { accessTokens: AccessTokens; csrf: Csrf }) {
  const { accessTokens, csrf } = keys;
  registerErrorHandling(app);
  await registerSecurity(app);
  await app.register(multipart, { limits: { fileSize: config.uploadLimit, files: 1, fields: 10 } });
  registerAuthentication(app, { accessTokens, csrf, sessions: modules.auth.services.sessions });
  await registerDocs(app, config);
  // A worker process serves only its health check (load balancers and the cluster tier probe it).
  const worker = config.processRole === 'worker';
  // With S3 the files are served from the bucket (public ones) or by the images module.
  if (!config.s3 && !worker) await registerMedia(app, mediaRoot(config));
  // Every JSON answer: a private character's portrait URL becomes a signed, expiring link (portrait-files.ts).
  app.addHook('preSerialization', (_req, _reply, payload, done) => done(null, modules.characters.services.portraits.signLinks(payload)));
  for (const m of worker ? [modules.health] : Object.values(modules)) await app.register(m.routes);
  if (!worker) await registerSpa(app, config.webDist);
}

/** The providers, each registering its own health; the mail queue when mail goes out through our outbox. */
async function openProviders(
  app: FastifyInstance,
  config: Config,
  overrides: AppOverrides,
  infra: Pick<AppDeps, 'uow' | 'background' | 'database'>,
) {
  const { uow, background } = infra;
  let mailQueue: MailQueue | undefined;
  const health = new HealthRegistry();
  const mailer = overrides.mailer
    ? health.register(overrides.mailer)
    : (mailQueue = createMailer(config, { outbox: uow.repos.mailOutbox, log: app.log, health, background }));
  const google = overrides.google ? health.register(overrides.google) : createGoogleSignIn(config, { health });
  const storage = await createMediaStorage(config, {
    health,
    log: { error: (m) => app.log.error(m), warn: (m) => app.log.warn(m) },
  });
  // Several processes (REDIS_URL) each with their own media folder: a file saved by one is missing on the others.
  if (config.redisUrl && !config.s3 && !config.mediaDir) app.log.warn(MEDIA_DIR_WARNING(mediaRoot(config)));
  const llm = health.register(overrides.llm ?? new LazyLlmProvider(config.llm, app.log));
  // Outside tests the model starts loading (on a first start: downloading) just after the server is up, while it
  // serves: loading node-llama-cpp is ~1 s of CPU that the cold start should not wait for. A chat before then starts it.
  if (!overrides.llm && config.env !== 'test' && llm instanceof LazyLlmProvider) {
    setTimeout(() => void llm.start().catch(() => {}), 1500).unref();
  }
  app.addHook('onClose', () => llm.close());
  const images = overrides.images ? health.register(overrides.images) : createImageProvider(config.images.backend, { health });
  const embedder = overrides.embedder
    ? health.register(overrides.embedder)
    : await createEmbedder(config.embeddings, { log: app.log, health });
  // Like the chat model: the embedding model starts (a first start: downloads) once the server is up; recall works by
  // words until it is ready.
  if (!overrides.embedder && config.env !== 'test') setTimeout(() => embedder.start(), 3000).unref();
  app.addHook('onClose', () => embedder.close());
  const vectorIndex = health.register(
    await openVectorIndex(infra.database, {
      mode: config.embeddings.vectorIndex,
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    }),
  );
  const speech = overrides.speech ? health.register(overrides.speech) : createSpeechProvider(config.speech, { health, log: app.log });
  const transcription = overrides.transcription
    ? health.register(overrides.transcription)
    : createTranscriptionProvider(config.transcription, { health, log: app.log });
  // An embedded voice engine (SPEECH_PROVIDER / TRANSCRIPTION_PROVIDER=embedded) starts (a first start: downloads) once
  // the server is up, in processes that serve requests; a request before then starts it.
  if (config.env !== 'test' && config.processRole !== 'worker') {
    setTimeout(() => [speech, transcription].forEach((p) => p.warmUp?.()), 5000).unref();
  }
  app.addHook('onClose', async () => {
    await speech.close?.();
    await transcription.close?.();
  });
  return { health, mailer, mailQueue, google, storage, llm, images, embedder, speech, transcription, vectorIndex };
}

/**
 * Seeding runs one process at a time, like the migrations: processes starting together on an empty database would
 * otherwise race. ADMIN_EMAILS: verified accounts with these addresses are admins from the start (and at every
 * sign-in). The catalogue's rows are written before the server listens (browsable at once).
 */
async function seed(database: AppDeps['database'], modules: AppModules, config: Config): Promise<void> {
  await database.exclusive(async () => {
    await seedTags(database.db);
    await seedCategories(database.db);
    await modules.auth.services.gate.promoteConfiguredAdmins();
    if (config.seedContent) await modules.characters.services.seeder.run({ art: false });
  });
}
