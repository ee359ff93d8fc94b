import type { ConversationPersona, Persona } from '@reverie/shared';
import type { PersonaRow } from './personas.repo.ts';
import type { ConversationPersonaState } from './personas.service.ts';

export function toPersona(row: PersonaRow): Persona {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    pronouns: row.pronouns,
    avatarUrl: row.avatarUrl,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toConversationPersona(s: ConversationPersonaState): ConversationPersona {
  return {
    conversationId: s.conversation.id,
    persona: s.effective ? toPersona(s.effective.persona) : null,
    source: s.effective?.source ?? 'none',
    userName: s.userName,
  };
}
