// Public profile, preferences, settings and avatar of an account. (Username, e-mail and password belong to auth.)
import { randomBytes } from 'node:crypto';
import { preferencesAreNsfw, type UserPreferences, type UserSettings } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { reencodeSquareWebp } from '../../lib/images.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { TagsService } from '../tags/tags.service.ts';
import type { UserRow, UsersRepo } from './users.repo.ts';

export const AVATAR_SIZE = 512;

export class UsersService {
  constructor(
    private readonly uow: UnitOfWork<{ users: UsersRepo }>,
    private readonly storage: MediaStorage,
    private readonly tags: TagsService,
  ) {}

  async get(userId: string): Promise<UserRow> {
    const row = await this.uow.repos.users.findById(userId);
    if (!row) throw AppError.notFound('User');
    return row;
  }

  async updatePreferences(
    userId: string,
    body: { selectedTags: string[]; completedOnboarding?: boolean; nsfwEnabled?: boolean },
  ): Promise<UserRow> {
    const current = await this.get(userId);
    const names = await this.tags.requireKnown(body.selectedTags);
    const preferences: UserPreferences = {
      selectedTags: names,
      completedOnboarding: body.completedOnboarding ?? current.preferences.completedOnboarding,
      // An NSFW tag always opts in (product.md §5); otherwise the user's explicit choice stands.
      nsfwEnabled: preferencesAreNsfw(names) || (body.nsfwEnabled ?? current.preferences.nsfwEnabled),
    };
    return this.save(userId, { preferences });
  }

  async updateSettings(userId: string, patch: Partial<UserSettings>): Promise<UserRow> {
    const current = await this.get(userId);
    return this.save(userId, { settings: { ...current.settings, ...patch } });
  }

  async setAvatar(userId: string, upload: Buffer): Promise<UserRow> {
    const current = await this.get(userId);
    const webp = await reencodeSquareWebp(upload, AVATAR_SIZE);
    const url = await this.storage.put(`avatars/users/${userId}/${randomBytes(8).toString('hex')}.webp`, webp, 'image/webp');
    const row = await this.save(userId, { avatarUrl: url });
    await this.storage.removeByUrl(current.avatarUrl);
    return row;
  }

  async removeAvatar(userId: string): Promise<UserRow> {
    const current = await this.get(userId);
    const row = await this.save(userId, { avatarUrl: null });
    await this.storage.removeByUrl(current.avatarUrl);
    return row;
  }

  private async save(userId: string, patch: Parameters<UsersRepo['update']>[1]): Promise<UserRow> {
    const row = await this.uow.repos.users.update(userId, patch);
    if (!row) throw AppError.notFound('User');
    return row;
  }
}
