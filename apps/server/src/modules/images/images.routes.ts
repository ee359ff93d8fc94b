import { IdParam, imagesEndpoints as api, type ImageJobResponse } from '@reverie/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EventStream } from '../../http/event-stream.ts';
import { route } from '../../http/route.ts';
import type { StreamSlots } from '../../http/stream-slots.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { Locate } from '../../http/location.ts';
import type { CrisisProtocol } from '../moderation/crisis.service.ts';
import type { GalleryService } from './gallery.service.ts';
import type { ImageUrls } from './image-files.ts';
import { toImageItem, toImageJobResponse, toImagesPage } from './images.mapper.ts';
import { toReplyMessage, toSentMessage } from '../chat/index.ts';
import type { ImageGenerationService } from './generation.service.ts';
import type { ImageJobsService } from './jobs.service.ts';

/** Generation requests per user a minute (each also passes the open-jobs limit and the cost). */
export const GENERATE_RATE: RateLimitRule = { name: 'images:generate', limit: 20, windowMs: 60_000 };
/** /test's uncharged tiny picture. */
export const TEST_RATE: RateLimitRule = { name: 'images:test', limit: 5, windowMs: 3_600_000 };
export const LIKE_RATE: RateLimitRule = { name: 'images:like', limit: 240, windowMs: 60_000 };

const POLL_MS = 1000;
const HEARTBEAT_MS = 15_000;

const FileQuery = z.object({
  exp: z.coerce.number().int().positive().optional().catch(undefined),
  sig: z.string().max(64).optional().catch(undefined),
  download: z.string().max(8).optional().catch(undefined),
  scope: z.literal('moderation').optional().catch(undefined),
});

/** The job as server-sent events: a `job` event whenever something changed, until it has ended. */
async function streamJob(request: FastifyRequest, reply: FastifyReply, load: () => Promise<ImageJobResponse>) {
  let current = await load(); // 404 before the stream opens
  reply.hijack();
  const events = new EventStream<typeof api.jobEvents.events>(reply.raw, {
    heartbeatMs: HEARTBEAT_MS,
    headers: { 'x-request-id': request.id, 'x-content-type-options': 'nosniff' },
  });
  let last = '';
  try {
    for (;;) {
      const text = JSON.stringify(current);
      if (text !== last) {
        events.send('job', current);
        last = text;
      }
      if (events.closed || ['done', 'failed', 'cancelled'].includes(current.job.status)) break;
      await new Promise((r) => setTimeout(r, POLL_MS));
      current = await load();
    }
  } catch (err) {
    events.send('error', { code: 'INTERNAL', message: 'The job could not be read. Reload to see where it stands.' });
    request.log.warn({ err }, 'image job stream failed');
  } finally {
    events.end();
  }
}

export interface ImagesRouteDeps {
  generation: ImageGenerationService;
  gallery: GalleryService;
  jobs: ImageJobsService;
  rateLimiter: RateLimiter;
  streams: StreamSlots;
  urls: ImageUrls;
  /** Closes NSFW pictures where age assurance is required and not done. */
  age: NsfwGate;
  /** The crisis protocol (docs/compliance.md): a picture's request is read like a chat message. */
  crisis: Pick<CrisisProtocol, 'check' | 'record'>;
  /** Where the person is (http/location.ts): their country picks the crisis resources. */
  locate: Locate;
}

/**
 * Asking for a picture, on the image page or in a chat. The request is the person's words, so the crisis protocol
 * reads it as it reads a chat message: words that express a crisis bring the card for the person's country and are
 * counted once the request is saved; the picture is made all the same (the protocol never blocks). In a chat the
 * request is a message of the conversation and keeps its card; on the image page the card is the answer's only: a
 * job and its pictures may be shared, and a card kept there would tell others.
 */
function pictureRequestRoutes(
  app: FastifyInstance,
  deps: ImagesRouteDeps,
  limit: (rule: RateLimitRule, userId: string) => Promise<unknown>,
) {
  const { generation, urls, age, crisis, locate } = deps;
  route(app, api.generate, async (req) => {
    const actor = authOf(req);
    await limit(GENERATE_RATE, actor.userId);
    const country = locate(req)?.country;
    const [found, { view, charge }] = await Promise.all([
      crisis.check(req.body.prompt, country),
      generation.generate(actor, req.body, () => age.nsfwLocked(req)),
    ]);
    if (found) crisis.record(found.finding, country);
    return { ...toImageJobResponse(view, actor, urls), charge, ...(found ? { support: found.support } : {}) };
  });
  route(app, api.chatPicture, async (req) => {
    const actor = authOf(req);
    await limit(GENERATE_RATE, actor.userId);
    const country = locate(req)?.country;
    const found = req.body.content ? await crisis.check(req.body.content, country) : null;
    const asked = { ...req.body, crisisCard: found?.card ?? null };
    const { userMessage, message, view, charge } = await generation.chatPicture(actor, req.params.characterId, asked, () =>
      age.nsfwLocked(req),
    );
    if (found && userMessage) crisis.record(found.finding, country);
    return {
      userMessage: userMessage ? toSentMessage(userMessage, found?.support ?? null) : null,
      message: toReplyMessage(message),
      ...toImageJobResponse(view, actor, urls),
      charge,
    };
  });
}

