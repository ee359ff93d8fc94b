import type { ContentFilter } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import type { CategoriesRepo } from './categories.repo.ts';

export class CategoriesService {
  constructor(
    private readonly uow: UnitOfWork<{ categories: CategoriesRepo }>,
    private readonly characters: CharactersService,
  ) {}

  list(kind?: 'collection' | 'tag-category') {
    return this.uow.repos.categories.list(kind);
  }

  async charactersOf(ref: string, q: { page: number; limit: number; filter: ContentFilter }, actor: Actor | null) {
    const category = await this.uow.repos.categories.find(ref);
    if (!category) throw AppError.notFound('Category');
    return this.characters.listCategory(category, q, actor);
  }
}
