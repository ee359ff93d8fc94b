import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { TagsService } from '../tags/tags.service.ts';
import { CatalogueSeeder } from './catalogue-seeder.ts';
import { charactersRoutes } from './characters.routes.ts';
import { CharactersService, type CharacterRepos } from './characters.service.ts';

export function createCharactersModule(deps: {
  uow: UnitOfWork<CharacterRepos>;
  tags: TagsService;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}) {
  const characters = new CharactersService(deps.uow, deps.tags, deps.storage);
  const seeder = new CatalogueSeeder(deps.uow, deps.storage, deps.log);
  return { services: { characters, seeder }, routes: charactersRoutes({ characters }) };
}
