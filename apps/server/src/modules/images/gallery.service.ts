// The pictures once made: galleries (a user's, a character's, every public image, the showcase), one image, sharing,
// deleting (files too), likes, the showcase pick, and making a picture a character's avatar.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { ownerPolicy, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import { removeImageFiles, type ImageUrls } from './image-files.ts';
import type { ImageRow, ImagesRepo, ImageWithRefs } from './images.repo.ts';
import { assertImageVisibilityChangeAllowed } from './moderation-hold.ts';

/** The owner reads and writes; anyone reads a public image once it is ready. Denied = 404, like a missing one. */
export const imagePolicy = ownerPolicy<ImageRow>({
  what: 'Image',
  ownerId: (i) => i.ownerId,
  isPublic: (i) => i.visibility === 'public' && i.status === 'ready',
});

/** What setting an avatar needs from the characters module (its signature is the characters service's). */
export interface AvatarSetter {
  setAvatar(
    actor: Actor,
    characterId: string,
    input: Buffer,
  ): Promise<{ id: string; avatarUrl: string | null; thumbnailUrl: string | null }>;
}

export class GalleryService {
  constructor(
    private readonly uow: UnitOfWork<{ images: ImagesRepo; characters: CharactersRepo; users: UsersRepo }>,
    private readonly deps: { urls: ImageUrls; storage: MediaStorage; avatars: AvatarSetter },
  ) {}

  private items(ids: string[], actor: Actor | null): Promise<ImageWithRefs[]> {
    return this.uow.repos.images.withRefs(ids, actor?.userId ?? null);
  }

  private async page(ids: string[], actor: Actor | null, page: number, limit: number, total: number) {
    return { rows: await this.items(ids, actor), page, limit, total };
  }

  async list(actor: Actor | null, q: { userId?: string; characterId?: string; page: number; limit: number }) {
    const { repos } = this.uow;
    if (q.userId && !(await repos.users.findById(q.userId))) throw AppError.notFound('User');
    if (q.characterId) assertVisible(actor, await repos.characters.findById(q.characterId));
    // The whole community's list (no user or character named) holds shared pictures only, the viewer's own private
    // ones included nowhere but in their own gallery and their characters' galleries.
    const scoped = Boolean(q.userId || q.characterId);
    const { ids, total } = await repos.images.list(
      { ownerId: q.userId, characterId: q.characterId, viewerId: scoped ? (actor?.userId ?? null) : null },
      q.limit,
      (q.page - 1) * q.limit,
    );
    return this.page(ids, actor, q.page, q.limit, total);
  }

  async showcase(actor: Actor | null, q: { page: number; limit: number }) {
    const { ids, total } = await this.uow.repos.images.showcase(q.limit, (q.page - 1) * q.limit);
    return this.page(ids, actor, q.page, q.limit, total);
  }

  async get(actor: Actor | null, id: string): Promise<ImageWithRefs> {
    imagePolicy.assert(actor, await this.uow.repos.images.find(id), 'read');
    return (await this.items([id], actor))[0]!;
  }

  private async own(actor: Actor, id: string): Promise<ImageRow> {
    return imagePolicy.assert(actor, await this.uow.repos.images.find(id), 'write');
  }

  private static ready(row: ImageRow): void {
    if (row.status !== 'ready') throw AppError.conflict('This picture is not ready yet (or was never made).');
  }

  /** Share or make private; a picture moderators hold stays private (409 MODERATION_HOLD). */
  async setVisibility(actor: Actor, id: string, visibility: 'private' | 'public'): Promise<ImageWithRefs> {
    const row = await this.own(actor, id);
    GalleryService.ready(row);
    assertImageVisibilityChangeAllowed(row, visibility);
    if (!(await this.uow.repos.images.setVisibility(id, visibility))) {
      // Held (or removed) since it was read.
      assertImageVisibilityChangeAllowed((await this.uow.repos.images.find(id)) ?? row, visibility);
      throw AppError.notFound('Image');
    }
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: string): Promise<{ success: boolean; message: string }> {
    const row = await this.own(actor, id);
    if (row.status === 'pending') throw AppError.conflict('This picture is still being made: cancel its job instead.');
    const deleted = await this.uow.repos.images.delete(id);
    if (deleted) await removeImageFiles(this.deps.storage, deleted);
    return { success: true, message: 'Image deleted' };
  }

