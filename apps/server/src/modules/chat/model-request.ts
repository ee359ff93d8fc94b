// The request to the model for a reply: the prompt built from what was read (shrinking the reply budget before
// refusing a prompt that cannot fit), the streaming request, and ending a request nobody will read.
import { AppError } from '../../lib/app-error.ts';
import type { LlmContextOverflowError, LlmChunk } from '../../providers/llm/llm-provider.ts';
import type { ChatCharacter } from './chat-context.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';
import { withLoreOff } from './inspector/lore-toggles.ts';
import {
  type assemblePrompt,
  loreOptions,
  neutralizeTemplateTokens,
  promptCharacter,
  PromptTooLongError,
  reserveAfterOverflow,
  fitPrompt,
  retryOnOverflow,
  type AssembleInput,
  type FittedPrompt,
  type HistoryMessage,
  type PromptPersona,
} from './prompt/index.ts';
import type { PromptCharacter } from './prompt/types.ts';
import type { ReplyKind } from './pipeline.types.ts';

/** What a reply's prompt is made of. */
export interface PromptInputs {
  character: ChatCharacter;
  userName: string;
  /** The user's persona (its name is `userName`). */
  persona?: PromptPersona;
  memory: Pick<ConversationRow, 'memorySummary' | 'pinnedFacts' | 'disabledLore'>;
  history: HistoryMessage[];
  maxTokens: number;
  /** A group reply (modules/groups): the card as the prompt sees it (group scenario, every member's lorebook). */
  card?: PromptCharacter;
  /** A group reply: the other speakers' names, which end the reply when the model starts writing their lines. */
  stopNames?: string[];
  /** The user typed a message for this reply (a refusal may tell them to shorten it; Continue or Regenerate typed none). */
  typed?: boolean;
  /** Passages recalled from earlier in the conversation, as lines for the prompt ("2026-03-02, Sam: …"). */
  recalled?: string[];
  /** The journal's memories that go in (modules/memory): the pinned ones, then the newest, each one line. */
  journal?: string[];
  /** The user's message expressed a crisis: this reply steps out of the role-play (the crisis protocol). */
  crisis?: boolean;
}

/** A built prompt and the reply length it leaves room for. */
export interface ModelPrompt {
  prompt: ReturnType<typeof assemblePrompt>;
  replyBudget: number;
  /** After the model server refused the prompt as too long: the prompt trimmed to what it counted (once). */
  refit?: (err: LlmContextOverflowError) => Promise<ModelPrompt>;
  /** The user typed a message for this reply (`PromptInputs.typed`). */
  typed?: boolean;
}

/** Where the request waits in the model server's queue; the sink is attached once the client listens. */
export interface QueueWatch {
  position: number;
  sink?: { queue(position: number): void };
}

/** A request to the model under way; its first chunk is already awaited. */
export interface ModelRequest {
  stop: AbortController;
  stream: AsyncIterator<LlmChunk>;
  first: Promise<IteratorResult<LlmChunk>>;
  started: number;
}

/** How a kind of conversation shows a message to the model: as it is (one-to-one), or labelled (a group). */
export interface HistoryShape {
  message(m: ChatMessageRow): HistoryMessage;
  /** The user's new message. */
  newMessage(content: string): string;
}

const asWritten: HistoryShape = {
  message: (m) => ({ role: m.role, content: m.content, id: m.id }),
  newMessage: (content) => content,
};

/**
 * The history the model sees, oldest first: the plan's number of messages (`newest` is newest first), without the
 * reply being regenerated, blocked or empty messages; a new message at the end.
 */
export function promptHistory(
  newest: ChatMessageRow[],
  kind: ReplyKind,
  target: ChatMessageRow | undefined,
  content: string | undefined,
  historyMessages: number,
  shape: HistoryShape = asWritten,
): HistoryMessage[] {
  const history: HistoryMessage[] = newest
    .slice(0, historyMessages)
    .reverse()
    .filter((m) => m.id !== (kind === 'regenerate' ? target?.id : undefined) && m.status !== 'blocked' && m.content.trim())
    .map((m) => shape.message(m));
  if (kind === 'send') history.push({ role: 'user', content: shape.newMessage(content!) });
  // A message the character writes first: the note that asks for it stands where the user's message would.
  if (kind === 'first') history.push({ role: 'user', content: content! });
  return history;
}

/**
 * The prompt in the model's context as the model counts it (prompt/fit.ts); the reply budget shrinks (down to 64
 * tokens) before a 422, which costs nothing. `after`: a second build after the server refused the first as too long.
 */
