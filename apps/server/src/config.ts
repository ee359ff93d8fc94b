// Configuration is parsed once, here, from the environment; nothing else reads process.env.
// Every setting has an embedded default so `npm start` works with no configuration.
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ageConfigFromEnv, AgeEnvSchema, type AgeConfig } from './modules/age/age.config.ts';
import { complianceConfigFromEnv, ComplianceEnvSchema, type ComplianceConfig } from './modules/moderation/compliance.config.ts';
import { loadOperatorFacts, unsetOperatorFacts, type OperatorFacts } from './modules/content/content.config.ts';
import { pushConfigFromEnv, PushEnvSchema, type PushConfig } from './modules/notifications/push.config.ts';
import { embeddingConfigFromEnv, EmbeddingEnvSchema, type EmbeddingConfig } from './providers/embeddings/settings.ts';
import { imagesConfigFromEnv, ImagesEnvSchema, type ImagesConfig } from './providers/images/index.ts';
import {
  speechConfigFromEnv,
  SpeechEnvSchema,
  transcriptionConfigFromEnv,
  type SpeechConfig,
  type TranscriptionConfig,
} from './providers/speech/index.ts';
import { llmConfigFromEnv, LlmEnvSchema, type LlmConfig } from './providers/llm/settings.ts';
import { s3ConfigFromEnv, S3EnvSchema, type S3Options } from './providers/storage/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1' || v === 'yes'));

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Where everything the server keeps lives: PGlite files, JWT key, media, mail outbox. */
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    /** Local media (without S3): unset, DATA_DIR/media; with several processes, a folder they all share. */
    MEDIA_DIR: z.string().optional(),
    /** Unset: embedded PostgreSQL in DATA_DIR/postgres. `memory://`: PGlite in memory. `pglite:///path`: PGlite on disk. `postgres://…`: PostgreSQL. */
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    /** Unset: in-process rate limits and jobs. `redis://…`: shared across server processes. */
    REDIS_URL: z.string().optional(),
    /** Prefix for every Redis key, so several deployments (or test runs) can share one Redis. */
    REDIS_PREFIX: z.string().default('rv:'),
    /** `all`: serve requests and run background work; `web`: only requests; `worker`: only queues and schedules (needs REDIS_URL). */
    PROCESS_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `auto`: readable lines when stdout is a terminal, JSON lines otherwise; `json` / `pretty` force one. */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    /** perf: requests slower than this (ms) are logged at info; every request only at debug. */
    SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(500),
    /** Public origin of the app, used in links sent by e-mail. Defaults to http://localhost:PORT. */
    PUBLIC_URL: z.string().url().optional(),
    /** Built SPA to serve; empty string disables static serving. */
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    /** Behind reverse proxies: how many (`1`), or their addresses/CIDRs; X-Forwarded-* count only from them. */
    TRUST_PROXY: z.string().optional(),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
    UPLOAD_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 1_048_576),
    /** Sandbox payments: no real money moves; enables POST /api/auth/add-coins. */
    PAYMENTS_MODE: z.enum(['sandbox', 'stripe']).default('sandbox'),
    /** JSON file overriding plans, coin packs and coin costs (see docs/payments.md); defaults are built in. */
    BILLING_CATALOG_FILE: z.string().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** JSON object: `{"premium_monthly":"price_…","ultimate_yearly":"price_…","pack_medium":"price_…"}`; missing ones are sent inline. */
    STRIPE_PRICES: z.string().optional(),
    /** Stripe's API origin, overridable only to test against a local server that speaks it. */
    STRIPE_API_URL: z.string().url().optional(),
    /** Login refused until the e-mail address is verified. */
    REQUIRE_EMAIL_VERIFICATION: bool(true),
    /** Optional LLM judge of the blocked-content check's ambiguous band (docs/moderation.md); off when unset. */
    MODERATION_LLM_URL: z.string().url().optional(),
    MODERATION_LLM_MODEL: z.string().default('llama-guard-3-8b'),
    MODERATION_LLM_API_KEY: z.string().optional(),
    MODERATION_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Reverie <no-reply@reverie.local>'),
    /** Seconds before a failed mail is tried again; the wait doubles with each failure (at most an hour). */
    MAIL_RETRY_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
    /** Delivery attempts before a mail is given up (12 with the defaults: about 5 hours). */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** Google endpoints, overridable only to test against a local server that speaks the protocol. */
    GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_CERTS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v1/certs'),
    /**
     * The sandbox's free top-up ("Add 100 coins (sandbox)", POST /api/auth/add-coins) with PAYMENTS_MODE=sandbox.
     * Default: on outside production, off with NODE_ENV=production.
     */
    SANDBOX_TOP_UP: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
    /** The initials-avatar service the server fetches from (browsers never call it); empty: always drawn locally. */
    AVATAR_SERVICE_URL: z.union([z.literal(''), z.string().url()]).default('https://ui-avatars.com/api/'),
    /** Secure cookies (set true behind HTTPS). */
    COOKIE_SECURE: bool(false),
    /** Seed the character catalogue (creators, characters, art, likes) at first start. Off by default in tests. */
    SEED_CONTENT: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
    /** Cap on a chat reply's length in tokens (each plan has its own length under it). */
    CHAT_MAX_TOKENS: z.coerce.number().int().min(16).max(8192).default(1500),
    CHAT_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.85),
    CHAT_TOP_P: z.coerce.number().gt(0).max(1).default(0.95),
    /** A summary of the conversation is written into its memory every this many messages. */
    CHAT_MEMORY_EVERY: z.coerce.number().int().min(2).max(1000).default(12),
    /** Recall (modules/memory): passages from earlier in the conversation a reply's prompt may carry, and their tokens. */
    MEMORY_RECALL_PASSAGES: z.coerce.number().int().min(0).max(50).default(6),
    MEMORY_RECALL_TOKENS: z.coerce.number().int().min(0).max(32_768).default(512),
    /** The journal of memories (modules/memory): the model writes up to 3 new facts every this many replies (0: never). */
    MEMORY_JOURNAL_EVERY: z.coerce.number().int().min(0).max(1000).default(20),
    /** Replies one user may have generating at once, at least (plans may allow more); across processes with REDIS_URL. */
    CHAT_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
    /** Live event streams (image jobs, notifications) one user may have open at once; across processes with REDIS_URL. */
    SSE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(10),
    /** Coins per image beyond the plan's monthly allowance; unset: the catalogue's `costs.image` (5). */
    IMAGE_COST: z.coerce.number().int().min(0).max(10_000).optional(),
    /** Image jobs one server process works on at once (the backend queues beyond). */
    IMAGES_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Sampling steps per picture (quality against time). */
    IMAGES_STEPS: z.coerce.number().int().min(1).max(150).default(25),
    /** A job that ends when its owner has not looked at it for this many seconds is announced by a notification. */
    IMAGES_AWAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /** Comma-separated addresses whose verified accounts are admins (at start and at every sign-in). */
    ADMIN_EMAILS: z.string().optional(),
    /** How often (minutes) the server looks for due notification digests and membership coins to announce. */
    NOTIFY_SWEEP_MINUTES: z.coerce.number().min(0.05).max(1440).default(60),
    /**
     * Hours between "Delete my account" and the erasure of its personal data, during which the mailed link undoes
     * it. Default 168 (7 days, what Settings and the privacy policy promise); the sweep runs every NOTIFY_SWEEP_MINUTES.
     */
    ACCOUNT_DELETION_DELAY_HOURS: z.coerce.number().min(0).max(2160).default(168),
    /** Largest "Download my data" zip, in MB (kept in media storage; a bigger one fails with a sentence saying so). */
    ACCOUNT_EXPORT_MAX_MB: z.coerce.number().min(0.001).max(4000).default(1024),
    /** Least time between two batches of a streamed reply after its first words (which go out at once). */
    CHAT_STREAM_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(50),
    /** Batches a second this process aims to send across all streamed replies; more streams stretch the interval. */
    CHAT_STREAM_BATCHES_PER_SECOND: z.coerce.number().int().min(100).max(1_000_000).default(1000),
    /**
     * How often a reply being written saves the words streamed so far; a reply not saved for three times this long
     * belongs to a process that died, and is recovered (saved as incomplete, or refunded when it had no words).
     */
    CHAT_PROGRESS_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    /**
     * Messages one user's branches may hold in all (a fork copies the history up to its fork point): a fork that would
     * pass it is refused with 409 until a branch is deleted. 0: no branches at all.
     */
    CHAT_BRANCH_MESSAGES_PER_USER: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
    /**
     * Characters that write first (docs/notifications.md): users may allow it per conversation. false: the setting is
     * not offered and nothing is written (each plan's `firstMessagesPerDay` limits it per tier).
     */
    CHAT_FIRST_MESSAGES: bool(true),
    /** Longest recording the microphone may send for transcription, in seconds. */
    VOICE_MAX_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    /** Largest recording upload, in bytes (checked while it is received, before it is decoded). */
    VOICE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    /** Calls this process carries at once (each user has one at a time); one more is refused with a sentence. */
    CALLS_MAX_PER_PROCESS: z.coerce.number().int().min(0).max(10_000).default(100),
    /** A call ends after this many seconds without an utterance (its minutes are charged while it is open). */
    CALL_IDLE_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  })
  .extend(LlmEnvSchema.shape)
  .extend(EmbeddingEnvSchema.shape)
  .extend(ImagesEnvSchema.shape)
  .extend(SpeechEnvSchema.shape)
  .extend(S3EnvSchema.shape)
  .extend(PushEnvSchema.shape)
  .extend(AgeEnvSchema.shape)
  .extend(ComplianceEnvSchema.shape);

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** MEDIA_DIR when set (local media elsewhere than DATA_DIR/media). */
  mediaDir: string | undefined;
  database:
    | { kind: 'pglite-disk'; dir: string }
    | { kind: 'pglite-memory' }
    | { kind: 'postgres'; url: string; poolSize?: number }
    | { kind: 'embedded'; dataDir: string; pgliteDir: string; poolSize?: number }; // perf: embedded PostgreSQL (db/embedded/)
  redisUrl: string | undefined;
  redisPrefix: string;
  /** PROCESS_ROLE: what this process does (docs/deployment.md, "Web and worker processes"). */
  processRole: 'all' | 'web' | 'worker';
  logLevel: string;
  logFormat: 'auto' | 'json' | 'pretty';
  slowRequestMs: number; // perf
  publicUrl: string;
  webDist: string | undefined;
  /** false: no proxy; a number of proxy hops; or the proxies' addresses and CIDRs (see parseTrustProxy). */
  trustProxy: false | number | string[];
  bodyLimit: number;
  uploadLimit: number;
  paymentsMode: 'sandbox' | 'stripe';
  /** SANDBOX_TOP_UP: free coins in sandbox mode (never with Stripe). */
  sandboxTopUp: boolean;
  billing: {
    catalogFile: string | undefined;
    /** IMAGE_COST: overrides the catalogue's coins per image. */
    imageCost: number | undefined;
    stripe: { secretKey: string; webhookSecret: string; prices: Record<string, string>; apiUrl: string | undefined } | undefined;
  };
  requireEmailVerification: boolean;
  /** The blocked-content check's optional LLM judge (MODERATION_LLM_*); undefined = off. */
  moderationLlm: { url: string; model: string; apiKey: string | undefined; timeoutMs: number } | undefined;
  /** AI_NOTICE_INTERVAL_MINUTES, CRISIS_* (docs/compliance.md). */
  compliance: ComplianceConfig;
  mail: { smtpUrl: string | undefined; from: string; retryBaseMs: number; maxAttempts: number };
  google: { clientId: string; clientSecret: string; tokenUrl: string; certsUrl: string } | undefined;
  cookieSecure: boolean;
  /** AVATAR_SERVICE_URL, or undefined when empty. */
  avatarServiceUrl: string | undefined;
  /** OPERATOR_*, PRIVACY_EMAIL, DMCA_*, GOVERNING_LAW: facts printed in the legal pages (unset: a visible "[set X]"). */
  operator: OperatorFacts;
  /** Legal-page variables that are unset (only outside production: production refuses to start without them). */
  unsetOperatorFacts: string[];
  seedContent: boolean;
  version: string;
  llm: LlmConfig;
  /** Recall by meaning (EMBEDDING_*; modules/memory). */
  embeddings: EmbeddingConfig;
  chat: {
    maxTokens: number;
    temperature: number;
    topP: number;
    memoryEvery: number;
    /** Recall: passages a prompt may carry (MEMORY_RECALL_PASSAGES) and their tokens (MEMORY_RECALL_TOKENS). */
    recallPassages: number;
    recallTokens: number;
    /** The journal's writer runs every this many saved replies of a conversation (MEMORY_JOURNAL_EVERY; 0: off). */
    journalEvery: number;
    inFlightPerUser: number;
    /** Least time between two batches of a streamed reply after the first. */
    streamIntervalMs: number;
    /** How often a reply being written saves its words (CHAT_PROGRESS_MS); three times this without a save = dead. */
    progressMs: number;
    /** Batches a second the process aims at across every streamed reply (more streams stretch the interval). */
    streamBatchesPerSecond: number;
    /** Messages one user's branches may hold in all (CHAT_BRANCH_MESSAGES_PER_USER). */
    branchMessagesPerUser: number;
    /** Characters may write first where users allow it (CHAT_FIRST_MESSAGES). */
    firstMessages: boolean;
  };
  /** SSE_STREAMS_PER_USER. */
  streamsPerUser: number;
  /** The image backend (IMAGES_*), and how this process works its queue. */
  images: { backend: ImagesConfig; concurrency: number; steps: number; awaySeconds: number };
  /** Speech out (SPEECH_*), speech in (TRANSCRIPTION_*) and the bounds on a recording (VOICE_*). */
  speech: SpeechConfig;
  transcription: TranscriptionConfig;
  voice: { maxSeconds: number; maxBytes: number };
  /** Calls (CALL*): the most this process carries at once, and the silence that ends one. */
  calls: { maxPerProcess: number; idleSeconds: number };
  /** S3_*: media in an S3-compatible bucket; undefined: local disk under DATA_DIR/media. */
  s3: S3Options | undefined;
  /** Lower-case addresses from ADMIN_EMAILS. */
  adminEmails: string[];
  notifications: { sweepMinutes: number };
  /** VAPID_*, PUSH_SERVICES. */
  push: PushConfig;
  /** ACCOUNT_DELETION_DELAY_HOURS in ms: the undo period of an account deletion; ACCOUNT_EXPORT_MAX_MB in bytes. */
  account: { deletionDelayMs: number; exportMaxBytes: number };
  /** AGE_ASSURANCE_*, GEO_*, GEOIP_DATABASE_PATH, VERIFF_*: where age assurance is required, where the viewer is, who checks (docs/compliance.md). */
  age: AgeConfig;
}

