export * from './endpoint.ts';
export { accountEndpoints } from './account.ts';
export { adminEndpoints } from './admin.ts';
export { authEndpoints } from './auth.ts';
export { billingEndpoints } from './billing.ts';
export { contentEndpoints } from './content.ts';
export { categoriesEndpoints } from './categories.ts';
export { chatEndpoints } from './chat.ts';
export { charactersEndpoints, favoritesEndpoints } from './characters.ts';
export { healthEndpoints } from './health.ts';
export { imagesEndpoints } from './images.ts';
export { moderationEndpoints } from './moderation.ts';
export { notificationsEndpoints } from './notifications.ts';
export { searchEndpoints } from './search.ts';
export { socialEndpoints } from './social.ts';
export { supportEndpoints } from './support.ts';
export { tagsEndpoints } from './tags.ts';
export { transferEndpoints } from './transfer.ts';
export { usersEndpoints } from './users.ts';

import { accountEndpoints } from './account.ts';
import { adminEndpoints } from './admin.ts';
import { authEndpoints } from './auth.ts';
import { billingEndpoints } from './billing.ts';
import { contentEndpoints } from './content.ts';
import { categoriesEndpoints } from './categories.ts';
import { chatEndpoints } from './chat.ts';
import { charactersEndpoints, favoritesEndpoints } from './characters.ts';
import { healthEndpoints } from './health.ts';
import { imagesEndpoints } from './images.ts';
import { moderationEndpoints } from './moderation.ts';
import { notificationsEndpoints } from './notifications.ts';
import { searchEndpoints } from './search.ts';
import { socialEndpoints } from './social.ts';
import { supportEndpoints } from './support.ts';
import { tagsEndpoints } from './tags.ts';
import { transferEndpoints } from './transfer.ts';
import { usersEndpoints } from './users.ts';

/** Every endpoint by domain, e.g. `api.users.uploadAvatar`. */
export const api = {
  account: accountEndpoints,
  admin: adminEndpoints,
  auth: authEndpoints,
  billing: billingEndpoints,
  content: contentEndpoints,
  categories: categoriesEndpoints,
  characters: charactersEndpoints,
  chat: chatEndpoints,
  favorites: favoritesEndpoints,
  health: healthEndpoints,
  images: imagesEndpoints,
  moderation: moderationEndpoints,
  notifications: notificationsEndpoints,
  search: searchEndpoints,
  social: socialEndpoints,
  support: supportEndpoints,
  tags: tagsEndpoints,
  transfer: transferEndpoints,
  users: usersEndpoints,
} as const;