export async function buildPrompt(
  llm: ChatDeps['llm'],
  i: PromptInputs,
  after?: { sent: FittedPrompt; input: AssembleInput; err: LlmContextOverflowError },
): Promise<ModelPrompt> {
  const { contextSize: known, messageOrder } = llm.info();
  const contextSize = Math.min(known, after?.err.contextSize ?? known);
  let replyBudget = Math.min(i.maxTokens, Math.floor(contextSize / 2));
  for (;;) {
    const card = i.card ?? promptCharacter(i.character);
    // Names enter "About {name}:", the labels and the stops: a chat-template token in one is broken like in any text.
    const input: AssembleInput = {
      character: withLoreOff({ ...card, name: neutralizeTemplateTokens(card.name) }, i.memory.disabledLore),
      userName: neutralizeTemplateTokens(i.userName),
      persona: i.persona,
      memory: { summary: i.memory.memorySummary || undefined, pinnedFacts: i.memory.pinnedFacts, journal: i.journal, recalled: i.recalled },
      history: i.history.length ? i.history : [{ role: 'user', content: '*waves*' }],
      contextSize,
      replyBudget,
      countTokens: (t) => llm.countTokens(t),
      options: { ...loreOptions(i.character), messageOrder },
      crisisTurn: i.crisis,
    };
    try {
      const reserve = after ? reserveAfterOverflow(after.sent, input, after.err.promptTokens) : undefined;
      const fitted = await fitPrompt(llm, input, reserve);
      const { prompt } = fitted;
      // Right after the user's name: an OpenAI-compatible server takes the first four (the rest are applied here).
      if (i.stopNames) prompt.stop.splice(1, 0, ...i.stopNames.map((n) => `\n${neutralizeTemplateTokens(n)}:`));
      const refit = after ? undefined : (err: LlmContextOverflowError) => buildPrompt(llm, i, { sent: fitted, input, err });
      return { prompt, replyBudget, refit, typed: i.typed };
    } catch (err) {
      if (!(err instanceof PromptTooLongError)) throw err;
      if (replyBudget > 64) {
        replyBudget = Math.max(64, Math.floor(replyBudget / 2));
        continue;
      }
      throw tooLong(err, i.typed);
    }
  }
}

/** A second refusal from the model server, in the words of a prompt that cannot fit. */
function serverCounted(err: LlmContextOverflowError): PromptTooLongError {
  const counted = err.promptTokens === undefined ? 'more tokens' : `${err.promptTokens} tokens`;
  const context = err.contextSize === undefined ? '' : ` of its ${err.contextSize}-token context`;
  return new PromptTooLongError(
    `The model server counted ${counted} for this conversation, more than fits${context}`,
    err.promptTokens ?? 0,
    err.contextSize ?? 0,
  );
}

/**
 * The 422 for a prompt that cannot fit (nothing is charged for it). Only a typed message is advised to be shortened:
 * a Continue, a Regenerate or a member asked to speak sent no text of the user's.
 */
function tooLong(err: PromptTooLongError, typed = false): AppError {
  const advice =
    err.part === 'character'
      ? "This model's context is too small for this character; nothing was charged."
      : typed
        ? 'Shorten the message or start a new conversation; nothing was charged.'
        : 'Start a new conversation, or shorten or delete some of the earlier messages; nothing was charged.';
  return new AppError(422, 'UNPROCESSABLE', `${err.message}. ${advice}`, { details: { rule: 'context_size', field: 'content' } });
}

/**
 * Asks the model; the first chunk is already being awaited. A server that refuses the prompt as longer than its
 * context (before any word) is asked once more with the prompt trimmed to its count; a second refusal is the 422
 * (the writer refunds a failed reply, so nothing is charged).
 */
export function askModel(deps: Pick<ChatDeps, 'llm' | 'settings'>, request: ModelPrompt, queue: QueueWatch): ModelRequest {
  const stop = new AbortController();
  const started = performance.now();
  const ask = (p: ModelPrompt) => {
    const reply = deps.llm.streamChat({
      messages: p.prompt.messages,
      stop: p.prompt.stop,
      maxTokens: p.replyBudget,
      temperature: deps.settings.temperature,
      topP: deps.settings.topP,
      signal: stop.signal,
      onQueuePosition: (position) => {
        queue.position = position;
        if (position > 0) queue.sink?.queue(position);
      },
    });
    return reply[Symbol.asyncIterator]();
  };
  const { typed } = request;
  const stream = retryOnOverflow(ask, request, (err) => tooLong(serverCounted(err), typed));
  const first = stream.next();
  first.catch(() => {}); // awaited by the relay; a refusal ends it first
  return { stop, stream, first, started };
}

/** Ends a request nobody will read. */
export function dropRequest(request: ModelRequest): void {
  request.stop.abort(new Error('not needed'));
  void request.first.then(() => request.stream.return?.()).catch(() => {});
}
