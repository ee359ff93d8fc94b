// GET /api/chat/:characterId/call as a WebSocket (docs/voice.md "Calls"). Before the upgrade: the origin must be the
// app's own (a page elsewhere cannot ring from the user's browser), sockets per address are rate-limited, and the ids
// must be ids; the token comes in the
// first message (call-connection.ts).
import websocket from '@fastify/websocket';
import { CALL_PATH } from '@reverie/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Locate } from '../../http/location.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import { CHAT_RATE } from '../chat/index.ts';
import { CALL_CONNECT_RATE } from './call-admission.ts';
import { serveCall } from './call-connection.ts';
import { openCall, type OpeningDeps } from './call-opening.ts';

const Params = z.object({ characterId: z.uuid() });
const Query = z.object({ conversationId: z.uuid().optional() });

export interface CallRoutesDeps {
  opening: OpeningDeps;
  rateLimiter: RateLimiter;
  age: NsfwGate;
  locate: Locate;
  publicUrl: string;
  maxBytes: number;
}

/** The origin a browser sends must be the app's public one or the host it asked (same origin); none: not a browser. */
export function originAllowed(req: Pick<FastifyRequest, 'headers' | 'protocol'>, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  const own = [new URL(publicUrl).origin];
  if (req.headers.host) own.push(`${req.protocol}://${req.headers.host}`);
  return own.includes(origin);
}

export function callRoutes(deps: CallRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    // Frames larger than an utterance's bound are read and refused with a sentence; twice that ends the socket (1009).
    await app.register(websocket, { options: { maxPayload: deps.maxBytes * 2 } });
    const check = async (req: FastifyRequest) => {
      if (!originAllowed(req, deps.publicUrl)) throw AppError.forbidden('Calls are only made from this site.');
      await deps.rateLimiter.consume([{ rule: CALL_CONNECT_RATE, key: req.ip }]);
      if (!Params.safeParse(req.params).success) throw AppError.notFound('Character');
      if (!Query.safeParse(req.query).success) throw AppError.badRequest('conversationId must be a valid id');
    };
    app.get(CALL_PATH, { websocket: true, preValidation: check }, (socket, req) => {
      const { characterId } = Params.parse(req.params);
      const { conversationId } = Query.parse(req.query);
      const userId = () => req.auth?.userId ?? '';
      serveCall(
        socket,
        {
          maxBytes: deps.maxBytes,
          verifyToken: async (token) => (req.auth = await app.verifyAccessToken(token)),
          open: (actor, port) => openCall(deps.opening, actor, { characterId, conversationId }, port),
        },
        {
          characterId,
          rateLimit: () => deps.rateLimiter.consume([{ rule: CHAT_RATE, key: userId() }]),
          nsfwLocked: () => deps.age.nsfwLocked(req),
          country: deps.locate(req)?.country,
        },
      );
    });
  };
}
