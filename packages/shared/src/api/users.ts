import { IdParam } from '../schemas/common.ts';
import { AvatarResponse, PublicUser, UpdatePreferencesBody, UpdateSettingsBody, User } from '../schemas/users.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['users'] as const;

export const usersEndpoints = {
  publicProfile: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id',
    params: IdParam,
    response: PublicUser,
    auth: 'optional',
    summary: 'Public profile with counts (and isFollowing when signed in)',
    tags,
  }),
  updatePreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/users/:id/preferences',
    params: IdParam,
    body: UpdatePreferencesBody,
    response: User,
    errors: errorBodies(403),
    auth: 'required',
    summary: 'Save onboarding tags and content preferences (own account)',
    tags,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/users/:id/settings',
    params: IdParam,
    body: UpdateSettingsBody,
    response: User,
    errors: errorBodies(403),
    auth: 'required',
    summary: 'Save account settings (own account)',
    tags,
  }),
  uploadAvatar: defineEndpoint({
    method: 'POST',
    path: '/api/users/:id/avatar',
    params: IdParam,
    response: AvatarResponse,
    errors: errorBodies(413, 415, 429),
    auth: 'required',
    multipart: true,
    summary: 'Upload an avatar (own account)',
    description: 'Multipart field `file`: an image, re-encoded to a 512×512 WebP.',
    tags,
  }),
  removeAvatar: defineEndpoint({
    method: 'DELETE',
    path: '/api/users/:id/avatar',
    params: IdParam,
    response: AvatarResponse,
    auth: 'required',
    summary: 'Remove the avatar (own account)',
    tags,
  }),
} as const;
