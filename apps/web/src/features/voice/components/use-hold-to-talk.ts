// Hold to talk: the microphone records while the button is held (or between two key presses), up to the longest
// recording the server takes; the recording is sent to be transcribed and its words handed to `onTranscript`.
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useTranscribe } from '../api/transcribe';

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
  const recorder = useRef<MediaRecorder | null>(null);
  const wantStop = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => recorder.current?.stream.getTracks().forEach((t) => t.stop()), []);

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

  return { phase, error, start, stop };
}
