// Conversations and whole accounts as files: a chat exported as SillyTavern JSONL, Markdown or text; a SillyTavern
// chat imported into a new conversation with a chosen character (swipes kept, every message checked by the
// moderation policy; parsed, checked and stored in slices with the event loop free between them, #47.4); and `exportAll(userId)`: every character (as .charx) and every chat (as .jsonl) in one zip.
import type { Readable } from 'node:stream';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { ownerPolicy, type Actor } from '../../lib/access.ts';
import { zipReadable, type ZipEntry } from '../../lib/zip-stream.ts';
import { assertVisible } from '../characters/character-access.ts';
import { cardFilename } from '@reverie/shared';
import type { CharacterCards, ExportedCard } from '../characters/character-cards.service.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { KnownCards } from '../moderation/crisis.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { parseJsonlInTurns, toJsonl, toMarkdown, toPlainText, type ChatFile } from './chat-formats.ts';
import type { ConversationRow, TransferRepo } from './transfer.repo.ts';

type Repos = { transfer: TransferRepo; characters: CharactersRepo };

export type ChatExportFormat = 'jsonl' | 'md' | 'txt';

const conversationPolicy = ownerPolicy<ConversationRow>({ what: 'Conversation', ownerId: (c) => c.userId });

const CONTENT_TYPES: Record<ChatExportFormat, string> = {
  jsonl: 'application/jsonl; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export interface ChatImportResult {
  conversationId: string;
  characterId: string;
  messages: number;
  swipes: number;
  /** Sentences for the person who imported the chat. */
  warnings: string[];
}

