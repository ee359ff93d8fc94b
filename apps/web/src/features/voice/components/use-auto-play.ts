// Reads each new reply aloud as it arrives, when the user turned auto-play on: once the reply is saved (only the
// stored, checked text is ever spoken), sentence by sentence from its first.
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@reverie/shared';
import { queryClient } from '@/lib/query-client';
import { voiceKeys } from '@/lib/query-keys/voice';
import { useVoiceStatus } from '../api/get-voice-status';
import type { SpeechSource } from '../api/speak';
import { playReply } from '../lib/speech-player';

type AutoPlayInput = SpeechSource & { messages: ChatMessage[]; generating: boolean };

/** A one-to-one chat's (`characterId`) or a group chat's (`groupId`: each reply in its speaker's voice). */
export function useAutoPlay(input: AutoPlayInput) {
  const { messages, generating } = input;
  // Its id alone, so that the effect's dependencies are plain strings.
  const groupId = 'groupId' in input ? input.groupId : null;
  const characterId = 'characterId' in input ? input.characterId : null;
  const { data: status } = useVoiceStatus();
  const last = messages.at(-1);
  // The reply present when the page opened is not new; only one that finishes while the page is open is read.
  const seen = useRef<string | null | undefined>(undefined);
  const wasGenerating = useRef(false);
  useEffect(() => {
    if (seen.current === undefined) seen.current = last?.id ?? null;
    const finished = wasGenerating.current && !generating;
    wasGenerating.current = generating;
    const settings = status?.settings;
    if (!finished || !settings?.autoPlay || !status?.speech.available) return;
    if (!last || last.role !== 'assistant' || last.status !== 'complete') return;
    const key = `${last.id}:${last.swipeIndex}:${last.content.length}`;
    if (seen.current === key) return;
    seen.current = key;
    void playReply({
      source: groupId !== null ? { groupId } : { characterId: characterId ?? '' },
      messageId: last.id,
      content: last.content,
      options: { dialogueOnly: settings.dialogueOnly, skipActions: settings.skipActions },
    }).then(() => queryClient.invalidateQueries({ queryKey: voiceKeys.status() }));
  }, [groupId, characterId, generating, last, status]);
}

/** Auto-play as a component, for a page that hands it to a view which renders it beside its messages. */
export function AutoPlay(props: AutoPlayInput): null {
  useAutoPlay(props);
  return null;
}
