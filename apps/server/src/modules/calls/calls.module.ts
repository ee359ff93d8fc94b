// Calls (#42.4): a one-to-one chat spoken turn by turn over one WebSocket. It composes what exists: the voice
// module's recogniser and voice, the chat module's one reply pipeline (a turn is an ordinary sent message) and its
// Stop, billing's allowances (a call is priced by the minute). docs/voice.md "Calls".
import type { Locate } from '../../http/location.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Redis } from '../../lib/redis.ts';
import type { TranscriptionProvider } from '../../providers/speech/index.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { Conversations, Generation, ReplyStops } from '../chat/index.ts';
import type { CallVoice } from '../voice/call-voice.ts';
import type { TranscriptionService } from '../voice/transcription.service.ts';
import { CallAdmission } from './call-admission.ts';
import { callRoutes } from './calls.routes.ts';

export function createCallsModule(deps: {
  config: { calls: { maxPerProcess: number; idleSeconds: number }; voice: { maxBytes: number }; publicUrl: string; redisPrefix: string };
  rateLimiter: RateLimiter;
  redis: Redis | undefined;
  locate: Locate;
  transcription: TranscriptionProvider;
  age: NsfwGate;
  entitlements: EntitlementsService;
  pipeline: { generation: Generation };
  delivery: { stops: ReplyStops };
  conversations: Conversations;
  voice: { transcription: TranscriptionService; callVoice: CallVoice };
}) {
  const { config } = deps;
  const admission = new CallAdmission({ ...deps, redisPrefix: config.redisPrefix, maxPerProcess: config.calls.maxPerProcess });
  const session = {
    hear: (audio: Buffer) => deps.voice.transcription.hear(audio),
    generation: deps.pipeline.generation,
    stops: deps.delivery.stops,
    voice: deps.voice.callVoice,
    admission,
    idleMs: config.calls.idleSeconds * 1000,
  };
  const opening = { ...deps, callVoice: deps.voice.callVoice, admission, session };
  return {
    services: { admission },
    routes: callRoutes({ ...deps, opening, publicUrl: config.publicUrl, maxBytes: config.voice.maxBytes }),
  };
}
