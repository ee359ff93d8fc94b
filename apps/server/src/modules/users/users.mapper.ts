import type { z } from 'zod';
import { Language, type AvatarResponse, type PublicUser, type User, type UserCounts } from '@reverie/shared';
import type { UserRow } from './users.repo.ts';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    coins: row.coins,
    tier: row.tier,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    preferences: row.preferences,
    // A value stored before the language was bounded is not sent back on every request.
    settings: { ...row.settings, language: Language.safeParse(row.settings.language).success ? row.settings.language : 'en' },
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPublicUser(row: UserRow, counts: UserCounts, isFollowing?: boolean): PublicUser {
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatarUrl,
    bannerUrl: row.bannerUrl,
    bio: row.bio,
    counts,
    ...(isFollowing === undefined ? {} : { isFollowing }),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAvatarResponse(row: UserRow): z.infer<typeof AvatarResponse> {
  return { avatarUrl: row.avatarUrl, user: toUser(row) };
}
