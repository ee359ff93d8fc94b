// A conversation's memory: a summary the model writes every few messages and facts the user pins; both go into the
// prompt, and the user can read and edit them.
import { writeNote } from '../../providers/llm/note.ts';
import type { Actor } from '../../lib/access.ts';
import { ownConversation } from './chat-access.ts';
import type { ChatCharacter } from './chat-context.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ConversationRow } from './chat.repo.ts';

const SUMMARY_INSTRUCTIONS =
  'You keep the memory of a roleplay conversation. Write a short summary (at most 120 words) of the facts, events and relationships so far, in the third person. Keep what matters for continuing the story. Output only the summary.';

export class ConversationMemory {
  constructor(private readonly deps: ChatDeps) {}

  async read(actor: Actor, conversationId: string): Promise<ConversationRow> {
    return ownConversation(this.deps, actor, conversationId);
  }

  /** The user's own summary and pinned facts (checked against the policy like a message; duplicates dropped). */
  async update(actor: Actor, conversationId: string, body: { summary: string; pinned: string[] }): Promise<ConversationRow> {
    const conv = await ownConversation(this.deps, actor, conversationId);
    const character = await this.deps.uow.repos.characters.findById(conv.characterId);
    this.deps.moderation.assertAllowed(
      { summary: body.summary, ...Object.fromEntries(body.pinned.map((p, i) => [`pinned${i}`, p])) },
      { surface: 'chat-user', nsfwContext: character?.nsfw, userId: actor.userId, fieldLabels: { summary: 'memory summary' } },
    );
    const pinned = [...new Set(body.pinned.map((p) => p.trim()).filter(Boolean))];
    return (await this.deps.uow.repos.chat.setMemory(conv.id, { summary: body.summary, pinned }))!;
  }

  /** Every `memoryEvery` messages, the model writes a short summary of what happened (in the background). */
  summarizeLater(conversationId: string, character: ChatCharacter, userName: string): void {
    this.deps.background.run('chat memory summary', () => this.summarize(conversationId, character, userName));
  }

  private async summarize(conversationId: string, character: ChatCharacter, userName: string): Promise<void> {
    const { chat } = this.deps.uow.repos;
    const conv = await chat.conversation(conversationId);
    if (!conv) return;
    const count = await chat.countMessages(conversationId);
    if (count - conv.summarizedCount < this.deps.settings.memoryEvery) return;
    const rows = await chat.messagesInOrder(conversationId, conv.summarizedCount, 200);
    // A group chat's replies are labelled by who wrote each (modules/groups).
    const names = new Map<string, string>([[character.id, character.name]]);
    for (const id of new Set(rows.map((m) => m.speakerId).filter((x): x is string => !!x && !names.has(x)))) {
      names.set(id, (await this.deps.uow.repos.characters.findById(id))?.name ?? character.name);
    }
    const transcript = rows
      .filter((m) => m.status !== 'blocked')
      .map((m) => `${m.role === 'user' ? userName : (names.get(m.speakerId ?? '') ?? character.name)}: ${m.content}`)
      .join('\n')
      .slice(-12_000);
    const text = await writeNote(this.deps.llm, {
      instructions: SUMMARY_INSTRUCTIONS,
      prompt: `${conv.memorySummary ? `Summary so far:\n${conv.memorySummary}\n\n` : ''}New messages:\n${transcript}\n\nUpdated summary:`,
      maxTokens: 200,
    });
    const summary = text.slice(0, 4000);
    const verdict = this.deps.moderation.check({ summary }, { surface: 'chat-reply', nsfwContext: character.nsfw });
    if (!summary || !verdict.allowed) return;
    await chat.setMemory(conversationId, { summary, summarizedCount: count });
  }
}
