// Local media at /media/*: the public files (avatars, portraits, banners). Generated pictures share the folder
// (`images/…`) but are only ever served by the images module, which checks who may see each one; account exports
// (`exports/…`) only by their owner's download. The decision is
// taken on the key exactly as the file system will see it: the raw path is decoded segment by segment, an encoded
// separator (`%2f`, `%5c`) or a backslash is refused outright, and every segment must be a plain name (no `.`, `..`,
// empty or hidden segment), so nothing is left for the file server to normalise into another folder.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX } from '../providers/storage/index.ts';

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

export async function registerMedia(app: FastifyInstance, root: string): Promise<void> {
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
