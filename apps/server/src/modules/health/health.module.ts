import { healthRoutes } from './health.routes.ts';
import { HealthService } from './health.service.ts';

export function createHealthModule(deps: ConstructorParameters<typeof HealthService>[0]) {
  const health = new HealthService(deps);
  return { services: { health }, routes: healthRoutes({ health }) };
}
