// An erased account's characters (account.repo.ts `erase`): those nobody else has a conversation or a group with are
// deleted; the others become tombstones (deleted, private, their definition and portrait wiped, their name kept), so
// other people's conversations and group chats with them stay readable and cannot be continued (the chat answers
// 409 "deleted by its creator"). A delete would cascade to those conversations.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characterAssets, characters, chatGroupMembers, conversations } from '../../db/schema/index.ts';

const TOMBSTONE = {
  visibility: 'private',
  tagline: '',
  description: '',
  personality: '',
  scenario: '',
  greeting: '',
  exampleDialogue: '',
  systemPrompt: '',
  postHistoryInstructions: '',
  creatorNotes: '',
  characterBook: null,
  allowDownload: false,
  avatarUrl: null,
  thumbnailUrl: null,
  searchVector: null,
} as const;

/** Deletes or tombstones the characters `doomed` selects; returns the media URLs that are no longer used. */
export async function eraseCharacters(db: DbOrTx, userId: string, doomed: SQL | undefined, now: Date): Promise<string[]> {
  const rows = await db
    .select({
      id: characters.id,
      kept: sql<boolean>`exists (select 1 from ${conversations} c where c.character_id = characters.id and c.user_id <> ${userId})
        or exists (select 1 from ${chatGroupMembers} m where m.character_id = characters.id)`,
    })
    .from(characters)
    .where(doomed);
  if (!rows.length) return [];
  const all = rows.map((r) => r.id);
  const kept = rows.filter((r) => r.kept).map((r) => r.id);
  const gone = rows.filter((r) => !r.kept).map((r) => r.id);
  const urls = (await db.select({ url: characterAssets.url }).from(characterAssets).where(inArray(characterAssets.characterId, all))).map(
    (a) => a.url,
  );
  const portraits = await db
    .select({ avatarUrl: characters.avatarUrl, thumbnailUrl: characters.thumbnailUrl })
    .from(characters)
    .where(inArray(characters.id, all));
  for (const c of portraits) urls.push(...[c.avatarUrl, c.thumbnailUrl].filter((u): u is string => !!u));
  if (gone.length) await db.delete(characters).where(inArray(characters.id, gone));
  if (kept.length) {
    await db.delete(characterAssets).where(inArray(characterAssets.characterId, kept));
    await db
      .update(characters)
      .set({ ...TOMBSTONE, alternateGreetings: [], extensions: {}, cardExtras: {}, tagNames: [], deletedAt: now, updatedAt: now })
      .where(and(inArray(characters.id, kept), eq(characters.creatorId, userId)));
  }
  return urls;
}
