// The reply pipeline's types (generation.ts runs it): what a request asks, what the use case (send, regenerate,
// continue, a group's "speak") and the conversation source (one-to-one, a group) plug in, and what comes out.
// Types only: every file of the pipeline imports them from here, and this file imports no pipeline code.
import type { Actor } from '../../lib/access.ts';
import type { SubscriptionRow } from '../billing/payments.repo.ts';
import type { Entitlements } from '../billing/entitlements.service.ts';
import type { CrisisSupport } from '../moderation/crisis.service.ts';
import type { JournalEntry } from '../memory/journal-read.repo.ts';
import type { WordHitRow } from '../memory/memory.rows.ts';
import type { EffectivePersona } from '../personas/personas.repo.ts';
import type { ChatCharacter } from './chat-context.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow, ConversationRow, ShownMessageRow } from './chat.repo.ts';
import type { HistoryMessage, PromptCharacter } from './prompt/index.ts';
import type { NewReplyProgress } from './reply-progress.repo.ts';
import type { Undo } from './undo.ts';

/**
 * What a reply does to the conversation: a new one after the user's message, a new alternative, more of the last, or
 * a new one the character writes first while the user has not written (first-messages.ts).
 */
export type ReplyKind = 'send' | 'regenerate' | 'continue' | 'first';

export interface GenerationRequest {
  actor: Actor;
  /** The user's message (send only); for a message the character writes first, the note that asks for it. */
  content?: string;
  /** The reply to regenerate when it is not the last message (a one-to-one regenerate only; issue #28). */
  messageId?: string;
  /** The per-user rate limit, checked beside the reads. */
  rateLimit: () => Promise<void>;
  /** NSFW content is closed to the caller where they are (age assurance, docs/compliance.md); asked only of an NSFW speaker. */
  nsfwLocked?: () => Promise<boolean>;
  /** The person's country (http/location.ts), when known: which crisis resources they are shown. */
  country?: string;
}

export interface GenerationSink {
  queue(position: number): void;
  /** A promise when the client is behind: nothing more is pulled from the model until it settles. */
  token(text: string): void | Promise<void>;
  /** Whether someone is reading the reply as it comes (false once its page has gone: it is saved unread). */
  present?(): boolean;
}

export interface GenerationResult {
  message: ChatMessageRow;
  stats: { tokens: number; ms: number };
}

export interface PreparedGeneration {
  /** The character who writes the reply (a group's speaker; the character of a one-to-one chat). */
  speaker: ChatCharacter;
  /** The user's message, saved (send only). */
  userMessage: ShownMessageRow | null;
  replyId: string;
  /** The user's message expressed a crisis (the crisis protocol): what the chat shows them. Null otherwise. */
  support: CrisisSupport | null;
  /** Streams the reply into `sink`; resolves with the saved reply. Rejects (after saving what it could) on failure. */
  run(sink: GenerationSink, signal: AbortSignal): Promise<GenerationResult>;
}

/** What the checks need from the reads. */
export interface CheckedRead {
  /** The character who replies. */
  character: ChatCharacter;
  /** The conversation (none yet: a first one-to-one message opens one). */
  found: ConversationRow | undefined;
  /** The conversation's newest messages, newest first. */
  newest: ChatMessageRow[];
}

/** What a use case's charge step gets. */
export interface ChargeInput {
  kind: ReplyKind;
  actor: Actor;
  character: ChatCharacter;
  conversation: ConversationRow;
  content: string | undefined;
  /** The persona in force (null: none): a user's message is written as it. */
  personaId: string | null;
  newest: ChatMessageRow[];
  hasUserMessage: boolean;
  target: ChatMessageRow | undefined;
  /** The reply's progress row (its id, the reply's id and the charge's idempotency key). */
  progress: NewReplyProgress;
  /** The user's message expressed a crisis: the key of the resources shown, stored with it (null: no card). */
  crisisCard: string | null;
  entitled: Pick<Entitlements, 'tier' | 'permissions'>;
}

export interface Charged {
  userMessage: ShownMessageRow | null;
  /** The message whose reply this one is, free because a crash left it without one. */
  freeFor: string | null;
}

