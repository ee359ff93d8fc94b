import { asc, eq } from 'drizzle-orm';
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
}
