export * from './endpoint.ts';
export { accountEndpoints } from './account.ts';
export { ageEndpoints } from './age.ts';
export { adminEndpoints } from './admin.ts';
export { authEndpoints } from './auth.ts';
export { billingEndpoints } from './billing.ts';
export { branchesEndpoints } from './branches.ts';
export { contentEndpoints } from './content.ts';
export { categoriesEndpoints } from './categories.ts';
export { chatEndpoints } from './chat.ts';
export { chatSearchEndpoints } from './chat-search.ts';
export { charactersEndpoints, favoritesEndpoints } from './characters.ts';
export { groupsEndpoints } from './groups.ts';
export { healthEndpoints } from './health.ts';
export { imagesEndpoints } from './images.ts';
export { memoryEndpoints } from './memory.ts';
export { inspectorEndpoints } from './inspector.ts';
export { moderationEndpoints } from './moderation.ts';
export { notificationsEndpoints } from './notifications.ts';
export { personasEndpoints } from './personas.ts';
export { pushEndpoints } from './push.ts';
export { searchEndpoints } from './search.ts';
export { socialEndpoints } from './social.ts';
export { supportEndpoints } from './support.ts';
export { tagsEndpoints } from './tags.ts';
export { transferEndpoints } from './transfer.ts';
export { usersEndpoints } from './users.ts';
export { voiceEndpoints } from './voice.ts';

import { accountEndpoints } from './account.ts';
import { ageEndpoints } from './age.ts';
import { adminEndpoints } from './admin.ts';
import { authEndpoints } from './auth.ts';
import { billingEndpoints } from './billing.ts';
import { branchesEndpoints } from './branches.ts';
import { contentEndpoints } from './content.ts';
import { categoriesEndpoints } from './categories.ts';
import { chatEndpoints } from './chat.ts';
import { chatSearchEndpoints } from './chat-search.ts';
import { memoryEndpoints } from './memory.ts';
import { charactersEndpoints, favoritesEndpoints } from './characters.ts';
import { groupsEndpoints } from './groups.ts';
import { healthEndpoints } from './health.ts';
import { imagesEndpoints } from './images.ts';
import { inspectorEndpoints } from './inspector.ts';
import { moderationEndpoints } from './moderation.ts';
import { notificationsEndpoints } from './notifications.ts';
import { personasEndpoints } from './personas.ts';
import { pushEndpoints } from './push.ts';
import { searchEndpoints } from './search.ts';
import { socialEndpoints } from './social.ts';
import { supportEndpoints } from './support.ts';
import { tagsEndpoints } from './tags.ts';
import { transferEndpoints } from './transfer.ts';
import { usersEndpoints } from './users.ts';
import { voiceEndpoints } from './voice.ts';

/** Every endpoint by domain, e.g. `api.users.uploadAvatar`. */
export const api = {
  account: accountEndpoints,
  age: ageEndpoints,
  admin: adminEndpoints,
  auth: authEndpoints,
  billing: billingEndpoints,
  branches: branchesEndpoints,
  content: contentEndpoints,
  categories: categoriesEndpoints,
  characters: charactersEndpoints,
  chat: chatEndpoints,
  chatSearch: chatSearchEndpoints,
  memory: memoryEndpoints,
  favorites: favoritesEndpoints,
  groups: groupsEndpoints,
  health: healthEndpoints,
  images: imagesEndpoints,
  inspector: inspectorEndpoints,
  moderation: moderationEndpoints,
  notifications: notificationsEndpoints,
  personas: personasEndpoints,
  push: pushEndpoints,
  search: searchEndpoints,
  social: socialEndpoints,
  support: supportEndpoints,
  tags: tagsEndpoints,
  transfer: transferEndpoints,
  users: usersEndpoints,
  voice: voiceEndpoints,
} as const;
