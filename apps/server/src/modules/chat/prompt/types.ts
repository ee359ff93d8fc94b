import type { ChatMessage } from '../../../providers/llm/llm-provider.ts';
import type { MessageOrder } from '../../../providers/llm/message-order.ts';

export type LorePosition = 'before_char' | 'after_char' | 'at_depth';

export interface LoreEntry {
  /** Stable within the character's book: the card's own `id`, else `#<position>` (1-based); per-conversation toggles use it. */
  id?: string;
  keys: string[];
  content: string;
  /** Lower goes first; also the order in which the token budget is spent. */
  insertionOrder: number;
  enabled: boolean;
  /** Inserted whether or not a key matched. */
  constant?: boolean;
  caseSensitive?: boolean;
  /** Where the entry goes; `after_char` by default. */
  position?: LorePosition;
  /** For `at_depth`: how many messages from the end of the history (0 = after the last one). */
  depth?: number;
  /** Shown in the diagnostics breakdown. */
  name?: string;
}

export interface PromptCharacter {
  name: string;
  description?: string;
  personality?: string;
  scenario?: string;
  /** Example conversations, each block starting with `<START>`. */
  exampleDialogue?: string;
  /** Replaces the default roleplay instructions; `{{original}}` inserts them. */
  systemPrompt?: string;
  /** Sent after the history, closest to the reply. */
  postHistoryInstructions?: string;
  characterBook?: LoreEntry[];
}

export interface PromptMemory {
  /** Summary of the conversation so far, used when older messages no longer fit. */
  summary?: string;
  /** Facts the user pinned ("my name is Sam, I'm a pilot"); always included. */
  pinnedFacts?: string[];
  /** Passages recalled from earlier in the conversation (modules/memory), each one line, within recall's budget. */
  recalled?: string[];
  /** The journal of memories (modules/memory): the pinned ones and the newest, within a quarter of recall's budget. */
  journal?: string[];
}

/** Who the user is in the story: `userName` is the persona's name; this is the rest of it. */
export interface PromptPersona {
  description?: string;
  pronouns?: string | null;
}

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
  /** The stored message (none for the message being sent); the inspector records which ones went in. */
  id?: string;
}

export interface AssembleOptions {
  /** How many of the latest messages are scanned for lorebook keys. */
  loreScanDepth?: number;
  /** Most tokens lorebook entries may take. Default: a quarter of the context. */
  loreBudget?: number;
  /** Template tokens each message costs beyond its text (role markers). */
  messageOverhead?: number;
  /**
   * Tokens kept free beyond the parts' own counts: what the chat template adds around them and what the counts
   * missed, learnt by counting the whole prompt (prompt/fit.ts).
   */
  reserveTokens?: number;
  /**
   * The message order the model's chat template accepts (`arrangeMessages`); default `strict`: one system message,
   * alternating turns starting with a user turn, notes (depth lore, post-history instructions) inside user turns.
   */
  messageOrder?: MessageOrder;
}

export interface AssembleInput {
  character: PromptCharacter;
  userName: string;
  /** The user's persona: an "About {{user}}" block after the character sheet (and its lore). */
  persona?: PromptPersona;
  memory?: PromptMemory;
  /** Oldest first: the greeting, …, and the new user message last (or a cut-off reply to continue). */
  history: HistoryMessage[];
  contextSize: number;
  /** Tokens kept free for the reply (the request's maxTokens). */
  replyBudget: number;
  countTokens: (text: string) => number;
  options?: AssembleOptions;
  /** The user's message expressed a crisis: this reply steps out of the role-play (CRISIS_TURN_INSTRUCTION). */
  crisisTurn?: boolean;
}

export interface PromptBreakdown {
  contextSize: number;
  replyBudget: number;
  /** Tokens available for the prompt: contextSize − replyBudget. */
  available: number;
  /** Tokens per part, each including its message overhead share. */
  tokens: {
    instructions: number;
    character: number;
    lore: number;
    /** The user's persona block. */
    persona: number;
    memory: number;
    examples: number;
    history: number;
    postHistory: number;
    total: number;
  };
  history: { included: number; dropped: number };
  examples: { included: number; dropped: number };
  lore: {
    included: string[];
    skippedForBudget: string[];
    /** Each entry that went in: its id and label, the key that triggered it (null: a constant entry), its tokens. */
    entries: Array<{ id: string; label: string; key: string | null; tokens: number; position: LorePosition }>;
  };
  summaryUsed: boolean;
  /** The character sheet's parts (each part's own tokens; `tokens.character` is the whole sheet). */
  sheet: { description: number; personality: number; scenario: number };
  /** `tokens.memory` split: the pinned facts (how many) and the summary (0 when not used). */
  memory: { pinnedFacts: number; pinnedTokens: number; summaryTokens: number; recalledTokens?: number; journalTokens?: number };
}

export interface AssembledPrompt {
  messages: ChatMessage[];
  stop: string[];
  breakdown: PromptBreakdown;
}
