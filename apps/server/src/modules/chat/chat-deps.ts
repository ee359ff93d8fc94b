// What the chat module's use cases are given (chat.module.ts builds it once).
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { InFlightLimiter } from '../../lib/in-flight.ts';
import type { LlmProvider } from '../../providers/llm/llm-provider.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { Plans } from '../billing/catalog.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
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
}
