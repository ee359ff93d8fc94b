// Profile, preferences, settings and avatar of the signed-in user.
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { preferencesAreNsfw, type UserPreferences, type UserSettings } from '@reverie/shared';
import type { Db } from '../../db/client.ts';
import { tags, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { reencodeSquareWebp } from '../../lib/images.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { uniqueViolationField, type UsersRepo } from './users.repo.ts';

export const AVATAR_SIZE = 512;

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepo,
    private readonly media: MediaStorage,
    /** Called after an e-mail change so the new address gets a verification link. */
    private readonly onEmailChanged: (row: UserRow) => Promise<void>,
  ) {}

  async get(userId: string): Promise<UserRow> {
    const row = await this.users.findById(userId);
    if (!row) throw AppError.notFound('User');
    return row;
  }

  async updateProfile(userId: string, patch: { username?: string; email?: string; bio?: string | null }): Promise<UserRow> {
    const current = await this.get(userId);
    const emailChanged = patch.email !== undefined && patch.email.toLowerCase() !== current.email.toLowerCase();
    if (patch.username && patch.username.toLowerCase() !== current.username.toLowerCase()) {
      if (await this.users.findByUsername(patch.username)) throw AppError.conflict('This username is already taken');
    }
    if (emailChanged && (await this.users.findByEmail(patch.email!))) throw AppError.conflict('An account with this email already exists');
    let row: UserRow | undefined;
    try {
      row = await this.users.update(userId, {
        ...(patch.username !== undefined ? { username: patch.username } : {}),
        ...(patch.bio !== undefined ? { bio: patch.bio || null } : {}),
        ...(emailChanged ? { email: patch.email, emailVerifiedAt: null } : {}),
      });
    } catch (err) {
      const field = uniqueViolationField(err);
      if (field === 'email') throw AppError.conflict('An account with this email already exists');
      if (field === 'username') throw AppError.conflict('This username is already taken');
      throw err;
    }
    if (!row) throw AppError.notFound('User');
    if (emailChanged) await this.onEmailChanged(row);
    return row;
  }

  async updatePreferences(
    userId: string,
    body: { selectedTags: string[]; completedOnboarding?: boolean; nsfwEnabled?: boolean },
  ): Promise<UserRow> {
    const current = await this.get(userId);
    const names = [...new Set(body.selectedTags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
    if (names.length > 0) {
      const known = await this.db.select({ name: tags.name }).from(tags).where(inArray(tags.name, names));
      const knownSet = new Set(known.map((k) => k.name));
      const unknown = names.filter((n) => !knownSet.has(n));
      if (unknown.length) throw AppError.badRequest(`Unknown tags: ${unknown.join(', ')}`);
    }
    const preferences: UserPreferences = {
      selectedTags: names,
      completedOnboarding: body.completedOnboarding ?? current.preferences.completedOnboarding,
      // An NSFW tag always opts in (SPEC §5); otherwise the user's explicit choice stands.
      nsfwEnabled: preferencesAreNsfw(names) || (body.nsfwEnabled ?? current.preferences.nsfwEnabled),
    };
    return (await this.users.update(userId, { preferences }))!;
  }

  async updateSettings(userId: string, patch: Partial<UserSettings>): Promise<UserRow> {
    const current = await this.get(userId);
    return (await this.users.update(userId, { settings: { ...current.settings, ...patch } }))!;
  }

  async setAvatar(userId: string, upload: Buffer): Promise<UserRow> {
    const current = await this.get(userId);
    const webp = await reencodeSquareWebp(upload, AVATAR_SIZE);
    const url = await this.media.put(`avatars/users/${userId}/${randomBytes(8).toString('hex')}.webp`, webp, 'image/webp');
    const row = (await this.users.update(userId, { avatarUrl: url }))!;
    await this.media.removeByUrl(current.avatarUrl);
    return row;
  }

  async removeAvatar(userId: string): Promise<UserRow> {
    const current = await this.get(userId);
    const row = (await this.users.update(userId, { avatarUrl: null }))!;
    await this.media.removeByUrl(current.avatarUrl);
    return row;
  }
}
