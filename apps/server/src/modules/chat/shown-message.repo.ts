// A message as the chat shows it: with the persona its author wrote it as (or the account, for a message written as
// none), read in the same statement as the message (a left join on personas, a subquery for the account), so no read
// of messages pays another round trip for it.
import { eq, sql } from 'drizzle-orm';
import { rowFromJson } from '../../db/json-row.ts';
import { chatMessages, personas, type ChatMessageRow } from '../../db/schema/index.ts';
import { withFields } from '../../lib/with-fields.ts';

/** The persona a user's message was written as: its name and avatar as they are now. */
export interface MessagePersona {
  name: string;
  avatarUrl: string | null;
}

/**
 * A message with who wrote it: a user's message, the persona it was written as, else the account (its username and
 * avatar: written as no persona, or as one deleted since), never whoever the user is now. Null for replies.
 */
export type ShownMessageRow = ChatMessageRow & { persona: MessagePersona | null };

/** The account that owns a message's conversation, as a correlated subquery on `column` of `users`. */
function ownerColumn(column: 'username' | 'avatar_url') {
  return sql`(select u.${sql.raw(column)} from conversations oc join users u on u.id = oc.user_id where oc.id = ${chatMessages.conversationId})`;
}

/** Select these with `.leftJoin(personas, messagePersonaJoin)`, then map each row with `shownMessage`. */
export const shownMessageColumns = {
  m: chatMessages,
  personaName: sql<
    string | null
  >`case when ${personas.id} is not null then ${personas.name} when ${chatMessages.role} = 'user' then ${ownerColumn('username')} end`,
  personaAvatarUrl: sql<
    string | null
  >`case when ${personas.id} is not null then ${personas.avatarUrl} when ${chatMessages.role} = 'user' then ${ownerColumn('avatar_url')} end`,
};
export const messagePersonaJoin = eq(personas.id, chatMessages.personaId);

export function shownMessage(r: { m: ChatMessageRow; personaName: string | null; personaAvatarUrl: string | null }): ShownMessageRow {
  return withFields(r.m, { persona: r.personaName === null ? null : { name: r.personaName, avatarUrl: r.personaAvatarUrl } });
}

/** A message read as JSON with the persona's `persona_name` and `persona_avatar_url` beside its columns. */
export function shownMessageFromJson(json: Record<string, unknown>): ShownMessageRow {
  const name = json.persona_name;
  const persona = typeof name === 'string' ? { name, avatarUrl: (json.persona_avatar_url as string | null) ?? null } : null;
  return withFields(rowFromJson(chatMessages, json), { persona });
}
