// "Listen" under a reply: reads the saved reply aloud in the voice of the character who wrote it (or the user's own
// choice for that character), in a one-to-one chat (`characterId`) or a group chat (`groupId`: each member's own).
// The price is said before the click (in its title and label): a free use left today, or coins.
import { Loader2, Square, Volume2 } from 'lucide-react';
import type { ChatMessage, VoiceStatusResponse } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { voiceKeys } from '@/lib/query-keys/voice';
import { useVoiceStatus } from '../api/get-voice-status';
import { speechSource, type SpeechSource } from '../api/speak';
import { playReply, stopSpeech, useSpeechPlayer } from '../lib/speech-player';

/** What the next Listen costs: "free, 19 left today" or "2 coins (balance 40)". */
export function listenPrice(prices: VoiceStatusResponse['prices']): string | null {
  if (!prices) return null;
  const { cost, allowance } = prices.speech;
  if (allowance.remaining > 0) return `free, ${formatNumber(allowance.remaining)} left today`;
  if (cost === 0) return 'free';
  return `${formatNumber(cost)} ${cost === 1 ? 'coin' : 'coins'} (balance ${formatNumber(prices.balance)})`;
}

type Props = SpeechSource & { message: Pick<ChatMessage, 'id' | 'role' | 'content' | 'status'> };

export function ListenButton(props: Props) {
  const { message } = props;
  const { data: status } = useVoiceStatus();
  const player = useSpeechPlayer();
  if (!status || status.speech.provider === 'off' || message.role !== 'assistant' || message.status !== 'complete') return null;
  const playing = player.messageId === message.id;
  const price = listenPrice(status.prices);
  const unavailable = !status.speech.available;
  const label = playing ? 'Stop reading aloud' : `Listen${price ? ` (${price})` : ''}`;
  const error = player.error?.messageId === message.id ? player.error.message : null;
  const start = () => {
    const s = status.settings;
    void playReply({
      source: speechSource(props),
      messageId: message.id,
      content: message.content,
      options: { dialogueOnly: s?.dialogueOnly ?? false, skipActions: s?.skipActions ?? true },
    }).then(() => queryClient.invalidateQueries({ queryKey: voiceKeys.status() }));
  };
  return (
    <span className="inline-flex shrink-0 items-center">
      <Button
        size="icon-sm"
        variant="ghost"
        aria-label={label}
        aria-pressed={playing}
        title={unavailable ? (status.speech.message ?? 'Speech is not available right now.') : label}
        disabled={unavailable}
        onClick={playing ? stopSpeech : start}
        data-testid="listen"
      >
        {playing && player.loading ? <Loader2 className="animate-spin" /> : playing ? <Square className="fill-current" /> : <Volume2 />}
      </Button>
      {error ? (
        <span role="alert" className="ml-1 max-w-56 truncate text-danger sm:max-w-80" title={error}>
          {error}
        </span>
      ) : null}
    </span>
  );
}
