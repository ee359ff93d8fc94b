import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { TagsRepo } from './tags.repo.ts';
import { tagsRoutes } from './tags.routes.ts';
import { TagsService } from './tags.service.ts';

export function createTagsModule(deps: { uow: UnitOfWork<{ tags: TagsRepo }> }) {
  const tags = new TagsService(deps.uow);
  return { services: { tags }, routes: tagsRoutes({ tags }) };
}
