import { and, asc, eq, gt, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characterAssets, type CharacterAssetRow } from '../../db/schema/index.ts';

export type { CharacterAssetRow };
export type NewCharacterAsset = typeof characterAssets.$inferInsert;

/** The files an imported card brought besides its portrait (CharX assets), in the card's order. */
export class CharacterAssetsRepo {
  constructor(private readonly db: DbOrTx) {}

  async insertMany(rows: NewCharacterAsset[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(characterAssets).values(rows);
  }

  list(characterId: string): Promise<CharacterAssetRow[]> {
    return this.db
      .select()
      .from(characterAssets)
      .where(eq(characterAssets.characterId, characterId))
      .orderBy(asc(characterAssets.position));
  }

  /** Rows whose file is not under `privatePrefix` (stored before assets were kept private), by id after `after`. */
  outside(privatePrefix: string, after: string | null, limit: number): Promise<CharacterAssetRow[]> {
    return this.db
      .select()
      .from(characterAssets)
      .where(and(not(sql`starts_with(${characterAssets.url}, ${privatePrefix})`), after ? gt(characterAssets.id, after) : undefined))
      .orderBy(asc(characterAssets.id))
      .limit(limit);
  }

  async setUrl(id: string, url: string): Promise<void> {
    await this.db.update(characterAssets).set({ url }).where(eq(characterAssets.id, id));
  }
}
