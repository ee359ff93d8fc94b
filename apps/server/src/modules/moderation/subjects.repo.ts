// What moderators act on outside their own tables: characters (hide, remove, restore, held by suspension), chat
// messages (what a reporter saw) and accounts (suspension, role). Hiding never touches the catalogue's partial
// indexes: a held character is simply private, with the visibility to restore kept beside it.
import { and, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characters, chatMessages, conversations, users, type CharacterRow, type UserRow } from '../../db/schema/index.ts';

export type HeldCharacter = Pick<
  CharacterRow,
  | 'id'
  | 'creatorId'
  | 'name'
  | 'tagline'
  | 'description'
  | 'visibility'
  | 'nsfw'
  | 'premium'
  | 'avatarUrl'
  | 'thumbnailUrl'
  | 'createdAt'
  | 'deletedAt'
  | 'moderationHold'
  | 'moderationHiddenAt'
  | 'moderationRestoreVisibility'
  | 'moderationRemovedAt'
>;

const characterColumns = {
  id: characters.id,
  creatorId: characters.creatorId,
  name: characters.name,
  tagline: characters.tagline,
  description: characters.description,
  visibility: characters.visibility,
  nsfw: characters.nsfw,
  premium: characters.premium,
  avatarUrl: characters.avatarUrl,
  thumbnailUrl: characters.thumbnailUrl,
  createdAt: characters.createdAt,
  deletedAt: characters.deletedAt,
  moderationHold: characters.moderationHold,
  moderationHiddenAt: characters.moderationHiddenAt,
  moderationRestoreVisibility: characters.moderationRestoreVisibility,
  moderationRemovedAt: characters.moderationRemovedAt,
};

export interface MessageSubject {
  id: string;
  content: string;
  role: 'user' | 'assistant';
  conversationId: string;
  userId: string;
  characterId: string;
  characterName: string;
  characterCreatorId: string;
  createdAt: Date;
}

export class SubjectsRepo {
  constructor(private readonly db: DbOrTx) {}

  async character(id: string): Promise<HeldCharacter | undefined> {
    const [row] = await this.db.select(characterColumns).from(characters).where(eq(characters.id, id));
    return row;
  }

  /**
   * Hides a character (hold `hidden`, or `suspended` for a suspension): private, keeping the visibility to restore.
   * A held character keeps its saved visibility; a moderators' hide replaces a suspension's hold (never the reverse).
   */
  async hide(id: string, hold: 'hidden' | 'suspended'): Promise<HeldCharacter | undefined> {
    const [row] = await this.db
      .update(characters)
      .set({
        moderationRestoreVisibility: sql`case when ${characters.moderationHold} is null then ${characters.visibility} else ${characters.moderationRestoreVisibility} end`,
        moderationHold: hold === 'hidden' ? 'hidden' : sql`coalesce(${characters.moderationHold}, 'suspended')`,
        moderationHiddenAt: sql`coalesce(${characters.moderationHiddenAt}, now())`,
        visibility: 'private',
        updatedAt: new Date(),
      })
      .where(eq(characters.id, id))
      .returning(characterColumns);
    return row;
  }

  /** Premium or not: an administrators' decision (chatting with a premium character needs a membership). */
  async setPremium(id: string, premium: boolean): Promise<HeldCharacter | undefined> {
    const [row] = await this.db
      .update(characters)
      .set({ premium, updatedAt: new Date() })
      .where(eq(characters.id, id))
      .returning(characterColumns);
    return row;
  }

  /** Removal by moderators: gone for everyone (deleted), marked so that "restore" may bring it back. */
  async remove(id: string): Promise<HeldCharacter | undefined> {
    const [row] = await this.db
      .update(characters)
      .set({ deletedAt: sql`coalesce(${characters.deletedAt}, now())`, moderationRemovedAt: new Date(), updatedAt: new Date() })
      .where(eq(characters.id, id))
      .returning(characterColumns);
    return row;
  }

  /** Undoes a moderators' hide and removal: the saved visibility comes back; a creator's own deletion stays. */
  async restore(id: string): Promise<HeldCharacter | undefined> {
    const [row] = await this.db
      .update(characters)
      .set({
        visibility: sql`coalesce(${characters.moderationRestoreVisibility}, ${characters.visibility})`,
        deletedAt: sql`case when ${characters.moderationRemovedAt} is not null then null else ${characters.deletedAt} end`,
        moderationHold: null,
        moderationHiddenAt: null,
        moderationRestoreVisibility: null,
        moderationRemovedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(characters.id, id))
      .returning(characterColumns);
    return row;
  }

  /** Suspension: every public or unlisted character of the account is hidden with hold `suspended`; returns the ids. */
  async holdAllOf(creatorId: string): Promise<string[]> {
    const rows = await this.db
      .update(characters)
      .set({
        moderationRestoreVisibility: characters.visibility,
        moderationHold: 'suspended',
        moderationHiddenAt: new Date(),
        visibility: 'private',
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(characters.creatorId, creatorId),
          sql`${characters.visibility} <> 'private'`,
          isNull(characters.deletedAt),
          isNull(characters.moderationHold),
        ),
      )
      .returning({ id: characters.id });
    return rows.map((r) => r.id);
  }

  /** Unsuspension: only what the suspension hid comes back (a separate moderators' hide stays). */
  async releaseAllOf(creatorId: string): Promise<string[]> {
    const rows = await this.db
      .update(characters)
      .set({
        visibility: sql`coalesce(${characters.moderationRestoreVisibility}, ${characters.visibility})`,
        moderationHold: null,
        moderationHiddenAt: null,
        moderationRestoreVisibility: null,
        updatedAt: new Date(),
      })
      .where(and(eq(characters.creatorId, creatorId), eq(characters.moderationHold, 'suspended')))
      .returning({ id: characters.id });
    return rows.map((r) => r.id);
  }

  /** Characters of an account that moderators hold (hidden or removed). */
  async heldOf(creatorId: string, limit = 50): Promise<HeldCharacter[]> {
    return this.db
      .select(characterColumns)
      .from(characters)
      .where(and(eq(characters.creatorId, creatorId), or(isNotNull(characters.moderationHold), isNotNull(characters.moderationRemovedAt))))
      .orderBy(desc(characters.updatedAt))
      .limit(limit);
  }

  async message(id: string): Promise<MessageSubject | undefined> {
    const [row] = await this.db
      .select({
        id: chatMessages.id,
        content: chatMessages.content,
        role: chatMessages.role,
        conversationId: chatMessages.conversationId,
        userId: conversations.userId,
        characterId: conversations.characterId,
        characterName: characters.name,
        characterCreatorId: characters.creatorId,
        createdAt: chatMessages.createdAt,
      })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
      .innerJoin(characters, eq(characters.id, conversations.characterId))
      .where(eq(chatMessages.id, id));
    return row;
  }

  async user(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async setSuspended(id: string, suspended: { reason: string } | null): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set(
        suspended
          ? { suspendedAt: new Date(), suspensionReason: suspended.reason, updatedAt: new Date() }
          : { suspendedAt: null, suspensionReason: null, updatedAt: new Date() },
      )
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async setRole(id: string, role: UserRow['role']): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return row;
  }

  /** Accounts whose username or e-mail contains `q` (case-insensitive), or every suspended one. */
  async searchUsers(opts: { q?: string; suspendedOnly?: boolean; limit: number; offset: number }) {
    const like = opts.q ? `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = and(
      like ? or(ilike(users.username, like), ilike(users.email, like)) : undefined,
      opts.suspendedOnly ? isNotNull(users.suspendedAt) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      this.db.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(opts.limit).offset(opts.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }
}
