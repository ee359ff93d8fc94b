import type { StaffGate } from '../admin/staff.ts';
import { healthRoutes } from './health.routes.ts';
import { HealthService } from './health.service.ts';

/** `staff`: the admin console's gate (details are for administrators). */
export function createHealthModule(deps: ConstructorParameters<typeof HealthService>[0] & { staff: StaffGate }) {
  const health = new HealthService(deps);
  return { services: { health }, routes: healthRoutes({ health, staff: deps.staff }) };
}