/** The picture files: images, not JSON, so outside the descriptor contract (ImageItem carries their URLs). */
function imageFileRoutes(app: FastifyInstance, gallery: GalleryService) {
  for (const variant of ['full', 'thumb'] as const) {
    app.get(
      `/api/images/:id/${variant}.webp`,
      {
        schema: {
          tags: ['images'],
          summary: `An image's ${variant === 'full' ? 'full-size picture' : 'thumbnail'} (WebP): public ones to anyone, private ones by signed link or to their owner`,
          params: IdParam,
          querystring: FileQuery,
        },
        preHandler: app.optionalAuth,
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const q = request.query as z.infer<typeof FileQuery>;
        const file = await gallery.file(id, variant, { actor: request.auth, exp: q.exp, sig: q.sig, scope: q.scope });
        if (!file) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Image not found' }, message: 'Image not found' });
        return reply
          .header('content-type', 'image/webp')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', file.visibility === 'public' ? 'public, max-age=3600' : 'private, max-age=3600')
          .header(
            'content-disposition',
            `${q.download ? 'attachment' : 'inline'}; filename="reverie-${id.slice(0, 8)}${variant === 'thumb' ? '-thumb' : ''}.webp"`,
          )
          .send(file.bytes);
      },
    );
  }
}

export function imagesRoutes(deps: ImagesRouteDeps): FastifyPluginAsync {
  const { generation, gallery, jobs, rateLimiter, streams, urls, age } = deps;
  const sfwOnly = async <P extends { rows: Array<{ nsfw: boolean }> }>(req: FastifyRequest, p: P) => ({
    ...p,
    rows: await age.sfwOnly(req, p.rows),
  });
  const limit = (rule: RateLimitRule, userId: string) => rateLimiter.consume([{ rule, key: userId }]);
  return async (app) => {
    pictureRequestRoutes(app, deps, limit);
    route(app, api.status, async (req) => generation.status(req.auth, req.query.characterId));
    route(app, api.job, async (req) => {
      const actor = authOf(req);
      return toImageJobResponse(await jobs.view(actor, req.params.id), actor, urls);
    });
    route(app, api.jobEvents, async (req, reply) => {
      const actor = authOf(req);
      const load = async () => toImageJobResponse(await jobs.view(actor, req.params.id), actor, urls);
      if (!/\btext\/event-stream\b/.test(req.headers.accept ?? '')) return load();
      await streams.hold(actor.userId, reply.raw);
      await streamJob(req as unknown as FastifyRequest, reply, load);
      return undefined as unknown as ImageJobResponse;
    });
    route(app, api.cancelJob, async (req) => {
      const actor = authOf(req);
      return toImageJobResponse(await generation.cancel(actor, req.params.id), actor, urls);
    });
    route(app, api.test, async (req) => {
      await limit(TEST_RATE, authOf(req).userId);
      return generation.test();
    });
    route(app, api.models, async () => generation.models());
    route(app, api.list, async (req) => toImagesPage(await sfwOnly(req, await gallery.list(req.auth, req.query)), req.auth, urls));
    route(app, api.showcase, async (req) => toImagesPage(await sfwOnly(req, await gallery.showcase(req.auth, req.query)), req.auth, urls));
    route(app, api.get, async (req) => {
      const image = await gallery.get(req.auth, req.params.id);
      await age.assertOpen(req, image.nsfw);
      return toImageItem(image, req.auth, urls);
    });
    route(app, api.update, async (req) => {
      const actor = authOf(req);
      return toImageItem(await gallery.setVisibility(actor, req.params.id, req.body.visibility), actor, urls);
    });
    route(app, api.remove, async (req) => gallery.remove(authOf(req), req.params.id));
    route(app, api.setAvatar, async (req) => gallery.setAvatar(authOf(req), req.params.id, req.body.characterId));
    route(app, api.like, async (req) => {
      const actor = authOf(req);
      await limit(LIKE_RATE, actor.userId);
      return gallery.setLike(actor, req.params.id, true);
    });
    route(app, api.unlike, async (req) => {
      const actor = authOf(req);
      await limit(LIKE_RATE, actor.userId);
      return gallery.setLike(actor, req.params.id, false);
    });
    route(app, api.setShowcase, async (req) => {
      const actor = authOf(req);
      return toImageItem(await gallery.setShowcase(actor, req.params.id, req.body.showcase), actor, urls);
    });

    imageFileRoutes(app, gallery);
  };
}
