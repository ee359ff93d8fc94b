import type { AppDeps, AppModule } from '../../deps.ts';
import { ModerationService } from './moderation.service.ts';

/** No routes of its own yet: other modules are handed `moderation.services.moderation`. */
export function createModerationModule(deps: Pick<AppDeps, 'log'>) {
  const moderation = new ModerationService(deps.log);
  return { services: { moderation }, routes: async () => {} } satisfies AppModule;
}
