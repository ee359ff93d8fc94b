// One search box over characters, creators and tags.
import type { ContentFilter, SearchResponse, SearchType } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import type { SocialService } from '../social/social.service.ts';
import { toTag } from '../tags/tags.mapper.ts';
import type { SearchRepo } from './search.repo.ts';

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

  async search(input: SearchInput, actor: Actor | null): Promise<SearchResponse> {
    const { search } = this.uow.repos;
    const offset = (input.page - 1) * input.limit;
    const want = new Set(input.types);
    const nsfw = input.filter === 'sfw' ? false : input.filter === 'nsfw' ? true : undefined;
    const [chars, creators, tags] = await Promise.all([
      want.has('characters') ? search.characters(input.q, { nsfw, limit: input.limit, offset }) : null,
      want.has('creators') ? search.creatorIds(input.q, input.limit, offset) : null,
      want.has('tags') ? search.tags(input.q, input.limit, offset) : null,
    ]);
    return {
      q: input.q,
      page: input.page,
      limit: input.limit,
      characters: chars ? { items: await this.characters.present(chars.rows, actor), total: chars.total } : { items: [], total: 0 },
      creators: creators ? { items: await this.social.creatorsByIds(creators.ids, actor), total: creators.total } : { items: [], total: 0 },
      tags: tags ? { items: tags.rows.map(toTag), total: tags.total } : { items: [], total: 0 },
    };
  }
}
