// The microphone in the composer: hold to talk (or press once to start and again to stop, from the keyboard). The
// recording is sent to be transcribed, or heard by the browser's own recogniser where the user chose it (Settings →
// Voice); the words fill the composer for the user to send or edit.
import { Loader2, Mic } from 'lucide-react';
import type { VoiceStatusResponse } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useVoiceStatus } from '../api/get-voice-status';
import { useBrowserRecognition } from '../lib/browser-recognition';
import { useHoldToTalk } from './use-hold-to-talk';
import { VoiceError } from './voice-error';

/** What the next transcription costs: "free, 19 left today" or "1 coin". */
export function micPrice(prices: VoiceStatusResponse['prices']): string | null {
  if (!prices) return null;
  const { cost, allowance } = prices.transcription;
  if (allowance.remaining > 0) return `free, ${formatNumber(allowance.remaining)} left today`;
  return cost === 0 ? 'free' : `${formatNumber(cost)} ${cost === 1 ? 'coin' : 'coins'}`;
}

interface Props {
  characterId?: string;
  disabled?: boolean;
  onTranscript: (text: string) => void;
}

export function MicButton({ characterId, disabled, onTranscript }: Props) {
  const { data: status } = useVoiceStatus();
  const [browser] = useBrowserRecognition();
  if (!status || (status.transcription.provider === 'off' && !browser)) return null;
  return <HoldToTalk characterId={characterId} disabled={disabled} onTranscript={onTranscript} status={status} browser={browser} />;
}

function HoldToTalk({ characterId, disabled, onTranscript, status, browser }: Props & { status: VoiceStatusResponse; browser: boolean }) {
  const maxMs = status.limits.maxSeconds * 1000;
  const { phase, error, start, stop } = useHoldToTalk({ characterId, maxMs, browser, onTranscript });
  const price = browser ? "free, this browser's recognition" : micPrice(status.prices);
  const unavailable = !browser && !status.transcription.available;
  // A toggle keeps its name; aria-pressed says whether it is recording, and the tooltip what to do next.
  const label = `Hold to talk${price ? ` (${price})` : ''}`;
  return (
    <div className="relative flex shrink-0 flex-col items-center">
      <Button
        type="button"
        size="icon"
        variant={phase === 'recording' ? 'destructive' : 'secondary'}
        aria-label={label}
        aria-pressed={phase === 'recording'}
        title={
          unavailable
            ? (status.transcription.message ?? 'Speech input is not available right now.')
            : phase === 'recording'
              ? 'Recording: release to send'
              : label
        }
        disabled={disabled || unavailable || phase === 'sending'}
        onPointerDown={(e) => {
          e.preventDefault();
          void start();
        }}
        onPointerUp={stop}
        onPointerLeave={() => phase === 'recording' && stop()}
        onKeyDown={(e) => {
          if (e.key !== ' ' && e.key !== 'Enter') return;
          e.preventDefault();
          if (phase === 'recording') stop();
          else void start();
        }}
        className={cn('touch-none select-none', phase === 'recording' && 'animate-pulse')}
        data-testid="mic"
      >
        {phase === 'sending' || phase === 'starting' ? <Loader2 className="animate-spin" /> : <Mic />}
      </Button>
      <VoiceError message={error} />
    </div>
  );
}