function stripeConfig(e: z.infer<typeof EnvSchema>): Config['billing']['stripe'] {
  if (e.PAYMENTS_MODE !== 'stripe') return undefined;
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration: PAYMENTS_MODE=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  let prices: Record<string, string> = {};
  if (e.STRIPE_PRICES) {
    const parsed = z.record(z.string(), z.string().regex(/^price_\w+$/)).safeParse(JSON.parse(e.STRIPE_PRICES));
    if (!parsed.success) throw new Error('Invalid configuration: STRIPE_PRICES must be a JSON object of price ids');
    prices = parsed.data;
  }
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, prices, apiUrl: e.STRIPE_API_URL };
}

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a prefix length that fits it. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/false/0: X-Forwarded-* are ignored; a number: that many proxies in front (the client is the
 * address that many hops from the right of X-Forwarded-For, counting the connection); a list: the proxies' addresses
 * or CIDRs (the client is the first address from the right that is not one of them). `true` would believe the
 * left-most address, which the client writes itself, so it is refused.
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes') {
    throw new Error(
      'Invalid configuration: TRUST_PROXY=true would believe any address a client writes in X-Forwarded-For, so every ' +
        'per-address limit could be dodged. Set how many proxies are in front of the server (TRUST_PROXY=1 behind one ' +
        'nginx) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8).',
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error(`Invalid configuration: TRUST_PROXY=${v}: at most 10 proxy hops`);
    return hops;
  }
  const entries = v.split(',').map((x) => x.trim());
  for (const entry of entries) {
    if (!PROXY_RANGE_NAMES.has(entry) && !isAddressOrCidr(entry)) {
      throw new Error(
        `Invalid configuration: TRUST_PROXY: "${entry}" is not a number of proxies, an IP address, a CIDR range ` +
          '(10.0.0.0/8) or one of loopback, linklocal, uniquelocal',
      );
    }
  }
  return entries;
}

