// What the voice controls need before an action: whether speech out and in are on, what they cost the caller now
// (free uses left today, then coins), the limits on a recording, and the user's speech settings.
import type { UpdateSpeechSettingsBody, VoiceStatusResponse } from '@reverie/shared';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import type { ProviderHealth } from '../../providers/health.ts';
import type { SpeechProvider, TranscriptionProvider } from '../../providers/speech/index.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import { assertVisible } from '../characters/character-access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TranscriptionLimits } from './transcription.service.ts';
import type { SpeechSettingsRepo, SpeechSettingsRow } from './voice.repo.ts';

async function stateOf(p: ProviderHealth & { configured: boolean; setup: string | null; kind: string }) {
  if (!p.configured) return { provider: p.kind, available: false, message: p.setup };
  const h = await p.health();
  return {
    provider: p.kind,
    available: h.status === 'ok',
    message: h.status === 'ok' ? null : (h.detail ?? 'The service is not answering.'),
  };
}

export class VoiceSettingsService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ speechSettings: SpeechSettingsRepo; characters: CharactersRepo }>;
      speech: SpeechProvider;
      transcription: TranscriptionProvider;
      entitlements: EntitlementsService;
      ledger: LedgerService;
      limits: TranscriptionLimits;
    },
  ) {}

  async status(
    actor: Actor | null,
  ): Promise<{ status: Omit<VoiceStatusResponse, 'settings'>; settings: SpeechSettingsRow | undefined | null }> {
    const { speech, transcription, entitlements, ledger, limits } = this.deps;
    const [speechState, transcriptionState] = await Promise.all([stateOf(speech), stateOf(transcription)]);
    let prices: VoiceStatusResponse['prices'] = null;
    if (actor) {
      const [s, t, call, balance] = await Promise.all([
        entitlements.voiceAllowance(actor.userId, 'speech'),
        entitlements.voiceAllowance(actor.userId, 'transcription'),
        entitlements.voiceAllowance(actor.userId, 'call'),
        ledger.balance(actor.userId),
      ]);
      prices = { speech: s, transcription: t, call, balance };
    }
    const settings = actor ? await this.deps.uow.repos.speechSettings.get(actor.userId) : null;
    return { status: { speech: speechState, transcription: transcriptionState, prices, limits }, settings };
  }

  async update(actor: Actor, body: z.output<typeof UpdateSpeechSettingsBody>): Promise<SpeechSettingsRow> {
    const { voice, ...flags } = body;
    if (voice) {
      const character = await this.deps.uow.repos.characters.findById(voice.characterId);
      if (!character) throw AppError.notFound('Character');
      assertVisible(actor, character);
    }
    return this.deps.uow.repos.speechSettings.upsert(actor.userId, flags, voice);
  }
}
