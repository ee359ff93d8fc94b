// Local media at /media/*: the public files (avatars, portraits, banners). Generated pictures share the folder
// (`images/…`) but are only ever served by the images module, which checks who may see each one; account exports
// (`exports/…`) only by their owner's download. The decision is
// taken on the key exactly as the file system will see it: the raw path is decoded segment by segment, an encoded
// separator (`%2f`, `%5c`) or a backslash is refused outright, and every segment must be a plain name (no `.`, `..`,
// empty or hidden segment), so nothing is left for the file server to normalise into another folder.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_URL_PREFIX } from '../providers/storage/index.ts';
import { sendError } from './errors.ts';
import { MEDIA_WIDTHS, scaledPicture } from './media-sizes.ts';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** Folders that are never served from disk. */
const PRIVATE_FOLDERS = new Set(['images', 'exports']);

/** The media key a request URL names, or undefined when it names no public file (or is written to hide one). */
export function publicMediaKey(rawUrl: string): string | undefined {
  const pathPart = rawUrl.split('?')[0] ?? '';
  if (!pathPart.startsWith(MEDIA_URL_PREFIX)) return undefined;
  const rest = pathPart.slice(MEDIA_URL_PREFIX.length);
  if (/%2f|%5c|\\/i.test(rest)) return undefined;
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (!SEGMENT.test(segment) || segment.includes('..')) return undefined;
    segments.push(segment);
  }
  if (segments.length > 8 || PRIVATE_FOLDERS.has(segments[0]!.toLowerCase())) return undefined;
  return segments.join('/');
}

/**
 * `?w=256` (or 384) on a public WebP: its smaller copy (media-sizes.ts), for GET and HEAD alike (HEAD's headers
 * describe the copy). Anything else (no `w`, a refused or missing file) goes on to the file server, which answers it
 * as without `w`.
 */
function smallerCopies(root: string) {
  return async function sized(request: FastifyRequest, reply: FastifyReply) {
    const url = request.raw.url ?? '';
    const query = url.indexOf('?');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || query < 0) return;
    const w = new URLSearchParams(url.slice(query + 1)).get('w');
    if (w === null) return;
    const width = Number(w);
    if (!(MEDIA_WIDTHS as readonly number[]).includes(width)) {
      return sendError(reply, 400, 'BAD_REQUEST', `w must be one of ${MEDIA_WIDTHS.join(', ')} (pixels wide).`);
    }
    const key = publicMediaKey(url);
    const bytes = key?.endsWith('.webp') ? await scaledPicture(path.join(root, key), width) : null;
    if (!bytes) return;
    return reply.header('cache-control', 'public, max-age=2592000, immutable').type('image/webp').send(bytes);
  };
}

export async function registerMedia(app: FastifyInstance, root: string): Promise<void> {
  // Its own scope, so the hook runs for the media routes only.
  await app.register(async (media) => {
    media.addHook('onRequest', smallerCopies(root));
    await registerFiles(media, root);
  });
}

async function registerFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    // Media files never change under a URL (new uploads get new names).
    maxAge: '30d',
    immutable: true,
    // Refused paths and missing files both reach the not-found handler: a JSON 404 (plugins/spa.ts).
    allowedPath: (_pathName, _root, request) => publicMediaKey(request.raw.url ?? '') !== undefined,
  });
}
