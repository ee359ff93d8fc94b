// Portrait files where each character's visibility says, for characters saved before private portraits moved to the
// signed-link folder (#47.15) and for any move that failed after its change was saved (`placePortrait` logs it and
// goes on); and the files card imports kept beside the portrait (CharX assets) in the private folder, for imports
// made when they were public media. Run at start and daily, once across processes (jobs.ts).
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { mediaKey, type MediaStorage } from '../../providers/storage/index.ts';
import type { CharacterAssetsRepo } from './character-assets.repo.ts';
import type { CharacterEditor } from './character-editor.ts';
import type { CharactersRepo } from './characters.repo.ts';
import { assetFolders, type PortraitFiles } from './portrait-files.ts';

const BATCH = 100;

export class PortraitPlacement {
  constructor(
    private readonly uow: UnitOfWork<{ characters: CharactersRepo; characterAssets: CharacterAssetsRepo }>,
    private readonly editor: Pick<CharacterEditor, 'placePortrait'>,
    private readonly portraits: Pick<PortraitFiles, 'privateUrlPrefix'>,
    private readonly storage: Pick<MediaStorage, 'get' | 'put' | 'keyFromUrl' | 'removeByUrl'>,
  ) {}

  /**
   * Moves every misplaced character's files, a batch at a time, each character once per run (a file that cannot
   * move, such as one no longer in storage, is not retried until the next run), then every asset kept outside the
   * private folder. Answers how many characters and assets were looked at.
   */
  async run(): Promise<number> {
    let after: string | null = null;
    let seen = 0;
    for (;;) {
      const ids = await this.uow.repos.characters.misplacedPortraits(this.portraits.privateUrlPrefix, after, BATCH);
      for (const id of ids) await this.editor.placePortrait(id);
      seen += ids.length;
      if (ids.length < BATCH) return seen + (await this.moveAssets());
      after = ids[ids.length - 1]!;
    }
  }

  /** Copies each public asset file to the private folder (a new name), points its row there, removes the old file. */
  private async moveAssets(): Promise<number> {
    const { characterAssets } = this.uow.repos;
    let after: string | null = null;
    let seen = 0;
    for (;;) {
      const rows = await characterAssets.outside(this.portraits.privateUrlPrefix, after, BATCH);
      for (const row of rows) {
        const key = this.storage.keyFromUrl(row.url);
        const file = key ? await this.storage.get(key) : null;
        if (!file) continue;
        const url = await this.storage.put(mediaKey(assetFolders(row.characterId), row.ext), file.bytes, row.contentType);
        await characterAssets.setUrl(row.id, url);
        await this.storage.removeByUrl(row.url);
      }
      seen += rows.length;
      if (rows.length < BATCH) return seen;
      after = rows[rows.length - 1]!.id;
    }
  }
}
