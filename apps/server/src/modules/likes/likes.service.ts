// Likes: idempotent like/unlike with an exact counter (row and counter change in one transaction), the user's list.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import type { LikesRepo } from './likes.repo.ts';

/** Told about new likes after they are stored (notifications batch them per character). */
export interface LikeEvents {
  liked(likerId: string, characterId: string): void;
}

/** Whether the actor now likes the character, and how many people do. */
export interface LikeState {
  liked: boolean;
  count: number;
}

export class LikesService {
  constructor(
    private readonly uow: UnitOfWork<{ characters: CharactersRepo; likes: LikesRepo }>,
    private readonly characters: CharactersService,
    private readonly events?: LikeEvents,
  ) {}

  async like(actor: Actor, characterId: string): Promise<LikeState> {
    const { added, answer } = await this.uow.run(async ({ characters, likes }) => {
      assertVisible(actor, await characters.findAccess(characterId));
      const added = await likes.add(actor.userId, characterId);
      return { added, answer: { liked: true, count: added ? await likes.adjust(characterId, 1) : await likes.count(characterId) } };
    });
    if (added) this.events?.liked(actor.userId, characterId);
    return answer;
  }

  unlike(actor: Actor, characterId: string): Promise<LikeState> {
    return this.uow.run(async ({ characters, likes }) => {
      assertVisible(actor, await characters.findAccess(characterId));
      const removed = await likes.remove(actor.userId, characterId);
      return { liked: false, count: removed ? await likes.adjust(characterId, -1) : await likes.count(characterId) };
    });
  }

  /** Likes the characters among `ids` the user may see; returns how many were new. */
  mergeLocal(actor: Actor, ids: string[]): Promise<number> {
    return this.uow.run(async ({ characters, likes }) => {
      let added = 0;
      for (const id of await characters.visibleIds(ids, actor.userId)) {
        if (await likes.add(actor.userId, id)) {
          await likes.adjust(id, 1);
          added += 1;
        }
      }
      return added;
    });
  }

  /** `sfwOnly`: NSFW is closed to the viewer where they are (age assurance): left out of the page and its total. */
  async likedCharacters(actor: Actor, page: number, limit: number, sfwOnly = false) {
    const { ids, total } = await this.uow.repos.likes.likedPage(actor.userId, limit, (page - 1) * limit, sfwOnly);
    const items = await this.characters.cardsByIds(ids, actor);
    // hasMore counts ids, not cards: a liked character hidden since still takes its place in the pages.
    return { items, page, limit, total, hasMore: (page - 1) * limit + ids.length < total };
  }
}
