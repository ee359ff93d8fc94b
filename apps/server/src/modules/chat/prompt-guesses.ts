// What the last reply of a conversation left behind, so the next message can ask the model before its reads are back.
//
// A guess is only ever a prediction: the message still reads everything, runs every check and builds its prompt from
// what it read; the request sent early is kept only when that prompt is exactly the one it sent (anything that
// changed meanwhile — an edit, a deletion, the memory, the character, the plan — makes them differ, and the early
// request is aborted and the model asked again). Nothing reaches the client or the database before those checks.
import type { ChatCharacter, ChatMessageRow, ConversationRow } from './chat.repo.ts';

/** The fields of a message the prompt reads. */
export type HistoryRow = Pick<ChatMessageRow, 'id' | 'role' | 'content' | 'status'>;

export interface PromptGuess {
  /** The session the guess was made for: another session of the same user starts without one. */
  familyId: string;
  conversationId: string;
  character: ChatCharacter;
  userName: string;
  memory: Pick<ConversationRow, 'memorySummary' | 'pinnedFacts'>;
  /** The conversation's newest messages, newest first, as the next read will find them. */
  newest: HistoryRow[];
  limits: { maxTokens: number; historyMessages: number; inFlight: number };
}

/** A guess older than this is not used (the conversation has most likely moved on elsewhere). */
export const GUESS_TTL_MS = 10 * 60_000;
const MAX_GUESSES = 20_000;
/** The texts all guesses may hold together (characters of sheets, lorebooks, memories and histories), about 64 MiB. */
export const MAX_GUESS_CHARS = 32 * 1024 * 1024;

/** The characters a guess holds on to (its strings dominate its memory). */
export function guessSize(g: PromptGuess): number {
  const c = g.character;
  let n = g.userName.length + g.memory.memorySummary.length;
  for (const fact of g.memory.pinnedFacts) n += fact.length;
  for (const m of g.newest) n += m.content.length;
  for (const text of [c.name, c.tagline, c.description, c.personality, c.scenario, c.exampleDialogue, c.systemPrompt]) {
    n += text?.length ?? 0;
  }
  n += c.postHistoryInstructions?.length ?? 0;
  if (c.characterBook) n += JSON.stringify(c.characterBook).length;
  return n;
}

export class PromptGuesses {
  private readonly entries = new Map<string, PromptGuess & { at: number; size: number }>();
  private chars = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxChars = MAX_GUESS_CHARS,
  ) {}

  /**
   * Takes the guess for this user and character, when it fits the session and the conversation asked for. A guess
   * serves one message: another sent before that one's reply is saved (two at once) starts without one.
   */
  take(userId: string, characterId: string, familyId: string | undefined, conversationId: string | undefined): PromptGuess | undefined {
    const key = `${userId}:${characterId}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.drop(key);
    if (this.now() - entry.at > GUESS_TTL_MS) return undefined;
    if (!familyId || entry.familyId !== familyId) return undefined;
    if (conversationId !== undefined && conversationId !== entry.conversationId) return undefined;
    return entry;
  }

  set(userId: string, characterId: string, guess: PromptGuess): void {
    const key = `${userId}:${characterId}`;
    const size = guessSize(guess);
    this.drop(key);
    if (size > this.maxChars / 4) return; // one huge conversation does not push out everyone else's
    // Oldest first out: a Map iterates in insertion order, and a refreshed entry moves to the end.
    while (this.entries.size > 0 && (this.entries.size >= MAX_GUESSES || this.chars + size > this.maxChars)) {
      this.drop(this.entries.keys().next().value!);
    }
    this.entries.set(key, { ...guess, at: this.now(), size });
    this.chars += size;
  }

  /** Forgets the guess (the conversation changed in a way the next prompt will not match). */
  forget(userId: string, characterId: string): void {
    this.drop(`${userId}:${characterId}`);
  }

  /** How many guesses are held, and their characters. */
  get held(): { guesses: number; chars: number } {
    return { guesses: this.entries.size, chars: this.chars };
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.size;
  }
}
