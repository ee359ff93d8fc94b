// Reads each new reply aloud as it arrives, when the user turned auto-play on: once the reply is saved (only the
// stored, checked text is ever spoken), sentence by sentence from its first.
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@reverie/shared';
import { queryClient } from '@/lib/query-client';
import { voiceKeys } from '@/lib/query-keys/voice';
import { useVoiceStatus } from '../api/get-voice-status';
import { playReply } from '../lib/speech-player';

export function useAutoPlay(input: { characterId: string; messages: ChatMessage[]; generating: boolean }) {
  const { characterId, messages, generating } = input;
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
      characterId,
      messageId: last.id,
      content: last.content,
      options: { dialogueOnly: settings.dialogueOnly, skipActions: settings.skipActions },
    }).then(() => queryClient.invalidateQueries({ queryKey: voiceKeys.status() }));
  }, [characterId, generating, last, status]);
}
