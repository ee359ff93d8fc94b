import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, TAG_SELECTION } from '../constants.ts';
import { secret, text } from './text.ts';

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

/** `moderator` and `admin` work the moderation queue and the admin console; only admins adjust coins, roles and staff. */
export const UserRole = z.enum(['user', 'moderator', 'admin']);
export type UserRole = z.infer<typeof UserRole>;

/** The signed-in user's own record (product.md §3 User). */
export const User = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
    bio: z.string().nullable(),
    coins: z.number().int(),
    tier: z.string(),
    role: UserRole,
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

export const Username = text({
  min: 3,
  max: 30,
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be at most 30 characters',
}).regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores');
export const Email = text({ max: 254, tooLong: 'E-mail addresses are at most 254 characters' })
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address'));
/** A password as typed: any printable character (spaces and any script included), no control characters. */
export const Password = secret({
  min: MIN_PASSWORD_LENGTH,
  max: 128,
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: 'Password must be at most 128 characters',
});
/** The current password, when proving who you are: never length-checked beyond the maximum. */
export const CurrentPassword = secret({ max: 128, tooLong: 'Current password is too long' });
/** A BCP 47-style language tag: "en", "pt-BR", "zh-Hant-TW". */
export const Language = text({ min: 2, max: 16, tooLong: 'Language must be at most 16 characters' }).regex(
  /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/,
  'Language must be a language tag such as "en" or "pt-BR"',
);
/** A Google ID token (a JWT), sent to prove a fresh Google sign-in. */
export const GoogleIdToken = text({ min: 10, max: 4096, tooLong: 'The Google credential is too long' });

export const UpdateMeBody = z
  .object({
    username: Username.optional(),
    email: Email.optional(),
    bio: text({ max: 500, multiline: true, tooLong: 'Bio must be at most 500 characters' }).nullable().optional(),
    /** Required to change username or e-mail on an account with a password. */
    currentPassword: CurrentPassword.optional(),
    /** Required instead, on an account without a password: a Google ID token issued in the last 5 minutes… */
    googleIdToken: GoogleIdToken.optional(),
    /** …or an authorization code from Google's popup code flow, exchanged at once by the server. */
    googleCode: text({ min: 4, max: 2048 }).optional(),
  })
  .meta({ id: 'UpdateMeBody' });

/**
 * `currentPassword` may be missing or empty only for an account that has no password yet (created with Google):
 * that is how such an account sets its first one. The server checks which case applies.
 */
export const ChangePasswordBody = z.object({
  currentPassword: CurrentPassword.optional(),
  newPassword: Password,
});

export const UpdatePreferencesBody = z
  .object({
    selectedTags: z.array(text({ min: 1, max: 50 })).max(TAG_SELECTION.max, `Choose at most ${TAG_SELECTION.max} tags`),
    completedOnboarding: z.boolean().optional(),
    nsfwEnabled: z.boolean().optional(),
  })
  .meta({ id: 'UpdatePreferencesBody' });

export const UpdateSettingsBody = z
  .object({
    emailNotifications: z.boolean().optional(),
    showNsfwByDefault: z.boolean().optional(),
    language: Language.optional(),
  })
  .meta({ id: 'UpdateSettingsBody' });

export const AvatarResponse = z.object({ avatarUrl: z.string().nullable(), user: User });
