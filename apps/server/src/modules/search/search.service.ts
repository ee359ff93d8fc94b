// One search box over characters, creators and tags.
import type { ContentFilter, SearchType } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import type { SocialService } from '../social/social.service.ts';
import type { SearchRepo, TagRow } from './search.repo.ts';

export interface SearchInput {
  q: string;
  types: SearchType[];
  page: number;
  limit: number;
  filter: ContentFilter;
}

export class SearchService {
  constructor(
    private readonly uow: UnitOfWork<{ search: SearchRepo }>,
    private readonly characters: CharactersService,
    private readonly social: SocialService,
  ) {}

  async search(input: SearchInput, actor: Actor | null) {
    const { search } = this.uow.repos;
    const offset = (input.page - 1) * input.limit;
    const want = new Set(input.types);
    const nsfw = input.filter === 'sfw' ? false : input.filter === 'nsfw' ? true : undefined;
    const [chars, creators, tags] = await Promise.all([
      want.has('characters') ? search.characters(input.q, { nsfw, limit: input.limit, offset }) : null,
      want.has('creators') ? search.creatorIds(input.q, input.limit, offset) : null,
      want.has('tags') ? search.tags(input.q, input.limit, offset) : null,
    ]);
    const none = { items: [], total: 0 };
    return {
      input,
      characters: chars ? { items: await this.characters.present(chars.rows, actor), total: chars.total } : none,
      creators: creators ? { items: await this.social.creatorsByIds(creators.ids, actor), total: creators.total } : none,
      tags: tags ? { items: tags.rows, total: tags.total } : { items: [] as TagRow[], total: 0 },
    };
  }
}