export class TransferService {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly cards: CharacterCards,
    private readonly moderation: ModerationService,
    /** The crisis protocol's resources list: an imported message keeps its card only when the key names one of its lists. */
    private readonly crisisCards: KnownCards,
  ) {}

  private async chatFile(conversation: ConversationRow): Promise<ChatFile> {
    const { transfer } = this.uow.repos;
    const [messages, userName, groupName] = await Promise.all([
      transfer.messages(conversation.id),
      transfer.displayName(conversation.userId, conversation),
      conversation.isGroup ? transfer.groupName(conversation.id) : undefined,
    ]);
    // A group chat is named after the group, and each reply after the member who wrote it (not the first member).
    const speakerIds = messages.flatMap((m) => (m.speakerId ? [m.speakerId] : []));
    const names = await transfer.characterNames([...new Set([conversation.characterId, ...speakerIds])]);
    const characterName = names.get(conversation.characterId) ?? 'Character';
    return {
      userName,
      characterName: groupName ?? characterName,
      createdAt: conversation.createdAt,
      messages: messages.map((m) => ({
        isUser: m.role === 'user',
        name: m.role === 'user' ? m.persona?.name : m.speakerId ? (names.get(m.speakerId) ?? characterName) : undefined,
        text: m.content,
        swipes: m.role === 'assistant' ? (m.swipes.length > 0 ? m.swipes : [m.content]) : [],
        swipeIndex: m.swipeIndex,
        sentAt: m.createdAt,
        ...(m.crisisCard ? { crisisCard: m.crisisCard } : {}),
      })),
    };
  }

  async exportConversation(actor: Actor, id: string, format: ChatExportFormat): Promise<ExportedCard> {
    const conversation = conversationPolicy.assert(actor, await this.uow.repos.transfer.conversation(id), 'read');
    const chat = await this.chatFile(conversation);
    const text = format === 'jsonl' ? toJsonl(chat) : format === 'md' ? toMarkdown(chat) : toPlainText(chat);
    const date = conversation.createdAt.toISOString().slice(0, 10);
    return {
      bytes: Buffer.from(text, 'utf8'),
      contentType: CONTENT_TYPES[format],
      filename: cardFilename(`${chat.characterName} ${date}`, format),
    };
  }

  /** A SillyTavern chat into a new conversation with a character the user may chat with; all or nothing. */
  async importChat(actor: Actor, characterId: string, bytes: Buffer): Promise<ChatImportResult> {
    const character = assertVisible(actor, await this.uow.repos.characters.findById(characterId));
    const chat = await parseJsonlInTurns(bytes);
    // Every text of the file in one check, in the character's own context (its rating).
    const fields: Record<string, string> = {};
    const labels: Record<string, string> = {};
    chat.messages.forEach((m, i) => {
      const texts = m.swipes.length > 0 ? m.swipes : [m.text];
      texts.forEach((t, j) => {
        const key = `m${i}_${j}`;
        fields[key] = t;
        labels[key] = `Message ${i + 1}${texts.length > 1 ? `, swipe ${j + 1}` : ''}`;
      });
    });
    await this.moderation.assertAllowedInTurns(fields, {
      surface: 'chat-user',
      nsfwContext: character.nsfw,
      userId: actor.userId,
      fieldLabels: labels,
    });
    const conversation = await this.uow.run((r) =>
      r.transfer.importConversation(
        actor.userId,
        character.id,
        chat.createdAt,
        chat.messages.map((m) => ({
          role: m.isUser ? 'user' : 'assistant',
          content: m.text,
          swipes: m.swipes.length > 0 ? m.swipes : m.isUser ? [] : [m.text],
          swipeIndex: m.swipeIndex,
          createdAt: m.sentAt,
          // The card the chat showed with the message, as exported: restored, never counted again (not a new referral).
          crisisCard: m.isUser && this.crisisCards.knownCard(m.crisisCard) ? m.crisisCard : null,
        })),
      ),
    );
    const warnings: string[] = [];
    if (chat.skipped > 0) warnings.push(`${chat.skipped} system message${chat.skipped === 1 ? ' was' : 's were'} left out.`);
    if (chat.badDates > 0) {
      warnings.push(
        `${chat.badDates} date${chat.badDates === 1 ? ' was' : 's were'} out of range (before 1970, after 2099 or unreadable); the message${chat.badDates === 1 ? ' was' : 's were'} kept with the time of the message before.`,
      );
    }
    if (chat.characterName && chat.characterName !== character.name) {
      warnings.push(`The chat was with "${chat.characterName}"; it now continues with ${character.name}.`);
    }
    return {
      conversationId: conversation.id,
      characterId: character.id,
      messages: chat.messages.length,
      swipes: chat.messages.reduce((n, m) => n + m.swipes.length, 0),
      warnings,
    };
  }

  /**
   * Everything a user made and said: `characters/<name>.charx` for each of their characters (with portrait and
   * assets) and `chats/<character>-<date>.jsonl` for each conversation, as one zip made while it is sent (one file in
   * memory at a time, the event loop free between slices: lib/zip-stream.ts).
   */
  exportAll(userId: string): Readable {
    const readme = Buffer.from(
      'Your Reverie characters (.charx: Character Card V3 with pictures) and chats (.jsonl: SillyTavern chat files).\n',
    );
    const entries = this.exportEntries(userId);
    return zipReadable(
      (async function* () {
        yield* entries;
        yield { path: 'README.txt', bytes: readme, compress: true };
      })(),
    );
  }

  /** exportAll's files (`characters/…`, `chats/…`), one at a time, for archives that add their own (the account export). */
  async *exportEntries(userId: string): AsyncGenerator<ZipEntry> {
    const { transfer, characters } = this.uow.repos;
    const actor: Actor = { userId, role: 'user' };
    const paths = new Set<string>();
    const unique = (folder: string, name: string) => {
      let path = `${folder}/${name}`;
      for (let n = 2; paths.has(path); n++) path = `${folder}/${name.replace(/(\.[a-z]+)$/, `-${n}$1`)}`;
      paths.add(path);
      return path;
    };
    for (const id of await transfer.characterIdsOf(userId)) {
      const row = await characters.findById(id);
      if (!row) continue;
      const file = await this.cards.exportRow(row, 'charx');
      yield { path: unique('characters', file.filename), bytes: file.bytes, compress: false };
    }
    for (const conversation of await transfer.conversationsOf(userId)) {
      const file = await this.exportConversation(actor, conversation.id, 'jsonl');
      yield { path: unique('chats', file.filename), bytes: file.bytes, compress: true };
    }
  }
}
