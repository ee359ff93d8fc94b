import type { ImageItem, ImageJob, ImageJobResponse, ImagesPage } from '@reverie/shared';
import type { Actor } from '../../lib/access.ts';
import type { ImageUrls } from './image-files.ts';
import type { ImageJobRow, ImageWithRefs } from './images.repo.ts';
import type { JobView } from './jobs.service.ts';

/** What the queue knows about a job beyond its row: place in line and the backend's progress. */
export interface JobLiveState {
  position?: number;
  progress?: number;
  etaSeconds?: number;
  preview?: string;
}

function previewUrl(b64: string | undefined): string | null {
  if (!b64) return null;
  const mime = b64.startsWith('/9j/') ? 'image/jpeg' : b64.startsWith('UklGR') ? 'image/webp' : 'image/png';
  return `data:${mime};base64,${b64}`;
}

export function toImageJob(row: ImageJobRow, live: JobLiveState = {}): ImageJob {
  const open = row.status === 'queued' || row.status === 'running';
  return {
    id: row.id,
    status: row.status,
    position: open && live.position ? live.position : null,
    progress: row.status === 'done' ? 1 : open && live.progress !== undefined ? live.progress : null,
    etaSeconds: open && live.etaSeconds !== undefined ? Math.round(live.etaSeconds) : null,
    preview: open ? previewUrl(live.preview) : null,
    error: row.error,
    count: row.count,
    queue: row.queue,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const characterVisible = (r: ImageWithRefs, viewer: Actor | null) =>
  r.characterName !== null &&
  !r.characterDeleted &&
  (r.characterVisibility !== 'private' || (viewer !== null && (viewer.userId === r.characterCreatorId || viewer.role === 'admin')));

export function toImageItem(r: ImageWithRefs, viewer: Actor | null, urls: ImageUrls): ImageItem {
  const links = r.status === 'ready' ? urls.links(r) : null;
  return {
    id: r.id,
    status: r.status,
    url: links?.url ?? null,
    thumbnailUrl: links?.thumbnailUrl ?? null,
    downloadUrl: links?.downloadUrl ?? null,
    width: r.width,
    height: r.height,
    thumbWidth: r.thumbWidth,
    thumbHeight: r.thumbHeight,
    prompt: r.prompt,
    negativePrompt: r.negativePrompt,
    model: r.model,
    seed: r.seed,
    nsfw: r.nsfw,
    visibility: r.visibility,
    showcase: r.showcase,
    source: r.source,
    likes: r.likesCount,
    liked: r.liked,
    isOwner: viewer?.userId === r.ownerId,
    ...(r.moderationHold && viewer && (viewer.userId === r.ownerId || viewer.role === 'admin') ? { moderationHidden: true } : {}),
    owner: { id: r.ownerId, username: r.ownerUsername, avatarUrl: r.ownerAvatarUrl },
    character: characterVisible(r, viewer)
      ? { id: r.characterId!, name: r.characterName!, avatarUrl: r.characterAvatarUrl, creatorId: r.characterCreatorId! }
      : null,
    jobId: r.jobId,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toImageJobResponse(v: JobView, viewer: Actor, urls: ImageUrls): ImageJobResponse {
  return { job: toImageJob(v.job, v.live), images: v.images.map((i) => toImageItem(i, viewer, urls)) };
}

export function toImagesPage(
  p: { rows: ImageWithRefs[]; page: number; limit: number; total: number },
  viewer: Actor | null,
  urls: ImageUrls,
): ImagesPage {
  const { rows, page, limit, total } = p;
  return { items: rows.map((r) => toImageItem(r, viewer, urls)), page, limit, total, hasMore: (page - 1) * limit + rows.length < total };
}
