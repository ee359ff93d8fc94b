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
  const keyOf = (m: ChatMessage | undefined) => (m ? `${m.id}:${m.swipeIndex}:${m.content.length}` : null);
  // Only a reply that a generation begun on this page produced is read: the last message when it began is the
  // baseline, and the reply is read once generation is over and the last message is another one. The saved reply can
  // land in the list a moment after the stream ends; until then nothing is read (not the reply before it).
  const pending = useRef<{ baseline: string | null } | null>(null);
  useEffect(() => {
    if (generating) {
      pending.current ??= { baseline: keyOf(last) };
      return;
    }
    const settings = status?.settings;
    if (!pending.current || !settings) return;
    if (!settings.autoPlay || !status.speech.available) {
      pending.current = null;
      return;
    }
    if (!last || last.role !== 'assistant' || last.status !== 'complete') return;
    if (keyOf(last) === pending.current.baseline) return;
    pending.current = null;
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
