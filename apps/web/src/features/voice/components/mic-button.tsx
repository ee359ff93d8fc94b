// The microphone in the composer: hold to talk (or press once to start and again to stop, from the keyboard). The
// recording is sent to be transcribed; the transcript fills the composer for the user to send or edit.
import { useEffect, useRef, useState } from 'react';
import { Loader2, Mic } from 'lucide-react';
import type { VoiceStatusResponse } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useVoiceStatus } from '../api/get-voice-status';
import { useTranscribe } from '../api/transcribe';
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

type Phase = 'idle' | 'starting' | 'recording' | 'sending';

export function MicButton({ characterId, disabled, onTranscript }: Props) {
  const { data: status } = useVoiceStatus();
  const transcribe = useTranscribe();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const wantStop = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => recorder.current?.stream.getTracks().forEach((t) => t.stop()), []);
  if (!status || status.transcription.provider === 'off') return null;
  const maxMs = status.limits.maxSeconds * 1000;

  const stop = () => {
    wantStop.current = true;
    if (timer.current) clearTimeout(timer.current);
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const send = (audio: Blob) => {
    setPhase('sending');
    transcribe.mutate(
      { audio, characterId },
      {
        onSuccess: (r) => (r.text ? onTranscript(r.text) : setError('Nothing was heard: hold the button while you speak.')),
        onError: (err) => setError(getErrorMessage(err, 'The recording could not be turned into text.')),
        onSettled: () => setPhase('idle'),
      },
    );
  };

  const start = async () => {
    if (phase !== 'idle') return;
    setError(null);
    wantStop.current = false;
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setPhase('idle');
      return setError('The microphone is not available: allow it for this site and try again.');
    }
    const rec = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      recorder.current = null;
      const audio = new Blob(chunks, { type: rec.mimeType || 'audio/webm' });
      if (audio.size === 0) {
        setPhase('idle');
        return setError('Nothing was recorded: hold the button while you speak.');
      }
      send(audio);
    };
    recorder.current = rec;
    rec.start();
    setPhase('recording');
    timer.current = setTimeout(stop, maxMs);
    // Released before the microphone opened: stop at once.
    if (wantStop.current) stop();
  };

  const price = micPrice(status.prices);
  const unavailable = !status.transcription.available;
  const label = phase === 'recording' ? 'Recording: release to send' : `Hold to talk${price ? ` (${price})` : ''}`;
  return (
    <div className="relative flex shrink-0 flex-col items-center">
      <Button
        type="button"
        size="icon"
        variant={phase === 'recording' ? 'destructive' : 'secondary'}
        aria-label={label}
        aria-pressed={phase === 'recording'}
        title={unavailable ? (status.transcription.message ?? 'Speech input is not available right now.') : label}
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
