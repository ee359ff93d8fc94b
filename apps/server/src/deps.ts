// What the composition root (app.ts) builds once and hands to module factories. Each factory declares the part
// it needs, so this is documentation of what exists, not a locator: nothing reads it at request time.
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import type { Database, DbOrTx } from './db/client.ts';
import type { ResponseCache } from './http/cache.ts';
import type { StreamSlots } from './http/stream-slots.ts';
import type { UnitOfWork } from './db/unit-of-work.ts';
import type { BackgroundTasks } from './lib/background.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { Redis } from './lib/redis.ts';
import type { AccessTokens } from './modules/auth/access-tokens.ts';
import { AccountRepo } from './modules/account/account.repo.ts';
import { AgeRepo } from './modules/age/age.repo.ts';
import { EmailTokensRepo, SessionsRepo } from './modules/auth/auth.repo.ts';
import type { Csrf } from './modules/auth/csrf.ts';
import { LedgerRepo } from './modules/billing/ledger.repo.ts';
import { CategoriesRepo } from './modules/categories/categories.repo.ts';
import { CharacterAssetsRepo } from './modules/characters/character-assets.repo.ts';
import { CharacterFeedRepo } from './modules/characters/character-feed.repo.ts';
import { CharactersRepo } from './modules/characters/characters.repo.ts';
import { BranchesRepo } from './modules/chat/index.ts';
import { ChatRepo } from './modules/chat/index.ts';
import { InspectionsRepo } from './modules/chat/index.ts';
import { ChatContextRepo } from './modules/chat/index.ts';
import { FirstMessagesRepo, ReplyProgressRepo } from './modules/chat/index.ts';
import { GroupsRepo } from './modules/groups/groups.repo.ts';
import { FavoritesRepo } from './modules/favorites/favorites.repo.ts';
import { ImageModerationRepo } from './modules/images/image-moderation.repo.ts';
import { ImagesRepo } from './modules/images/images.repo.ts';
import { LikesRepo } from './modules/likes/likes.repo.ts';
import { RatingsRepo } from './modules/ratings/ratings.repo.ts';
import { AuditRepo } from './modules/moderation/audit.repo.ts';
import { CrisisRepo } from './modules/moderation/crisis.repo.ts';
import { ModerationRepo } from './modules/moderation/moderation.repo.ts';
import { SubjectsRepo } from './modules/moderation/subjects.repo.ts';
import { NotificationsRepo } from './modules/notifications/notifications.repo.ts';
import { PushRepo } from './modules/notifications/push.repo.ts';
import { SupportRepo } from './modules/support/support.repo.ts';
import { SearchRepo } from './modules/search/search.repo.ts';
import { ChatSearchRepo } from './modules/chat-search/chat-search.repo.ts';
import { MemoryRepo } from './modules/memory/memory.repo.ts';
import { MemoryVectorsRepo } from './modules/memory/memory-vectors.repo.ts';
import { SocialRepo } from './modules/social/social.repo.ts';
import { PaymentsRepo } from './modules/billing/payments.repo.ts';
import { PersonasRepo } from './modules/personas/personas.repo.ts';
import { SandboxRepo } from './providers/payments/sandbox.repo.ts';
import { TagsRepo } from './modules/tags/tags.repo.ts';
import { TransferRepo } from './modules/transfer/transfer.repo.ts';
import { UsersRepo } from './modules/users/users.repo.ts';
import { SpeechSettingsRepo } from './modules/voice/voice.repo.ts';
import type { GoogleSignIn } from './providers/google/index.ts';
import type { HealthRegistry } from './providers/health.ts';
import type { Embedder } from './providers/embeddings/index.ts';
import type { VectorIndex } from './db/vector-index.ts';
import type { ImageProvider } from './providers/images/index.ts';
import type { LlmProvider } from './providers/llm/index.ts';
import { MailOutboxRepo } from './providers/mail/mail-outbox.repo.ts';
import type { Mailer } from './providers/mail/index.ts';
import type { MediaStorage } from './providers/storage/index.ts';
import type { SpeechProvider, TranscriptionProvider } from './providers/speech/index.ts';
import type { Locate } from './http/location.ts';

