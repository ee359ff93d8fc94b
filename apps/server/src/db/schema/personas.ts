import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { conversations } from './chat.ts';
import { users } from './users.ts';

/** Who a user is in a story: `{{user}}` becomes its name, its description goes into the prompt. */
export const personas = pgTable(
  'personas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** she/her, he/him, they/them or the user's own short text; null: not said. */
    pronouns: text('pronouns'),
    avatarUrl: text('avatar_url'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('personas_user_idx').on(t.userId, t.createdAt),
    // At most one default per user.
    uniqueIndex('personas_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * The persona chosen for one conversation (no row: the character's remembered choice, else the default; a row with
 * no persona: the account's own name was chosen).
 */
export const conversationPersonas = pgTable('conversation_personas', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  personaId: uuid('persona_id').references(() => personas.id, { onDelete: 'cascade' }),
});

/** The persona last chosen with a character (none: the account's own name): new conversations with it start so. */
export const characterPersonaChoices = pgTable(
  'character_persona_choices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id').references(() => personas.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.characterId] })],
);
