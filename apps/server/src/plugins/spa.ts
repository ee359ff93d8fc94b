// Serves the built SPA; every path that is not /api/* falls back to index.html (client-side routing).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

/**
 * The crawler rules: public pages (home, characters, creators, tags, guides, legal) may be indexed; the API, the
 * signed-in pages and the admin area may not. Served by the server itself, so it never answers the app's HTML.
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  ...['/api/', '/admin', '/chat', '/group/', '/settings', '/coins', '/subscribe', '/subscription/', '/payment/']
    .concat(['/sandbox/', '/favorites', '/following', '/recent-chats', '/user-gallery', '/all-user-images'])
    .concat(['/create-character', '/user-characters', '/generate-images', '/support/', '/verify-email'])
    .concat(['/restore-account', '/keep-account', '/test', '/auth-debug', '/search'])
    .map((p) => `Disallow: ${p}`),
  'Allow: /',
  '',
].join('\n');

export async function registerSpa(app: FastifyInstance, webDist: string | undefined) {
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = !!index && existsSync(index);
  if (hasSpa && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // perf: serve the .br/.gz files written by the build (apps/web/vite.config.ts) instead of compressing per request
      preCompressed: true,
      // Our own cache headers below, not the plugin's default max-age=0.
      cacheControl: false,
      // Hashed assets can be cached for a year; index.html never.
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || !hasSpa || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404, 'NOT_FOUND', `No route for ${request.method} ${url}`);
    }
    // A missing asset or media file is a real 404, not the app shell.
    if (url.startsWith('/assets/') || url === '/media' || url.startsWith('/media/')) {
      return sendError(reply, 404, 'NOT_FOUND', `No file at ${url}`);
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
