// Hands-free in the composer: one press and the microphone listens; each thing said goes into the composer by itself
// (use-hands-free.ts), another press and it stops. Beside it, what it is doing now.
import { AudioLines, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useVoiceStatus } from '../api/get-voice-status';
import { micPrice } from './mic-button';
import { useHandsFree, type HandsFreePhase } from './use-hands-free';
import { VoiceError } from './voice-error';

interface Props {
  characterId?: string;
  disabled?: boolean;
  onTranscript: (text: string) => void;
}

const SAYS: Record<Exclude<HandsFreePhase, 'off'>, string> = {
  starting: 'Opening the microphone…',
  listening: 'Listening',
  hearing: 'Hearing you…',
  sending: 'Writing it down…',
};

export function HandsFreeButton({ characterId, disabled, onTranscript }: Props) {
  const { data: status } = useVoiceStatus();
  if (!status || status.transcription.provider === 'off') return null;
  return (
    <HandsFree
      characterId={characterId}
      disabled={disabled || !status.transcription.available}
      maxMs={status.limits.maxSeconds * 1000}
      price={micPrice(status.prices)}
      onTranscript={onTranscript}
    />
  );
}

function HandsFree({ characterId, disabled, maxMs, price, onTranscript }: Props & { maxMs: number; price: string | null }) {
  const { phase, error, toggle } = useHandsFree({ characterId, maxMs, onTranscript });
  const on = phase !== 'off';
  // A toggle keeps its name; aria-pressed says whether it is on, and the tooltip what a press does.
  const label = `Hands-free listening${price ? ` (${price} each time you speak)` : ''}`;
  return (
    <div className="relative flex shrink-0 flex-col items-center">
      <Button
        type="button"
        size="icon"
        variant={on ? 'primary' : 'secondary'}
        aria-label={label}
        aria-pressed={on}
        title={on ? 'Stop hands-free listening' : `Start hands-free listening${price ? ` (${price} each time you speak)` : ''}`}
        disabled={disabled && !on}
        onClick={toggle}
        data-testid="hands-free"
      >
        {phase === 'starting' || phase === 'sending' ? <Loader2 className="animate-spin" /> : <AudioLines />}
      </Button>
      {on ? (
        <p
          role="status"
          className={cn(
            'absolute bottom-full left-0 mb-2 whitespace-nowrap rounded-full bg-surface-raised px-3 py-1 text-xs text-fg-muted shadow ring-1 ring-border',
            phase === 'hearing' && 'text-primary',
          )}
        >
          {SAYS[phase]}
        </p>
      ) : null}
      <VoiceError message={error} />
    </div>
  );
}
