import { groupsEndpoints as api, type GroupReply } from '@reverie/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { NsfwGate } from '../age/age-gate.ts';
import { route } from '../../http/route.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { Locate } from '../../http/location.ts';
import type { ComplianceConfig } from '../moderation/compliance.config.ts';
import type { CrisisCards } from '../moderation/crisis.service.ts';
import { CHAT_RATE } from '../chat/index.ts';
import { deliverReply, type ReplyReady, type ReplyStops } from '../chat/index.ts';
import type { GroupReplies, GroupReplyKind } from './group-generation.ts';
import { toGroup, toGroupSession, toGroupSpeaker } from './groups.mapper.ts';
import type { GroupsService } from './groups.service.ts';

export function groupsRoutes(deps: {
  groups: GroupsService;
  generation: GroupReplies;
  rateLimiter: RateLimiter;
  age: NsfwGate;
  /** The AI notice's interval (docs/compliance.md). */
  compliance: Pick<ComplianceConfig, 'aiNoticeMinutes'>;
  /** Where the person is (http/location.ts): their country picks the crisis resources. */
  locate: Locate;
  /** Shows a message's stored crisis card again. */
  cards: CrisisCards;
  /** The Stop that reaches a reply wherever it is written, and the notice when its page was left (chat module). */
  stops: ReplyStops;
  replyReady: ReplyReady;
}): FastifyPluginAsync {
  const { groups, generation, rateLimiter, age, compliance, locate, cards, stops } = deps;
  const generate = async (
    req: FastifyRequest,
    reply: FastifyReply,
    groupId: string,
    kind: GroupReplyKind,
    extra: { content?: string; speakerId?: string } = {},
  ) => {
    const actor = authOf(req);
    const rateLimit = () => rateLimiter.consume([{ rule: CHAT_RATE, key: actor.userId }]);
    const country = locate(req)?.country;
    const gen = await generation.prepare({ actor, groupId, kind, ...extra, rateLimit, nsfwLocked: () => age.nsfwLocked(req), country });
    return (await deliverReply(req, reply, gen, {
      what: 'group generation',
      lead: { speaker: toGroupSpeaker(gen.speaker) },
      stops,
      away: (message) =>
        deps.replyReady(actor.userId, { message, speakerName: gen.speaker.name, link: `/group/${groupId}`, inGroup: true }),
    })) as GroupReply;
  };
  return async (app) => {
    route(app, api.create, async (req, reply) => {
      const actor = authOf(req);
      // Like starting a one-to-one conversation: counted with the user's generations.
      await rateLimiter.consume([{ rule: CHAT_RATE, key: actor.userId }]);
      reply.status(201);
      return { ...toGroupSession(await groups.create(actor, req.body), cards), aiNoticeMinutes: compliance.aiNoticeMinutes };
    });
    route(app, api.get, async (req) => ({
      ...toGroupSession(await groups.open(authOf(req), req.params.id), cards),
      aiNoticeMinutes: compliance.aiNoticeMinutes,
    }));
    route(app, api.update, async (req) => toGroup(await groups.update(authOf(req), req.params.id, req.body)));
    route(app, api.addMember, async (req) => toGroup(await groups.addMember(authOf(req), req.params.id, req.body.characterId)));
    route(app, api.removeMember, async (req) => toGroup(await groups.removeMember(authOf(req), req.params.id, req.params.characterId)));
    route(app, api.skip, async (req) => toGroup(await groups.skip(authOf(req), req.params.id)));
    route(app, api.send, (req, reply) => generate(req, reply, req.params.id, 'send', req.body));
    route(app, api.speak, (req, reply) => generate(req, reply, req.params.id, 'speak', { speakerId: req.body.characterId }));
    route(app, api.regenerate, (req, reply) => generate(req, reply, req.params.id, 'regenerate'));
    route(app, api.continue, (req, reply) => generate(req, reply, req.params.id, 'continue'));
  };
}
