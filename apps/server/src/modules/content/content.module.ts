import { contentRoutes } from './content.routes.ts';
import type { ContentService } from './content.service.ts';

/** Content is loaded (and validated) before composition, so a malformed file stops the start with its name. */
export function createContentModule(deps: { content: ContentService }) {
  return { services: { content: deps.content }, routes: contentRoutes(deps) };
}
