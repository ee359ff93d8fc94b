import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import type { CategoriesRepo } from './categories.repo.ts';
import { categoriesRoutes } from './categories.routes.ts';
import { CategoriesService } from './categories.service.ts';

export function createCategoriesModule(deps: {
  uow: UnitOfWork<{ categories: CategoriesRepo }>;
  characters: CharactersService;
  age: NsfwGate;
}) {
  const categories = new CategoriesService(deps.uow, deps.characters);
  return { services: { categories }, routes: categoriesRoutes({ categories, age: deps.age }) };
}
