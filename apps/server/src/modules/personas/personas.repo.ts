// Personas, the persona chosen per conversation and the one remembered per character.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonColumn, rowFromJson } from '../../db/json-row.ts';
import { characterPersonaChoices, conversationPersonas, personas, users } from '../../db/schema/index.ts';

export type PersonaRow = typeof personas.$inferSelect;
export type NewPersona = typeof personas.$inferInsert;
export type PersonaPatch = Partial<Pick<NewPersona, 'name' | 'description' | 'pronouns' | 'avatarUrl'>>;

/** Why a conversation uses its persona: chosen for it, remembered for its character, or the user's default. */
export type PersonaSource = 'chosen' | 'character' | 'default';

/** A choice of who the user is: a persona's id, `ACCOUNT` (the account's own name, no persona) or null (no choice). */
export const ACCOUNT = Symbol('account');
export type PersonaChoice = string | typeof ACCOUNT | null;

export interface EffectivePersona {
  persona: PersonaRow;
  source: PersonaSource;
}

/**
 * The persona in force for a user, a character and a conversation (any may be an expression), as JSON: the one
 * chosen for the conversation, else the one remembered for the character, else the default; null when none.
 * One sub-select, so the chat's context read (`ChatContextRepo`) carries it without another round trip.
 */
export function effectivePersonaJson(userId: SQL, characterId: SQL, conversationId: SQL): SQL<unknown> {
  const chosen = sql`(select cp.persona_id from ${conversationPersonas} cp where cp.conversation_id = ${conversationId})`;
  const remembered = sql`(select ch.persona_id from ${characterPersonaChoices} ch
    where ch.user_id = ${userId} and ch.character_id = ${characterId})`;
  // The account's own name chosen for the conversation, or (nothing chosen for it) remembered for the character.
  const accountChosen = sql`exists (select 1 from ${conversationPersonas} cp where cp.conversation_id = ${conversationId} and cp.persona_id is null)`;
  const anyChosen = sql`exists (select 1 from ${conversationPersonas} cp where cp.conversation_id = ${conversationId})`;
  const accountRemembered = sql`exists (select 1 from ${characterPersonaChoices} ch
    where ch.user_id = ${userId} and ch.character_id = ${characterId} and ch.persona_id is null)`;
  return sql<unknown>`(select row_to_json(pp) from (
    select pe.*, case when pe.id = ${chosen} then 'chosen' when pe.id = ${remembered} then 'character' else 'default' end as source
    from ${personas} pe
    where pe.user_id = ${userId} and (pe.id = ${chosen} or pe.id = ${remembered} or pe.is_default)
      and not ${accountChosen} and not (not ${anyChosen} and ${accountRemembered})
    order by case when pe.id = ${chosen} then 0 when pe.id = ${remembered} then 1 else 2 end
    limit 1) pp)`;
}

/** Decodes `effectivePersonaJson`'s value. */
export function effectivePersonaFrom(value: unknown): EffectivePersona | undefined {
  const json = jsonColumn(value) as (Record<string, unknown> & { source?: PersonaSource }) | null;
  if (!json || typeof json !== 'object') return undefined;
  return { persona: rowFromJson(personas, json), source: json.source ?? 'default' };
}

export class PersonasRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The default first, then oldest first. */
  list(userId: string): Promise<PersonaRow[]> {
    return this.db
      .select()
      .from(personas)
      .where(eq(personas.userId, userId))
      .orderBy(desc(personas.isDefault), asc(personas.createdAt), asc(personas.id));
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(personas).where(eq(personas.userId, userId));
    return row?.n ?? 0;
  }

  async findById(id: string): Promise<PersonaRow | undefined> {
    const [row] = await this.db.select().from(personas).where(eq(personas.id, id));
    return row;
  }

  /** Serialises one user's persona writes (call inside `uow.run`): the limit and the single default hold under races. */
  async lockUser(userId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`personas:${userId}`}))`);
  }

  async insert(row: NewPersona): Promise<PersonaRow> {
    const [created] = await this.db.insert(personas).values(row).returning();
    return created!;
  }

  async update(id: string, patch: PersonaPatch): Promise<PersonaRow | undefined> {
    const [row] = await this.db
      .update(personas)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(personas.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(personas).where(eq(personas.id, id));
  }

  /** Makes `id` the user's only default (two statements: call inside `uow.run`). */
  async setDefault(userId: string, id: string): Promise<PersonaRow | undefined> {
    await this.db
      .update(personas)
      .set({ isDefault: false })
      .where(and(eq(personas.userId, userId), eq(personas.isDefault, true)));
    const [row] = await this.db
      .update(personas)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(and(eq(personas.id, id), eq(personas.userId, userId)))
      .returning();
    return row;
  }

  /** The oldest persona left becomes the default (after the default was deleted). */
  async promoteOldest(userId: string): Promise<void> {
    await this.db.execute(sql`update ${personas} set is_default = true where id = (
      select id from ${personas} where user_id = ${userId} order by created_at, id limit 1)
      and not exists (select 1 from ${personas} where user_id = ${userId} and is_default)`);
  }

  async effective(q: { userId: string; characterId: string | null; conversationId: string | null }): Promise<EffectivePersona | undefined> {
    const p = effectivePersonaJson(sql`${q.userId}::uuid`, sql`${q.characterId}::uuid`, sql`${q.conversationId}::uuid`);
    const [row] = await this.db.select({ p }).from(users).where(eq(users.id, q.userId));
    return effectivePersonaFrom(row?.p);
  }

  /** The conversation's own choice (null: none, the character's or the default applies; `ACCOUNT`: no persona). */
  async setForConversation(conversationId: string, choice: PersonaChoice): Promise<void> {
    const personaId = choice === ACCOUNT ? null : choice;
    if (choice === null) {
      await this.db.delete(conversationPersonas).where(eq(conversationPersonas.conversationId, conversationId));
      return;
    }
    await this.db
      .insert(conversationPersonas)
      .values({ conversationId, personaId })
      .onConflictDoUpdate({ target: conversationPersonas.conversationId, set: { personaId } });
  }

  /** A new conversation keeps the persona it started with (unless one was chosen for it meanwhile). */
  async pinToConversation(conversationId: string, personaId: string): Promise<void> {
    await this.db.insert(conversationPersonas).values({ conversationId, personaId }).onConflictDoNothing();
  }

  /** Remembered for the character (null: forgotten; `ACCOUNT`: the account's own name). */
  async rememberForCharacter(userId: string, characterId: string, choice: PersonaChoice): Promise<void> {
    const personaId = choice === ACCOUNT ? null : choice;
    if (choice === null) {
      await this.db
        .delete(characterPersonaChoices)
        .where(and(eq(characterPersonaChoices.userId, userId), eq(characterPersonaChoices.characterId, characterId)));
      return;
    }
    await this.db
      .insert(characterPersonaChoices)
      .values({ userId, characterId, personaId })
      .onConflictDoUpdate({
        target: [characterPersonaChoices.userId, characterPersonaChoices.characterId],
        set: { personaId, updatedAt: sql`now()` },
      });
  }
}
