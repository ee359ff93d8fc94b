// A message as the chat shows it: with the persona its author wrote it as, read in the same statement as the message
// (a left join on personas), so no read of messages pays another round trip for it.
import { eq } from 'drizzle-orm';
import { rowFromJson } from '../../db/json-row.ts';
import { chatMessages, personas, type ChatMessageRow } from '../../db/schema/index.ts';

/** The persona a user's message was written as: its name and avatar as they are now. */
export interface MessagePersona {
  name: string;
  avatarUrl: string | null;
}

/** A message with its persona: null for replies, and when none was recorded or that persona was deleted. */
export type ShownMessageRow = ChatMessageRow & { persona: MessagePersona | null };

/** Select these with `.leftJoin(personas, messagePersonaJoin)`, then map each row with `shownMessage`. */
export const shownMessageColumns = { m: chatMessages, personaName: personas.name, personaAvatarUrl: personas.avatarUrl };
export const messagePersonaJoin = eq(personas.id, chatMessages.personaId);

export function shownMessage(r: { m: ChatMessageRow; personaName: string | null; personaAvatarUrl: string | null }): ShownMessageRow {
  return { ...r.m, persona: r.personaName === null ? null : { name: r.personaName, avatarUrl: r.personaAvatarUrl } };
}

/** A message read as JSON with the persona's `persona_name` and `persona_avatar_url` beside its columns. */
export function shownMessageFromJson(json: Record<string, unknown>): ShownMessageRow {
  const name = json.persona_name;
  const persona = typeof name === 'string' ? { name, avatarUrl: (json.persona_avatar_url as string | null) ?? null } : null;
  return { ...rowFromJson(chatMessages, json), persona };
}