/** `ADMIN_EMAILS` as distinct lower-case addresses. */
function parseAdminEmails(value: string | undefined): string[] {
  const all = (value ?? '').split(',').map((s) => s.trim().toLowerCase());
  return [...new Set(all.filter(Boolean))];
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL?.trim();
  let database: Config['database'];
  // Unset → embedded PostgreSQL (falls back to PGlite in DATA_DIR/pglite); pglite:///abs/path → PGlite on disk
  if (!url) database = { kind: 'embedded', dataDir, pgliteDir: path.join(dataDir, 'pglite'), poolSize: e.DATABASE_POOL_SIZE };
  else if (url === 'memory://') database = { kind: 'pglite-memory' };
  else if (url.startsWith('pglite://') && url.length > 'pglite://'.length)
    database = { kind: 'pglite-disk', dir: path.resolve(url.slice('pglite://'.length)) };
  else if (/^postgres(ql)?:\/\//.test(url)) database = { kind: 'postgres', url, poolSize: e.DATABASE_POOL_SIZE };
  else throw new Error('Invalid configuration: DATABASE_URL must be memory://, pglite:///path or postgres://…');

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const unsetFacts = unsetOperatorFacts(env);
  if (e.NODE_ENV === 'production' && unsetFacts.length) {
    throw new Error(
      `Invalid configuration: NODE_ENV=production needs ${unsetFacts.join(', ')}: the Terms, Privacy Policy and other ` +
        'legal pages name the operator, its address and contacts, and the public address (see docs/configuration.md, "Legal pages and operator").',
    );
  }
  if (e.PROCESS_ROLE !== 'all' && !e.REDIS_URL?.trim()) {
    throw new Error(
      `Invalid configuration: PROCESS_ROLE=${e.PROCESS_ROLE} needs REDIS_URL: web and worker processes share their queues and ` +
        'schedules through Redis. Without Redis, run one process with PROCESS_ROLE=all (the default).',
    );
  }
  const flag = (v: string | undefined, def: boolean) => (v === undefined ? def : ['true', '1', 'yes'].includes(v));
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    mediaDir: e.MEDIA_DIR ? path.resolve(e.MEDIA_DIR) : undefined,
    database,
    redisUrl: e.REDIS_URL?.trim() || undefined,
    redisPrefix: e.REDIS_PREFIX,
    processRole: e.PROCESS_ROLE,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    slowRequestMs: e.SLOW_REQUEST_MS,
    publicUrl,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    bodyLimit: e.BODY_LIMIT_BYTES,
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
    paymentsMode: e.PAYMENTS_MODE,
    sandboxTopUp: e.PAYMENTS_MODE === 'sandbox' && flag(e.SANDBOX_TOP_UP, e.NODE_ENV !== 'production'),
    billing: { catalogFile: e.BILLING_CATALOG_FILE, imageCost: e.IMAGE_COST, stripe: stripeConfig(e) },
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    moderationLlm: e.MODERATION_LLM_URL
      ? {
          url: e.MODERATION_LLM_URL,
          model: e.MODERATION_LLM_MODEL,
          apiKey: e.MODERATION_LLM_API_KEY,
          timeoutMs: e.MODERATION_LLM_TIMEOUT_MS,
        }
      : undefined,
    compliance: complianceConfigFromEnv(e, e.GEO_COUNTRY_HEADER.trim().toLowerCase()),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      retryBaseMs: Math.round(e.MAIL_RETRY_SECONDS * 1000),
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, tokenUrl: e.GOOGLE_TOKEN_URL, certsUrl: e.GOOGLE_CERTS_URL }
        : undefined,
    cookieSecure: e.COOKIE_SECURE,
    avatarServiceUrl: e.AVATAR_SERVICE_URL || undefined,
    operator: loadOperatorFacts(env, publicUrl),
    unsetOperatorFacts: unsetFacts,
    seedContent: e.SEED_CONTENT === undefined ? e.NODE_ENV !== 'test' : ['true', '1', 'yes'].includes(e.SEED_CONTENT),
    version: '0.1.0',
    llm: llmConfigFromEnv(e, dataDir),
    embeddings: embeddingConfigFromEnv(e, dataDir),
    chat: {
      maxTokens: e.CHAT_MAX_TOKENS,
      temperature: e.CHAT_TEMPERATURE,
      topP: e.CHAT_TOP_P,
      memoryEvery: e.CHAT_MEMORY_EVERY,
      recallPassages: e.MEMORY_RECALL_PASSAGES,
      recallTokens: e.MEMORY_RECALL_TOKENS,
      journalEvery: e.MEMORY_JOURNAL_EVERY,
      inFlightPerUser: e.CHAT_IN_FLIGHT_PER_USER,
      streamIntervalMs: e.CHAT_STREAM_INTERVAL_MS,
      streamBatchesPerSecond: e.CHAT_STREAM_BATCHES_PER_SECOND,
      progressMs: e.CHAT_PROGRESS_MS,
      branchMessagesPerUser: e.CHAT_BRANCH_MESSAGES_PER_USER,
      firstMessages: e.CHAT_FIRST_MESSAGES,
    },
    streamsPerUser: e.SSE_STREAMS_PER_USER,
    images: {
      backend: imagesConfigFromEnv(e),
      concurrency: e.IMAGES_CONCURRENCY,
      steps: e.IMAGES_STEPS,
      awaySeconds: e.IMAGES_AWAY_SECONDS,
    },
    speech: speechConfigFromEnv(e, dataDir),
    transcription: transcriptionConfigFromEnv(e, dataDir),
    voice: { maxSeconds: e.VOICE_MAX_SECONDS, maxBytes: e.VOICE_MAX_BYTES },
    calls: { maxPerProcess: e.CALLS_MAX_PER_PROCESS, idleSeconds: e.CALL_IDLE_SECONDS },
    s3: s3ConfigFromEnv(e),
    adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
    notifications: { sweepMinutes: e.NOTIFY_SWEEP_MINUTES },
    push: pushConfigFromEnv(e, publicUrl),
    account: {
      deletionDelayMs: Math.round(e.ACCOUNT_DELETION_DELAY_HOURS * 3600_000),
      exportMaxBytes: Math.round(e.ACCOUNT_EXPORT_MAX_MB * 1024 * 1024),
    },
    age: ageConfigFromEnv(e, e.NODE_ENV),
  };
}
