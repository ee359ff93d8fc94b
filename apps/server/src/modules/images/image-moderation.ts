// Pictures as moderation subjects (registered with `subjects.register('image', …)` where the app is composed): what a
// reporter may report, what moderators see, and hide / remove / restore with the same hold as characters — a hidden
// picture is private with the visibility to restore kept beside it; a removed one is gone for everyone until restored.
import type { SubjectContext } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SubjectResolver } from '../moderation/subjects.ts';
import { imagePolicy } from './gallery.service.ts';
import type { ImageUrls } from './image-files.ts';
import type { ImageModerationRepo } from './image-moderation.repo.ts';
import type { ImagesRepo, ImageWithRefs } from './images.repo.ts';

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);
const date = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—');

/** How the picture is named in the queue, the audit log and its owner's notification ("Moderators hid a picture of Aria"). */
export function imageLabel(i: Pick<ImageWithRefs, 'characterName' | 'ownerUsername'>): string {
  return i.characterName ? `a picture of ${i.characterName}` : `a picture by @${i.ownerUsername}`;
}

/** Where the picture can be seen: its character's gallery when it has one. */
const pageOf = (i: Pick<ImageWithRefs, 'characterId' | 'characterDeleted'>) =>
  i.characterId && !i.characterDeleted ? `/character-gallery/${i.characterId}` : null;

function imageContext(i: ImageWithRefs, urls: ImageUrls): SubjectContext {
  const hold = i.moderationHold;
  return {
    ref: { type: 'image', id: i.id, label: imageLabel(i), url: pageOf(i) },
    missing: i.status !== 'ready',
    facts: [
      { label: 'Owner', value: `@${i.ownerUsername}` },
      ...(i.characterName ? [{ label: 'Character', value: i.characterName }] : []),
      { label: 'Visibility', value: hold ? `private (held; was ${i.moderationRestoreVisibility ?? 'private'})` : i.visibility },
      { label: 'NSFW', value: i.nsfw ? 'yes' : 'no' },
      {
        label: 'Made',
        value: `${date(i.createdAt)} (${i.source === 'seed' ? 'seed picture' : i.source === 'chat' ? 'asked for in a chat' : 'generated'})`,
      },
      ...(i.showcase ? [{ label: 'Showcase', value: 'picked by the team' }] : []),
      ...(i.moderationHiddenAt ? [{ label: 'Hidden since', value: `${date(i.moderationHiddenAt)} (${hold})` }] : []),
      ...(i.moderationRemovedAt ? [{ label: 'Removed', value: date(i.moderationRemovedAt) }] : []),
    ],
    excerpt: cut(
      [`Prompt: ${i.prompt}`, i.negativePrompt ? `Negative prompt: ${i.negativePrompt}` : ''].filter(Boolean).join('\n\n'),
      3000,
    ),
    imageUrl: i.status === 'ready' ? urls.moderationThumbnail(i.id) : null,
    moderation: { hidden: !!hold, removed: !!i.moderationRemovedAt, hold },
  };
}

export function imageResolver(
  uow: UnitOfWork<{ images: ImagesRepo; imageModeration: ImageModerationRepo }>,
  urls: ImageUrls,
): SubjectResolver {
  const load = async (id: string) => {
    const i = await uow.repos.images.findForModeration(id);
    if (!i) throw AppError.notFound('Image');
    return i;
  };
  return {
    async forReport(actor, id) {
      // What the reporter may see: a public picture, or their own (404 otherwise, like a missing one).
      const row = imagePolicy.assert(actor, await uow.repos.images.find(id), 'read');
      const i = (await uow.repos.images.withRefs([row.id], actor.userId))[0];
      if (!i) throw AppError.notFound('Image');
      return { ownerId: i.ownerId, label: imageLabel(i), url: pageOf(i), snapshot: cut(`Prompt: ${i.prompt}`, 500) };
    },
    async context(id) {
      return imageContext(await load(id), urls);
    },
    async act(action, id) {
      const i = await load(id);
      const label = imageLabel(i);
      const { imageModeration } = uow.repos;
      if (action === 'hide') {
        if (i.moderationHold === 'hidden') throw AppError.conflict(`${label} is already hidden.`);
        if (i.moderationRemovedAt) throw AppError.conflict(`${label} is removed; restore it first.`);
        if (i.status !== 'ready') throw AppError.conflict(`${label} was never made; there is nothing to hide.`);
        await imageModeration.hide(id, 'hidden');
      } else if (action === 'remove') {
        if (i.moderationRemovedAt) throw AppError.conflict(`${label} is already removed.`);
        if (i.status !== 'ready') throw AppError.conflict(`${label} was never made; there is nothing to remove.`);
        await imageModeration.remove(id);
      } else {
        if (!i.moderationHold && !i.moderationRemovedAt)
          throw AppError.conflict(`${label} is not hidden or removed; there is nothing to restore.`);
        await imageModeration.restore(id);
      }
      return { ownerId: i.ownerId, label, link: '/user-gallery' };
    },
    async lookup(id) {
      const i = await uow.repos.images.findForModeration(id);
      if (!i || i.status !== 'ready') return undefined;
      return { label: imageLabel(i), url: pageOf(i), ownerId: i.ownerId, gone: !!(i.moderationHold || i.moderationRemovedAt) };
    },
    async holdAllOf(ownerId) {
      return (await uow.repos.imageModeration.holdAllOf(ownerId)).length;
    },
    async releaseAllOf(ownerId) {
      return (await uow.repos.imageModeration.releaseAllOf(ownerId)).length;
    },
  };
}
