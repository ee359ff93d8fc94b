// Voice (#42): replies read aloud, recordings turned into text, and the user's speech settings.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { SpeechProvider, TranscriptionProvider } from '../../providers/speech/index.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { CallVoice } from './call-voice.ts';
import { SpeechService } from './speech.service.ts';
import type { StoredReplyRepos } from './stored-reply.ts';
import { TranscriptionService, type TranscriptionLimits } from './transcription.service.ts';
import { VoiceSettingsService } from './voice-settings.service.ts';
import type { SpeechSettingsRepo } from './voice.repo.ts';
import { voiceRoutes } from './voice.routes.ts';

export function createVoiceModule(deps: {
  config: { voice: TranscriptionLimits };
  uow: UnitOfWork<StoredReplyRepos & { speechSettings: SpeechSettingsRepo }>;
  rateLimiter: RateLimiter;
  speech: SpeechProvider;
  transcription: TranscriptionProvider;
  moderation: ModerationService;
  entitlements: EntitlementsService;
  ledger: LedgerService;
}) {
  const limits = deps.config.voice;
  const speech = new SpeechService(deps);
  const transcription = new TranscriptionService({ ...deps, limits });
  const settings = new VoiceSettingsService({ ...deps, limits });
  const callVoice = new CallVoice({ ...deps, speechService: speech });
  return {
    services: { speech, transcription, settings, callVoice },
    routes: voiceRoutes({ speech, transcription, settings, rateLimiter: deps.rateLimiter, limits }),
  };
}
