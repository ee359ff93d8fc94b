import { CategoriesQuery, CategoriesResponse, CategoryCharactersQuery, CategoryParams } from '../schemas/categories.ts';
import { CharacterPage } from '../schemas/characters.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['categories'] as const;

export const categoriesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/categories',
    query: CategoriesQuery,
    response: CategoriesResponse,
    auth: 'none',
    summary: 'Curated collections first, then the tag categories',
    tags,
  }),
  characters: defineEndpoint({
    method: 'GET',
    path: '/api/categories/:id/characters',
    params: CategoryParams,
    query: CategoryCharactersQuery,
    response: CharacterPage,
    errors: errorBodies(403),
    auth: 'optional',
    summary: "A category's public characters (id or slug), in the category's order",
    tags,
  }),
} as const;
