// Personas: who the user is in a story. The rules: at most PERSONA_LIMITS.maxPersonas per account, one default (the
// first persona is it; deleting it promotes the oldest left), text checked by the blocked-content policy when saved,
// the persona of a conversation chosen only among the caller's own personas and remembered for the character.
import { randomBytes } from 'node:crypto';
import { PERSONA_LIMITS } from '@reverie/shared';
import { applyMacros } from '@reverie/shared/macros';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { ownerPolicy, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { reencodeSquareWebp } from '../../lib/images.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { ChatRepo, ConversationRow } from '../chat/index.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import {
  ACCOUNT,
  type EffectivePersona,
  type PersonaChoice,
  type PersonaPatch,
  type PersonaRow,
  type PersonasRepo,
} from './personas.repo.ts';

export const PERSONA_AVATAR_SIZE = 512;

export const personaPolicy = ownerPolicy<PersonaRow>({ what: 'Persona', ownerId: (p) => p.userId });

export type PersonasUnitOfWork = UnitOfWork<{ personas: PersonasRepo; chat: ChatRepo; characters: CharactersRepo; users: UsersRepo }>;

/** The persona a conversation uses and the name `{{user}}` stands for in it. */
export interface ConversationPersonaState {
  conversation: ConversationRow;
  effective: EffectivePersona | undefined;
  userName: string;
}

const FIELD_LABELS = { name: 'persona name', description: 'persona description', pronouns: 'pronouns' };

export class PersonasService {
  constructor(
    private readonly uow: PersonasUnitOfWork,
    private readonly moderation: Pick<ModerationService, 'assertAllowedJudged'>,
    private readonly storage: MediaStorage,
  ) {}

  list(userId: string): Promise<PersonaRow[]> {
    return this.uow.repos.personas.list(userId);
  }

  async create(
    actor: Actor,
    body: { name: string; description: string; pronouns?: string | null; isDefault?: boolean },
  ): Promise<PersonaRow> {
    await this.checkText(actor, body);
    return this.uow.run(async ({ personas }) => {
      await personas.lockUser(actor.userId);
      const existing = await personas.count(actor.userId);
      if (existing >= PERSONA_LIMITS.maxPersonas) {
        throw AppError.conflict(`You can keep at most ${PERSONA_LIMITS.maxPersonas} personas. Delete one to make room for another.`);
      }
      const row = await personas.insert({
        userId: actor.userId,
        name: body.name,
        description: body.description,
        pronouns: body.pronouns || null,
      });
      if (existing === 0 || body.isDefault) return (await personas.setDefault(actor.userId, row.id))!;
      return row;
    });
  }

  async update(actor: Actor, id: string, patch: { name?: string; description?: string; pronouns?: string | null }): Promise<PersonaRow> {
    const current = await this.own(actor, id);
    await this.checkText(actor, {
      name: patch.name ?? current.name,
      description: patch.description ?? current.description,
      pronouns: patch.pronouns !== undefined ? patch.pronouns : current.pronouns,
    });
    const next: PersonaPatch = {};
    if (patch.name !== undefined) next.name = patch.name;
    if (patch.description !== undefined) next.description = patch.description;
    if (patch.pronouns !== undefined) next.pronouns = patch.pronouns || null;
    return (await this.uow.repos.personas.update(id, next)) ?? this.missing();
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const current = await this.own(actor, id);
    await this.uow.run(async ({ personas }) => {
      await personas.lockUser(current.userId);
      await personas.delete(id);
      // Always, under the lock: a parallel delete may have promoted this very persona after `current` was read.
      await personas.promoteOldest(current.userId);
    });
    await this.storage.removeByUrl(current.avatarUrl);
  }

  async setDefault(actor: Actor, id: string): Promise<PersonaRow> {
    const current = await this.own(actor, id);
    return this.uow.run(async ({ personas }) => {
      await personas.lockUser(current.userId);
      return (await personas.setDefault(current.userId, id)) ?? this.missing();
    });
  }

  async setAvatar(actor: Actor, id: string, upload: Buffer): Promise<PersonaRow> {
    const current = await this.own(actor, id);
    const webp = await reencodeSquareWebp(upload, PERSONA_AVATAR_SIZE);
    const url = await this.storage.put(`avatars/personas/${current.id}/${randomBytes(8).toString('hex')}.webp`, webp, 'image/webp');
    const row = await this.uow.repos.personas.update(id, { avatarUrl: url });
    if (!row) {
      await this.storage.removeByUrl(url);
      return this.missing();
    }
    await this.storage.removeByUrl(current.avatarUrl);
    return row;
  }

  async removeAvatar(actor: Actor, id: string): Promise<PersonaRow> {
    const current = await this.own(actor, id);
    const row = (await this.uow.repos.personas.update(id, { avatarUrl: null })) ?? this.missing();
    await this.storage.removeByUrl(current.avatarUrl);
    return row;
  }

  /** The caller's conversation's persona (404 for someone else's conversation). */
  async ofConversation(actor: Actor, conversationId: string): Promise<ConversationPersonaState> {
    const conversation = await this.ownConversation(actor, conversationId);
    return this.stateOf(conversation);
  }

  /**
   * Chooses the persona of the caller's conversation (null: back to the default; `account`: the account's own name, no
   * persona) and remembers it for the character.
   * Only the caller's own personas: anyone else's id is a 404 like a missing one. While the conversation has no
   * message of the user's, its greeting is written again with the new name.
   */
  async choose(actor: Actor, conversationId: string, personaId: string | null, account = false): Promise<ConversationPersonaState> {
    const conversation = await this.ownConversation(actor, conversationId);
    const choice: PersonaChoice = account ? ACCOUNT : personaId;
    if (personaId !== null && !account) {
      const persona = await this.uow.repos.personas.findById(personaId);
      if (!persona || persona.userId !== conversation.userId) this.missing();
    }
    await this.uow.run(async ({ personas }) => {
      await personas.setForConversation(conversation.id, choice);
      // A group's conversation is tied to its first member only to keep the column required: nothing to remember for
      // that character, and a group has no greeting to write again.
      if (!conversation.isGroup) await personas.rememberForCharacter(conversation.userId, conversation.characterId, choice);
    });
    const state = await this.stateOf(conversation);
    if (!conversation.isGroup) await this.regreet(conversation, state.userName);
    return state;
  }

  private async stateOf(conversation: ConversationRow): Promise<ConversationPersonaState> {
    const { personas, users } = this.uow.repos;
    const [effective, username] = await Promise.all([
      personas.effective({
        userId: conversation.userId,
        // A group has no character of its own (its first member only anchors the row): nothing remembered applies.
        characterId: conversation.isGroup ? null : conversation.characterId,
        conversationId: conversation.id,
      }),
      users.usernameOf(conversation.userId),
    ]);
    return { conversation, effective, userName: effective?.persona.name ?? username ?? 'User' };
  }

  /** The greeting, written again for a new `{{user}}`, as long as the user has not written (nor edited it). */
  private async regreet(conversation: ConversationRow, userName: string): Promise<void> {
    const { chat, characters } = this.uow.repos;
    const [messages, character] = await Promise.all([
      chat.messagesNewestFirst(conversation.id, 2),
      characters.findById(conversation.characterId),
    ]);
    const greeting = messages[0];
    if (!character || messages.length !== 1 || greeting?.role !== 'assistant' || greeting.editedAt) return;
    const names = { char: character.name, user: userName };
    const greetings = [character.greeting, ...(character.alternateGreetings ?? [])]
      .map((g) => applyMacros(g ?? '', names).trim())
      .filter(Boolean);
    if (greetings.length === 0 || greetings.length !== greeting.swipes.length) return;
    const swipeIndex = Math.min(greeting.swipeIndex, greetings.length - 1);
    await chat.updateMessage(greeting.id, { content: greetings[swipeIndex]!, swipes: greetings });
  }

  private async ownConversation(actor: Actor, conversationId: string): Promise<ConversationRow> {
    const conversation = await this.uow.repos.chat.conversation(conversationId);
    if (!conversation || conversation.userId !== actor.userId) throw AppError.notFound('Conversation');
    return conversation;
  }

  private async own(actor: Actor, id: string): Promise<PersonaRow> {
    return personaPolicy.assert(actor, await this.uow.repos.personas.findById(id), 'write');
  }

  private missing(): never {
    throw AppError.notFound('Persona');
  }

  /** A persona goes into prompts: the policy checks it when saved (explicit fiction is fine, the usual limits hold). */
  private async checkText(actor: Actor, text: { name: string; description: string; pronouns?: string | null }): Promise<void> {
    await this.moderation.assertAllowedJudged(
      { name: text.name, description: text.description, pronouns: text.pronouns ?? undefined },
      { surface: 'character', nsfwContext: true, userId: actor.userId, fieldLabels: FIELD_LABELS },
    );
  }
}
