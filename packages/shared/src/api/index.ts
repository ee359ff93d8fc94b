export * from './endpoint.ts';
export { authEndpoints } from './auth.ts';
export { billingEndpoints } from './billing.ts';
export { contentEndpoints } from './content.ts';
export { healthEndpoints } from './health.ts';
export { tagsEndpoints } from './tags.ts';
export { usersEndpoints } from './users.ts';

import { authEndpoints } from './auth.ts';
import { billingEndpoints } from './billing.ts';
import { contentEndpoints } from './content.ts';
import { healthEndpoints } from './health.ts';
import { tagsEndpoints } from './tags.ts';
import { usersEndpoints } from './users.ts';

/** Every endpoint by domain, e.g. `api.users.uploadAvatar`. */
export const api = {
  auth: authEndpoints,
  billing: billingEndpoints,
  content: contentEndpoints,
  health: healthEndpoints,
  tags: tagsEndpoints,
  users: usersEndpoints,
} as const;
