// "Call" in a one-to-one chat's header, shown only when both speech and transcription are on. Its label says what a
// minute costs before anything starts; the call screen says it again beside "Start call". When the call closes, the
// chat and the voice prices are read again: the turns are messages of the chat now.
import { useState } from 'react';
import { Phone } from 'lucide-react';
import type { ChatCharacter, VoiceStatusResponse } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';
import { voiceKeys } from '@/lib/query-keys/voice';
import { useVoiceStatus } from '../api/get-voice-status';
import { CallScreen } from './call-screen';

/** What the next call minute costs: "free, 9 minutes left today" or "2 coins a minute (balance 40)". */
export function callPrice(prices: VoiceStatusResponse['prices']): string | null {
  if (!prices) return null;
  const { cost, allowance } = prices.call;
  if (allowance.remaining > 0)
    return `free, ${formatNumber(allowance.remaining)} ${allowance.remaining === 1 ? 'minute' : 'minutes'} left today`;
  if (cost === 0) return 'free';
  return `${formatNumber(cost)} ${cost === 1 ? 'coin' : 'coins'} a minute (balance ${formatNumber(prices.balance)})`;
}

interface Props {
  character: Pick<ChatCharacter, 'id' | 'name' | 'avatarUrl' | 'deleted'>;
  conversationId?: string;
  disabled?: boolean;
  /** Words beside the icon (where the header has room). */
  showLabel?: boolean;
}

export function CallButton({ character, conversationId, disabled, showLabel }: Props) {
  const { data: status } = useVoiceStatus();
  const [open, setOpen] = useState(false);
  if (!status?.prices || !status.speech.available || !status.transcription.available || character.deleted) return null;
  const price = callPrice(status.prices);
  const label = `Call ${character.name}${price ? ` (${price})` : ''}`;
  const close = () => {
    setOpen(false);
    void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
    void queryClient.invalidateQueries({ queryKey: voiceKeys.status() });
  };
  return (
    <>
      <Button size="sm" variant="ghost" aria-label={label} title={label} disabled={disabled} onClick={() => setOpen(true)}>
        <Phone />
        {showLabel ? <span className="lg:hidden 2xl:inline">Call</span> : null}
      </Button>
      {open ? (
        <CallScreen
          character={character}
          conversationId={conversationId}
          price={price}
          maxMs={status.limits.maxSeconds * 1000}
          open={open}
          onClose={close}
        />
      ) : null}
    </>
  );
}
