import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, TAG_SELECTION } from '../constants.ts';

export const UserPreferences = z.object({
  selectedTags: z.array(z.string()),
  completedOnboarding: z.boolean(),
  nsfwEnabled: z.boolean(),
});
export type UserPreferences = z.infer<typeof UserPreferences>;

export const UserSettings = z.object({
  emailNotifications: z.boolean(),
  showNsfwByDefault: z.boolean(),
  language: z.string(),
});
export type UserSettings = z.infer<typeof UserSettings>;

/** The signed-in user's own record (SPEC §3 User). */
export const User = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
    bio: z.string().nullable(),
    coins: z.number().int(),
    tier: z.string(),
    role: z.enum(['user', 'admin']),
    emailVerified: z.boolean(),
    hasPassword: z.boolean(),
    preferences: UserPreferences,
    settings: UserSettings,
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** Counts on a public profile. Only public characters count for visitors; the owner's own view counts all. */
export const UserCounts = z.object({
  characters: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  likesReceived: z.number().int(),
});
export type UserCounts = z.infer<typeof UserCounts>;

/** What anyone may see of a user. */
export const PublicUser = z
  .object({
    id: z.uuid(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    /** Wide profile banner (WebP) or null. */
    bannerUrl: z.string().nullable(),
    bio: z.string().nullable(),
    counts: UserCounts,
    /** Present when the caller is signed in (false on their own profile). */
    isFollowing: z.boolean().optional(),
    createdAt: z.string(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof PublicUser>;

export const Username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores');
export const Email = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address').max(254));
export const Password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(128, 'Password must be at most 128 characters');

export const UpdateMeBody = z
  .object({
    username: Username.optional(),
    email: Email.optional(),
    bio: z.string().trim().max(500, 'Bio must be at most 500 characters').nullable().optional(),
  })
  .meta({ id: 'UpdateMeBody' });

/**
 * `currentPassword` may be missing or empty only for an account that has no password yet (created with Google):
 * that is how such an account sets its first one. The server checks which case applies.
 */
export const ChangePasswordBody = z.object({
  currentPassword: z.string().max(128, 'Current password is too long').optional(),
  newPassword: Password,
});

export const UpdatePreferencesBody = z
  .object({
    selectedTags: z.array(z.string().min(1).max(50)).max(TAG_SELECTION.max, `Choose at most ${TAG_SELECTION.max} tags`),
    completedOnboarding: z.boolean().optional(),
    nsfwEnabled: z.boolean().optional(),
  })
  .meta({ id: 'UpdatePreferencesBody' });

export const UpdateSettingsBody = UserSettings.partial().meta({ id: 'UpdateSettingsBody' });

export const AvatarResponse = z.object({ avatarUrl: z.string().nullable(), user: User });
