import { AppError } from '../../lib/app-error.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { TagRow, TagsRepo } from './tags.repo.ts';

export class TagsService {
  constructor(private readonly uow: UnitOfWork<{ tags: TagsRepo }>) {}

  async list(filter: { category?: string; limit: number }): Promise<{ rows: TagRow[]; total: number }> {
    const { tags } = this.uow.repos;
    const [rows, total] = await Promise.all([tags.list(filter), tags.count(filter)]);
    return { rows, total };
  }

  async exists(name: string): Promise<boolean> {
    return (await this.uow.repos.tags.existingNames([name])).has(name);
  }

  /** Normalises tag names (trimmed, lower case, no duplicates) and refuses unknown ones with 400. */
  async requireKnown(names: string[]): Promise<string[]> {
    const wanted = [...new Set(names.map((t) => t.trim().toLowerCase()).filter(Boolean))];
    const known = await this.uow.repos.tags.existingNames(wanted);
    const unknown = wanted.filter((n) => !known.has(n));
    if (unknown.length) throw AppError.badRequest(`Unknown tags: ${unknown.join(', ')}`);
    return wanted;
  }
}
