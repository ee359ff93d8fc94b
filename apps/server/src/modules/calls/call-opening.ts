// Starting a call once its socket is signed in, in this order: both voice directions configured (503), the caller's
// conversation with the character (404 like a missing one for anyone else's, 403 for NSFW where age assurance is
// required), the voice, the caller's one call and this process's capacity (429, 503), the first minute's price
// (402 `{ cost, balance }`, SPENDING_CAP). Then the call says it is ready.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TranscriptionProvider } from '../../providers/speech/index.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { Conversations } from '../chat/index.ts';
import type { CallVoice } from '../voice/call-voice.ts';
import type { CallAdmission } from './call-admission.ts';
import { CallMeter, MINUTE_MS } from './call-meter.ts';
import { CallSession, type SessionCall, type SessionDeps } from './call-session.ts';

export const CALLS_NOT_CONFIGURED =
  'Calls need both speech and transcription: set SPEECH_PROVIDER and TRANSCRIPTION_PROVIDER (docs/voice.md).';

export interface OpeningDeps {
  conversations: Pick<Conversations, 'open'>;
  callVoice: Pick<CallVoice, 'available' | 'speakerFor'>;
  transcription: Pick<TranscriptionProvider, 'configured'>;
  admission: Pick<CallAdmission, 'admit'>;
  entitlements: Pick<EntitlementsService, 'consumeVoiceAllowanceOrCharge' | 'release'>;
  session: SessionDeps;
}

export interface CallWhere {
  characterId: string;
  conversationId?: string;
}

export async function openCall(
  deps: OpeningDeps,
  actor: Actor,
  where: CallWhere,
  port: Omit<SessionCall, 'actor' | 'conversationId' | 'speaker' | 'characterId'>,
): Promise<CallSession> {
  if (!deps.callVoice.available(deps.transcription.configured)) throw new AppError(503, 'NOT_CONFIGURED', CALLS_NOT_CONFIGURED);
  const opened = await deps.conversations.open(actor, where.characterId, where.conversationId, port.nsfwLocked);
  const speaker = await deps.callVoice.speakerFor(actor, where.characterId);
  const release = await deps.admission.admit(actor.userId);
  const meter = new CallMeter(deps, actor.userId, randomUUID(), MINUTE_MS);
  let session: CallSession | undefined;
  try {
    const first = await meter.start({
      charged: (minute, charge) => port.emit({ type: 'minute', minute, charge }),
      lapsed: (err) =>
        void session?.fail(err instanceof AppError ? err : new AppError(503, 'UNAVAILABLE', 'The call could not go on.'), false),
    });
    const conversationId = opened.conversation.id;
    session = new CallSession(deps.session, { ...port, actor, characterId: where.characterId, conversationId, speaker }, meter, release);
    port.emit({ type: 'ready', conversationId, charge: first });
    return session;
  } catch (err) {
    meter.stop();
    await release();
    throw err;
  }
}
