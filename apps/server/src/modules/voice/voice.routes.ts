import { api as shared } from '@reverie/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { uploadedFile } from '../characters/characters.routes.ts';
import type { SpeechService, SpokenSentence } from './speech.service.ts';
import type { TranscriptionLimits, TranscriptionService } from './transcription.service.ts';
import type { VoiceSettingsService } from './voice-settings.service.ts';
import { toSpeechSettings } from './voice.mapper.ts';

const api = shared.voice;

/** Sentences read aloud (a long reply is many requests). */
export const SPEAK_RATE: RateLimitRule = { name: 'voice:speak', limit: 120, windowMs: 60_000 };
export const PREVIEW_RATE: RateLimitRule = { name: 'voice:preview', limit: 10, windowMs: 60_000 };
export const TRANSCRIBE_RATE: RateLimitRule = { name: 'voice:transcribe', limit: 20, windowMs: 60_000 };

export function voiceRoutes(deps: {
  speech: SpeechService;
  transcription: TranscriptionService;
  settings: VoiceSettingsService;
  rateLimiter: RateLimiter;
  limits: TranscriptionLimits;
}): FastifyPluginAsync {
  const { speech, transcription, settings, rateLimiter, limits } = deps;
  const limit = (rule: RateLimitRule, userId: string) => rateLimiter.consume([{ rule, key: userId }]);
  return async (app) => {
    route(app, api.status, async (req) => {
      const { status, settings: row } = await settings.status(req.auth ?? null);
      return { ...status, settings: row === null ? null : toSpeechSettings(row) };
    });

    route(app, api.voices, async () => speech.voices());

    route(app, api.preview, async (req, reply) => {
      const actor = authOf(req);
      await limit(PREVIEW_RATE, actor.userId);
      const audio = await speech.preview(req.body.voice);
      return reply.type(audio.contentType).header('cache-control', 'private, no-store').send(audio.bytes);
    });

    // A sentence of a reply: one-to-one or a group's, the same limit, price and answer.
    const sendSentence = (reply: FastifyReply, { audio, sentences }: SpokenSentence) =>
      reply
        .type(audio.contentType)
        .header('x-speech-sentences', String(sentences))
        .header('cache-control', 'private, no-store')
        .send(audio.bytes);

    route(app, api.speakMessage, async (req, reply) => {
      const actor = authOf(req);
      await limit(SPEAK_RATE, actor.userId);
      return sendSentence(reply, await speech.speakMessage(actor, req.params.characterId, req.params.messageId, req.body));
    });

    route(app, api.speakGroupMessage, async (req, reply) => {
      const actor = authOf(req);
      await limit(SPEAK_RATE, actor.userId);
      return sendSentence(reply, await speech.speakGroupMessage(actor, req.params.id, req.params.messageId, req.body));
    });

    route(app, api.transcribe, async (req) => {
      const actor = authOf(req);
      await limit(TRANSCRIBE_RATE, actor.userId);
      const { bytes } = await uploadedFile(req, 'recording', limits.maxBytes);
      return transcription.transcribe(actor, bytes, req.query.characterId);
    });

    route(app, api.updateSettings, async (req) => toSpeechSettings(await settings.update(authOf(req), req.body)));
  };
}
