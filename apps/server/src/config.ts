// Configuration is parsed once, here, from the environment; nothing else reads process.env.
// Every setting has an embedded default so `npm start` works with no configuration.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseDatabaseUrl, type DatabaseConfig } from './db/database-url.ts';
import { parseTrustProxy, type TrustProxy } from './http/trusted-hop.ts';
import { envFlag, flagOr, optionalEnvFlag } from './lib/env-flag.ts';
import { ageConfigFromEnv, AgeEnvSchema, type AgeConfig } from './modules/age/age.config.ts';
import { billingConfigFromEnv, BillingEnvSchema, type BillingConfig } from './modules/billing/billing.config.ts';
import { chatConfigFromEnv, ChatEnvSchema, type ChatConfig } from './modules/chat/chat.config.ts';
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
import { StartupError } from './lib/startup-error.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
    /** Login refused until the e-mail address is verified. */
    REQUIRE_EMAIL_VERIFICATION: envFlag(true),
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
    /** The initials-avatar service the server fetches from (browsers never call it); empty: always drawn locally. */
    AVATAR_SERVICE_URL: z.union([z.literal(''), z.string().url()]).default('https://ui-avatars.com/api/'),
    /** Secure cookies (set true behind HTTPS). */
    COOKIE_SECURE: envFlag(false),
    /** Seed the character catalogue (creators, characters, art, likes) at first start. Off by default in tests. */
    SEED_CONTENT: optionalEnvFlag(),
    /** Live event streams (image jobs, notifications) one user may have open at once; across processes with REDIS_URL. */
    SSE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(10),
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
  .extend(ChatEnvSchema.shape)
  .extend(BillingEnvSchema.shape)
  .extend(LlmEnvSchema.shape)
  .extend(EmbeddingEnvSchema.shape)
  .extend(ImagesEnvSchema.shape)
  .extend(SpeechEnvSchema.shape)
  .extend(S3EnvSchema.shape)
  .extend(PushEnvSchema.shape)
  .extend(AgeEnvSchema.shape)
  .extend(ComplianceEnvSchema.shape);

export type Env = z.input<typeof EnvSchema>;

export interface Config extends BillingConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** MEDIA_DIR when set (local media elsewhere than DATA_DIR/media). */
  mediaDir: string | undefined;
  database: DatabaseConfig;
  redisUrl: string | undefined;
  redisPrefix: string;
  /** PROCESS_ROLE: what this process does (docs/deployment.md, "Web and worker processes"). */
  processRole: 'all' | 'web' | 'worker';
  logLevel: string;
  logFormat: 'auto' | 'json' | 'pretty';
  slowRequestMs: number; // perf
  publicUrl: string;
  webDist: string | undefined;
  /** TRUST_PROXY (http/trusted-hop.ts). */
  trustProxy: TrustProxy;
  bodyLimit: number;
  uploadLimit: number;
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
  /** CHAT_*, MEMORY_* (modules/chat/chat.config.ts). */
  chat: ChatConfig;
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

type ParsedEnv = z.infer<typeof EnvSchema>;

/** `ADMIN_EMAILS` as distinct lower-case addresses. */
function parseAdminEmails(value: string | undefined): string[] {
  const all = (value ?? '').split(',').map((s) => s.trim().toLowerCase());
  return [...new Set(all.filter(Boolean))];
}

/** The environment parsed, or the first problem in a sentence. */
function parseEnv(env: Record<string, string | undefined>): ParsedEnv {
  const parsed = EnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new StartupError(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
}

/** Settings that only make sense together: refused at start, with what to set. */
function checkDeployment(e: ParsedEnv, unsetFacts: string[]): void {
  if (e.NODE_ENV === 'production' && unsetFacts.length) {
    throw new StartupError(
      `Invalid configuration: NODE_ENV=production needs ${unsetFacts.join(', ')}: the Terms, Privacy Policy and other ` +
        'legal pages name the operator, its address and contacts, and the public address (see docs/configuration.md, "Legal pages and operator").',
    );
  }
  if (e.PROCESS_ROLE !== 'all' && !e.REDIS_URL?.trim()) {
    throw new StartupError(
      `Invalid configuration: PROCESS_ROLE=${e.PROCESS_ROLE} needs REDIS_URL: web and worker processes share their queues and ` +
        'schedules through Redis. Without Redis, run one process with PROCESS_ROLE=all (the default).',
    );
  }
}

/** The process itself: where it listens and keeps its data, what it trusts, how it logs. */
function processSettings(e: ParsedEnv, dataDir: string, publicUrl: string) {
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    mediaDir: e.MEDIA_DIR ? path.resolve(e.MEDIA_DIR) : undefined,
    database: parseDatabaseUrl(e.DATABASE_URL, dataDir, e.DATABASE_POOL_SIZE),
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
    cookieSecure: e.COOKIE_SECURE,
    seedContent: e.SEED_CONTENT === undefined ? e.NODE_ENV !== 'test' : flagOr(e.SEED_CONTENT, false),
    version: '0.1.0',
  } satisfies Partial<Config>;
}

/** Who the server talks to: mail, Google sign-in, the moderation judge, the avatar service. */
function outsideServices(e: ParsedEnv) {
  return {
    moderationLlm: e.MODERATION_LLM_URL
      ? {
          url: e.MODERATION_LLM_URL,
          model: e.MODERATION_LLM_MODEL,
          apiKey: e.MODERATION_LLM_API_KEY,
          timeoutMs: e.MODERATION_LLM_TIMEOUT_MS,
        }
      : undefined,
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
    avatarServiceUrl: e.AVATAR_SERVICE_URL || undefined,
  } satisfies Partial<Config>;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parseEnv(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const unsetFacts = unsetOperatorFacts(env);
  checkDeployment(e, unsetFacts);
  return {
    ...processSettings(e, dataDir, publicUrl),
    ...outsideServices(e),
    ...billingConfigFromEnv(e, e.NODE_ENV),
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    compliance: complianceConfigFromEnv(e, e.GEO_COUNTRY_HEADER.trim().toLowerCase()),
    operator: loadOperatorFacts(env, publicUrl),
    unsetOperatorFacts: unsetFacts,
    llm: llmConfigFromEnv(e, dataDir),
    embeddings: embeddingConfigFromEnv(e, dataDir),
    chat: chatConfigFromEnv(e),
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
