// What the chat module's use cases are given (chat.module.ts builds it once).
import type { RecalledPassage } from '@reverie/shared';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { InFlightLimiter } from '../../lib/in-flight.ts';
import type { LlmProvider } from '../../providers/llm/llm-provider.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { Plans } from '../billing/catalog.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { WordHitRow } from '../memory/memory.rows.ts';
import type { CrisisProtocol } from '../moderation/crisis.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { PersonasRepo } from '../personas/personas.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { BranchesRepo } from './branches.repo.ts';
import type { ChatContextRepo } from './chat-context.repo.ts';
import type { ChatRepo } from './chat.repo.ts';
import type { InspectionsRepo } from './inspector/inspections.repo.ts';
import type { ReplyProgressRepo } from './reply-progress.repo.ts';

/** CHAT_* settings (config.ts documents each). */
export type ChatSettings = Config['chat'];

export type ChatUnitOfWork = UnitOfWork<{
  chat: ChatRepo;
  branches: BranchesRepo;
  chatContext: ChatContextRepo;
  replyProgress: ReplyProgressRepo;
  inspections: InspectionsRepo;
  characters: CharactersRepo;
  users: UsersRepo;
  personas: PersonasRepo;
}>;

/** What recall (modules/memory) asks of a reply: the latest messages' text, and what the context window holds. */
export interface RecallRequest {
  conversationId: string;
  text: string;
  excluded: string[];
  limit: number;
  /** What the journal leaves of recall's budget. */
  tokenBudget: number;
  countTokens: (text: string) => number;
  /** The search by words already made with the first read (memory/recall-read.repo.ts), for this text and window. */
  wordHits?: WordHitRow[];
}

/**
 * Memory that recalls (modules/memory), as the pipeline uses it: passages for the prompt before a reply (the journal's
 * memories come with the pipeline's first read: memory/journal-read.ts), the conversation queued for indexing after a message is saved or changed and for the journal's
 * writer after a reply is saved, and the memories by id for "Why this reply".
 */
export interface RecallPort {
  recall(q: RecallRequest): Promise<RecalledPassage[]>;
  indexLater(conversationId: string): void;
  /** `at`: the conversation's messages and the journal writer's mark, when known (a reply not due is not queued). */
  journalLater(conversationId: string, at?: { messages: number; mark: number }): void;
  /** A user's memories as they are now (a forgotten one is left out). */
  memoriesByIds(userId: string, ids: string[]): Promise<{ id: string; text: string; pinned: boolean }[]>;
}

export interface ChatDeps {
  uow: ChatUnitOfWork;
  llm: LlmProvider;
  moderation: ModerationService;
  /** The crisis protocol: a person's message that expresses a crisis gets resources, and the reply steps out of role. */
  crisis: CrisisProtocol;
  entitlements: EntitlementsService;
  ledger: LedgerService;
  plans: Plans;
  /** Replies being written per user, across processes. */
  inFlight: InFlightLimiter;
  background: BackgroundTasks;
  settings: ChatSettings;
  /** Recall and the message index (modules/memory); absent: no recall. */
  recall?: RecallPort;
}
