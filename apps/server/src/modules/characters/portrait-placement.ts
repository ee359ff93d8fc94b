// Portrait files where each character's visibility says, for characters saved before private portraits moved to the
// signed-link folder (#47.15) and for any move that failed after its change was saved (`placePortrait` logs it and
// goes on). Run at start and daily, once across processes (jobs.ts).
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { CharacterEditor } from './character-editor.ts';
import type { CharactersRepo } from './characters.repo.ts';
import type { PortraitFiles } from './portrait-files.ts';

const BATCH = 100;

export class PortraitPlacement {
  constructor(
    private readonly uow: UnitOfWork<{ characters: CharactersRepo }>,
    private readonly editor: Pick<CharacterEditor, 'placePortrait'>,
    private readonly portraits: Pick<PortraitFiles, 'privateUrlPrefix'>,
  ) {}

  /**
   * Moves every misplaced character's files, a batch at a time, each character once per run (a file that cannot
   * move, such as one no longer in storage, is not retried until the next run). Answers how many were looked at.
   */
  async run(): Promise<number> {
    let after: string | null = null;
    let seen = 0;
    for (;;) {
      const ids = await this.uow.repos.characters.misplacedPortraits(this.portraits.privateUrlPrefix, after, BATCH);
      for (const id of ids) await this.editor.placePortrait(id);
      seen += ids.length;
      if (ids.length < BATCH) return seen;
      after = ids[ids.length - 1]!;
    }
  }
}