/** What differs between sending a message, regenerating a reply and continuing one. */
export interface ReplyUseCase {
  kind: ReplyKind;
  /** Refusals that depend on what was read (send: the message passes the policy). */
  check(deps: ChatDeps, read: CheckedRead, request: GenerationRequest): void;
  /** The reply rewritten (regenerate, continue; 409 when there is none), or undefined for a new reply. */
  target(newest: ChatMessageRow[], hasUserMessage: boolean): ChatMessageRow | undefined;
  /** Settles the cost and saves what precedes the reply, all or nothing; adds to `undo` how to take it back. */
  charge(deps: ChatDeps, c: ChargeInput, undo: Undo): Promise<Charged>;
}

/** What the pipeline asks a source to read. */
export interface SourceReadQuery {
  userId: string;
  /** The newest messages to read. */
  limit: number;
  /** Recall's tsquery for the new message (recall-read.repo.ts `recallQueryOf`), searched beside the read; null: none. */
  recallQuery: string | null;
}

/** What every conversation source reads (in one statement) before the checks. */
export interface SourceRead {
  /** The conversation's newest messages (the first read's length), newest first. */
  newest: ChatMessageRow[];
  /** The caller's username (null when the account is gone). */
  userName: string | null;
  /** The caller's newest membership, for the plan's permissions. */
  latestSubscription: SubscriptionRow | undefined;
  /** The persona in force. */
  persona: EffectivePersona | undefined;
  /** The caller's journal of the character or group, pinned first, then the newest (memory/journal-read.repo.ts). */
  journal: JournalEntry[];
  /**
   * Recall's search by words for the new message, outside the newest messages read (memory/recall-read.repo.ts);
   * empty when the read was not asked for it (`recallQuery` null).
   */
  wordHits?: WordHitRow[];
}

/** What the source adds to the prompt of the speaker. */
export interface SourcePrompt {
  /** The history the model sees, oldest first. */
  history: HistoryMessage[];
  /** The card as the prompt sees it (default: the speaker's own). */
  card?: PromptCharacter;
  /** Names whose lines end the reply (besides the user's). */
  stopNames?: string[];
}

/** What the source's prompt step gets. */
export interface SourcePromptInput {
  speaker: ChatCharacter;
  newest: ChatMessageRow[];
  kind: ReplyKind;
  target: ChatMessageRow | undefined;
  content: string | undefined;
  historyMessages: number;
  userName: string;
  /** Who asks (what they may still see decides which members' definitions a group prompt uses). */
  actor: Actor;
}

/**
 * What differs between a one-to-one conversation and a group (one-to-one.ts, modules/groups/group-generation.ts): how the
 * conversation is read and found, who speaks, a lock of its own, the speaker's card and the history's labels. The
 * pipeline runs every refusal, the cost, the stream, the saving, the refunds and the inspector record around it.
 */
export interface ReplySource<R extends SourceRead = SourceRead> {
  /** A group's replies name their speaker, and its first message does not count as a one-to-one chat. */
  readonly group: boolean;
  /** Everything the reply needs, read in one statement; rejects with the 404 of a missing character or group. */
  read(q: SourceReadQuery): Promise<R>;
  /** The conversation replied in (404 when it is not the caller's), or undefined for a first one-to-one message. */
  conversation(read: R, actor: Actor): ConversationRow | undefined;
  /** Who replies: refusals when that cannot be (409 a speaker gone, 400 nobody picked, 404 not a member). */
  speaker(read: R, s: { actor: Actor; newest: ChatMessageRow[]; target: ChatMessageRow | undefined; content?: string }): ChatCharacter;
  /** The 409's sentence when the speaker was deleted by its creator. */
  deletedRefusal(speaker: ChatCharacter): string;
  /** A lock of the source's own (a group: one reply at a time), taken last of the checks; resolves with its release. */
  hold?(read: R): Promise<() => Promise<void>>;
  prompt(read: R, p: SourcePromptInput): SourcePrompt;
  /** After a reply was saved (a group: the skipped members may speak again). */
  afterReply?(read: R): Promise<void>;
}
