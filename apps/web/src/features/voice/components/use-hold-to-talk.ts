// Hold to talk: the microphone records while the button is held (or between two key presses), up to the longest
// recording the server takes; the recording (lib/recorder.ts: 16 kHz PCM WAV) is sent to be transcribed and its words
// handed to `onTranscript`.
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useTranscribe } from '../api/transcribe';
import { startRecorder, type Recorder } from '../lib/recorder';

/** A recording in progress: what it records with and what it holds open. */
interface Take {
  recorder: Recorder;
  stream: MediaStream;
  context?: AudioContext;
}

/** Lets go of the microphone and the audio context. */
function release(take: Take): void {
  take.stream.getTracks().forEach((t) => t.stop());
  void take.context?.close().catch(() => undefined);
}

export type HoldPhase = 'idle' | 'starting' | 'recording' | 'sending';

export function useHoldToTalk({
  characterId,
  maxMs,
  onTranscript,
}: {
  characterId?: string;
  maxMs: number;
  onTranscript: (text: string) => void;
}) {
  const transcribe = useTranscribe();
  const [phase, setPhase] = useState<HoldPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const recording = useRef<Take | null>(null);
  const wantStop = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (recording.current) release(recording.current);
      recording.current?.recorder.close();
    },
    [],
  );

  const stop = () => {
    wantStop.current = true;
    if (timer.current) clearTimeout(timer.current);
    const take = recording.current;
    recording.current = null;
    take?.recorder.close((audio) => {
      release(take);
      if (audio.size === 0) {
        setPhase('idle');
        return setError('Nothing was recorded: hold the button while you speak.');
      }
      send(audio);
    });
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
    const context = typeof AudioContext === 'undefined' ? undefined : new AudioContext();
    const source = context?.createMediaStreamSource(stream);
    const recorder = startRecorder(stream, context && source ? { context, source } : undefined);
    recording.current = { recorder, stream, context };
    setPhase('recording');
    timer.current = setTimeout(stop, maxMs);
    // Released before the microphone opened: stop at once.
    if (wantStop.current) stop();
  };

  return { phase, error, start, stop };
}