/** Every repository, bound to one database handle (the pool, or a transaction inside `uow.run`). */
export function bindRepos(db: DbOrTx) {
  return {
    users: new UsersRepo(db),
    sessions: new SessionsRepo(db),
    emailTokens: new EmailTokensRepo(db),
    ledger: new LedgerRepo(db),
    payments: new PaymentsRepo(db),
    sandbox: new SandboxRepo(db),
    tags: new TagsRepo(db),
    mailOutbox: new MailOutboxRepo(db),
    characters: new CharactersRepo(db),
    characterFeed: new CharacterFeedRepo(db),
    characterAssets: new CharacterAssetsRepo(db),
    likes: new LikesRepo(db),
    ratings: new RatingsRepo(db),
    favorites: new FavoritesRepo(db),
    social: new SocialRepo(db),
    categories: new CategoriesRepo(db),
    search: new SearchRepo(db),
    chat: new ChatRepo(db),
    chatSearch: new ChatSearchRepo(db),
    memory: new MemoryRepo(db),
    memoryVectors: new MemoryVectorsRepo(db),
    branches: new BranchesRepo(db),
    replyProgress: new ReplyProgressRepo(db),
    firstMessages: new FirstMessagesRepo(db),
    chatContext: new ChatContextRepo(db),
    inspections: new InspectionsRepo(db),
    groups: new GroupsRepo(db),
    personas: new PersonasRepo(db),
    speechSettings: new SpeechSettingsRepo(db),
    images: new ImagesRepo(db),
    imageModeration: new ImageModerationRepo(db),
    notifications: new NotificationsRepo(db),
    push: new PushRepo(db),
    moderation: new ModerationRepo(db),
    audit: new AuditRepo(db),
    crisis: new CrisisRepo(db),
    subjects: new SubjectsRepo(db),
    support: new SupportRepo(db),
    transfer: new TransferRepo(db),
    account: new AccountRepo(db),
    age: new AgeRepo(db),
  };
}
export type Repos = ReturnType<typeof bindRepos>;

export interface AppDeps {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  redis: Redis | undefined;
  uow: UnitOfWork<Repos>;
  rateLimiter: RateLimiter;
  /** Live event streams a user may hold open (SSE_STREAMS_PER_USER), taken by every long-lived SSE route. */
  streams: StreamSlots;
  /** Hot-read cache (also `app.responseCache`); `invalidate(scope)` reaches every process through Redis. */
  responseCache: ResponseCache;
  /** Work done after the reply (mail that must not reveal, by timing, whether an address has an account). */
  background: BackgroundTasks;
  accessTokens: AccessTokens;
  csrf: Csrf;
  /** Providers add themselves here; the health module reads it. */
  health: HealthRegistry;
  mailer: Mailer;
  google: GoogleSignIn;
  storage: MediaStorage;
  /** The language model (embedded llama.cpp or an OpenAI-compatible server); created on first use in tests. */
  llm: LlmProvider;
  /** The image backend (AI Horde by default; sdapi, ComfyUI, OpenAI-compatible, or disabled). */
  images: ImageProvider;
  /** Recall by meaning (modules/memory); `off` answers every embed with EmbeddingsUnavailableError. */
  embedder: Embedder;
  /** pgvector where the database has it (db/vector-index.ts): recall ranks vectors there. */
  vectorIndex: VectorIndex;
  /** Speech out (SPEECH_*) and speech in (TRANSCRIPTION_*). */
  speech: SpeechProvider;
  transcription: TranscriptionProvider;
  /** HMAC key for private images' signed links (DATA_DIR/secrets/media.key). */
  mediaKey: Uint8Array;
  /** Where a request's person is (trusted header, else GEOIP_DATABASE_PATH, else unknown): age assurance and crisis resources. */
  locate: Locate;
}

/** What every `createXModule(deps)` returns: its services (for other modules and tests) and its routes. */
export interface AppModule {
  services: Record<string, object>;
  routes: FastifyPluginAsync;
  /** Closes what the module holds for every process (its queues), once its background work (jobs.ts) stopped. */
  stop?: () => Promise<void>;
}
