import type { SearchResponse } from '@reverie/shared';
import { toTag } from '../tags/tags.mapper.ts';
import type { SearchService } from './search.service.ts';

type Found = Awaited<ReturnType<SearchService['search']>>;

export function toSearchResponse({ input, characters, creators, tags }: Found): SearchResponse {
  const { q, page, limit } = input;
  return { q, page, limit, characters, creators, tags: { items: tags.items.map(toTag), total: tags.total } };
}