  async setLike(actor: Actor, id: string, liked: boolean): Promise<{ liked: boolean; likes: number }> {
    const row = imagePolicy.assert(actor, await this.uow.repos.images.find(id), 'read');
    GalleryService.ready(row);
    return this.uow.run((r) => r.images.setLike(actor.userId, id, liked));
  }

  async setShowcase(actor: Actor, id: string, showcase: boolean): Promise<ImageWithRefs> {
    if (actor.role !== 'admin') throw AppError.forbidden('Only the team picks images for the showcase.');
    const row = imagePolicy.assert(actor, await this.uow.repos.images.find(id), 'read');
    if (row.status !== 'ready' || row.visibility !== 'public') throw AppError.conflict('Only public pictures can be in the showcase.');
    await this.uow.repos.images.update(id, { showcase });
    return this.get(actor, id);
  }

  /** The picture becomes the avatar of a character the caller owns: the image's own character unless another is named. */
  async setAvatar(actor: Actor, id: string, characterId?: string) {
    const row = await this.own(actor, id);
    GalleryService.ready(row);
    const target = characterId ?? row.characterId;
    if (!target) throw AppError.badRequest('This picture is not of a character: choose which character it should be the avatar of.');
    const file = row.fileKey ? await this.deps.storage.get(row.fileKey) : null;
    if (!file) throw AppError.conflict('The picture file is missing; it cannot be used as an avatar.');
    const character = await this.deps.avatars.setAvatar(actor, target, file.bytes);
    return { character: { id: character.id, avatarUrl: character.avatarUrl, thumbnailUrl: character.thumbnailUrl } };
  }

  /** The file behind /api/images/:id/{full,thumb}.webp, if the request may see it (public, owner, or a valid signed link). */
  async file(
    id: string,
    variant: 'full' | 'thumb',
    access: { actor: Actor | null; exp?: number; sig?: string; scope?: 'moderation' },
  ): Promise<{ bytes: Buffer; visibility: 'private' | 'public' } | null> {
    const row = await this.uow.repos.images.find(id);
    if (!row || row.status !== 'ready') return this.removedFile(id, variant, access);
    const allowed =
      row.visibility === 'public' ||
      (access.actor !== null && (access.actor.userId === row.ownerId || access.actor.role === 'admin')) ||
      this.deps.urls.verify(id, access.exp, access.sig, access.scope ?? 'owner');
    if (!allowed) return null;
    return this.read(row, variant);
  }

  /**
   * A picture moderators removed is gone for everyone, its owner included: its files are kept (a restore brings it
   * back) and reach only the moderation console, through its own signed links.
   */
  private async removedFile(id: string, variant: 'full' | 'thumb', access: { exp?: number; sig?: string; scope?: 'moderation' }) {
    if (access.scope !== 'moderation' || !this.deps.urls.verify(id, access.exp, access.sig, 'moderation')) return null;
    const row = await this.uow.repos.images.findForModeration(id);
    return row?.moderationRemovedAt && row.status === 'ready' ? this.read({ ...row, visibility: 'private' }, variant) : null;
  }

  private async read(row: Pick<ImageRow, 'fileKey' | 'thumbKey' | 'visibility'>, variant: 'full' | 'thumb') {
    const key = variant === 'full' ? row.fileKey : row.thumbKey;
    const stored = key ? await this.deps.storage.get(key) : null;
    return stored ? { bytes: stored.bytes, visibility: row.visibility } : null;
  }
}
