// Favorites: add/remove/toggle with an exact counter, the caller's list, and the one-time merge of a guest's local state.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import { pageOf, type CharactersService } from '../characters/characters.service.ts';
import type { LikesService } from '../likes/likes.service.ts';
import type { FavoritesRepo } from './favorites.repo.ts';

/** Whether the actor now has the character among their favorites, and how many people do. */
export interface FavoriteState {
  favorited: boolean;
  count: number;
}

export class FavoritesService {
  constructor(
    private readonly uow: UnitOfWork<{ characters: CharactersRepo; favorites: FavoritesRepo }>,
    private readonly characters: CharactersService,
    private readonly likes: LikesService,
  ) {}

  add(actor: Actor, characterId: string): Promise<FavoriteState> {
    return this.uow.run(async ({ characters, favorites }) => {
      const c = assertVisible(actor, await characters.findAccess(characterId));
      const added = await favorites.add(actor.userId, characterId);
      return { favorited: true, count: added ? await favorites.adjust(characterId, 1) : c.favoritesCount };
    });
  }

  /** Removing works for a character that has since become hidden too: a user can always clean up their list. */
  remove(actor: Actor, characterId: string): Promise<FavoriteState> {
    return this.uow.run(async ({ characters, favorites }) => {
      const removed = await favorites.remove(actor.userId, characterId);
      if (removed) return { favorited: false, count: await favorites.adjust(characterId, -1) };
      const c = assertVisible(actor, await characters.findAccess(characterId));
      return { favorited: false, count: c.favoritesCount };
    });
  }

  toggle(actor: Actor, characterId: string): Promise<FavoriteState> {
    return this.uow.run(async ({ favorites }) =>
      (await favorites.has(actor.userId, characterId)) ? this.remove(actor, characterId) : this.add(actor, characterId),
    );
  }

  /** `sfwOnly`: NSFW is closed to the viewer where they are (age assurance): left out of the page and its total. */
  async list(actor: Actor, page: number, limit: number, sfwOnly = false) {
    const { ids, total } = await this.uow.repos.favorites.page(actor.userId, limit, (page - 1) * limit, sfwOnly);
    return pageOf(await this.characters.cardsByIds(ids, actor), page, limit, total);
  }

  /** Merges a guest's local likes and favorites once they sign in; unknown or hidden ids are skipped. */
  mergeLocal(actor: Actor, body: { likedCharacterIds: string[]; favoriteCharacterIds: string[] }) {
    return this.uow.run(async ({ characters, favorites }) => {
      const likedIds = [...new Set(body.likedCharacterIds)];
      const favIds = [...new Set(body.favoriteCharacterIds)];
      const liked = await this.likes.mergeLocal(actor, likedIds);
      let favorited = 0;
      const visibleFavs = await characters.visibleIds(favIds, actor.userId);
      for (const id of visibleFavs) {
        if (await favorites.add(actor.userId, id)) {
          await favorites.adjust(id, 1);
          favorited += 1;
        }
      }
      const visibleLiked = await characters.visibleIds(likedIds, actor.userId);
      const skipped = likedIds.length - visibleLiked.length + (favIds.length - visibleFavs.length);
      return { liked, favorited, skipped };
    });
  }
}
