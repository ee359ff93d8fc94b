// Hold to talk: the microphone records while the button is held (or between two key presses), up to the longest
// recording the server takes; the recording (lib/recorder.ts: 16 kHz PCM WAV) is sent to be transcribed and its words
// handed to `onTranscript`. With `browser` (the user's opt-in, lib/browser-recognition.ts), the browser's own
// recogniser listens instead and nothing is uploaded.
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useTranscribe } from '../api/transcribe';
import { recognise } from '../lib/browser-recognition';
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
  browser = false,
  onTranscript,
}: {
  characterId?: string;
  maxMs: number;
  browser?: boolean;
  onTranscript: (text: string) => void;
}) {
  const transcribe = useTranscribe();
  const [phase, setPhase] = useState<HoldPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const recording = useRef<Take | null>(null);
  const recognition = useRef<ReturnType<typeof recognise> | null>(null);
  const wantStop = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (recording.current) release(recording.current);
      recording.current?.recorder.close();
      recognition.current?.abort();
    },
    [],
  );

  const stop = () => {
    wantStop.current = true;
    if (timer.current) clearTimeout(timer.current);
    const heard = recognition.current;
    if (heard) {
      // Waiting for its last words; it may answer at once (inside `stop`), which ends the wait.
      recognition.current = null;
      setPhase('sending');
      return heard.stop();
    }
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
    if (browser) return listenInBrowser();
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

  /** The browser's recogniser listens until `stop`; its words go to `onTranscript` (nothing is uploaded or charged). */
  const listenInBrowser = () => {
    recognition.current = recognise(navigator.language || 'en-US', {
      done: (text) => {
        setPhase('idle');
        if (text) onTranscript(text);
        else setError('Nothing was heard: hold the button while you speak.');
      },
      failed: (message) => {
        recognition.current = null;
        setPhase('idle');
        setError(message);
      },
    });
    setPhase('recording');
    timer.current = setTimeout(stop, maxMs);
    if (wantStop.current) stop();
  };

  return { phase, error, start, stop };
}
