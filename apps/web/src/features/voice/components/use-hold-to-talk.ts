// Hold to talk: the microphone records while the button is held (or between two key presses), up to the longest
// recording the server takes; the recording (lib/recorder.ts: 16 kHz PCM WAV) is sent to be transcribed and its words
// handed to `onTranscript`. With `browser` (the user's opt-in, lib/browser-recognition.ts), the browser's own
// recogniser listens instead and nothing is uploaded. Each is a `Way` of hearing; this hook holds what they share (the
// phase, the error, the longest hold, a release that came before the microphone opened).
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useTranscribe } from '../api/transcribe';
import { recognise } from '../lib/browser-recognition';
import { startRecorder, type Recorder } from '../lib/recorder';

export type HoldPhase = 'idle' | 'starting' | 'recording' | 'sending';

/** Where a way of hearing reports: the phase after listening, an error sentence, the words. */
interface Outlet {
  setPhase(phase: HoldPhase): void;
  setError(message: string | null): void;
  onTranscript(text: string): void;
}

/** One way of hearing the user: `begin` opens it (false when it could not, having said why), `end` asks for the words. */
interface Way {
  begin(): Promise<boolean> | boolean;
  end(): void;
}

const NOTHING_HEARD = 'Nothing was heard: hold the button while you speak.';

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
  const [phase, setPhase] = useState<HoldPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const out: Outlet = { setPhase, setError, onTranscript };
  const recorded = useRecordedWay(characterId, out);
  const inBrowser = useBrowserWay(out);
  // The way the hold began with ends it, even if the setting changed in between.
  const active = useRef<Way | null>(null);
  const wantStop = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = () => {
    wantStop.current = true;
    if (timer.current) clearTimeout(timer.current);
    active.current?.end();
  };

  const start = async () => {
    if (phase !== 'idle') return;
    setError(null);
    wantStop.current = false;
    setPhase('starting');
    const way = browser ? inBrowser : recorded;
    active.current = way;
    if (!(await way.begin())) return;
    setPhase('recording');
    timer.current = setTimeout(stop, maxMs);
    // Released before the microphone opened: stop at once.
    if (wantStop.current) stop();
  };

  return { phase, error, start, stop };
}

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

/** Records the microphone and sends the recording to be transcribed (charged as the Voice card says). */
function useRecordedWay(characterId: string | undefined, out: Outlet): Way {
  const transcribe = useTranscribe();
  const take = useRef<Take | null>(null);
  useEffect(
    () => () => {
      if (take.current) release(take.current);
      take.current?.recorder.close();
    },
    [],
  );
  const send = (audio: Blob) => {
    out.setPhase('sending');
    transcribe
      .mutateAsync({ audio, characterId })
      .then(
        (r) => (r.text ? out.onTranscript(r.text) : out.setError(NOTHING_HEARD)),
        (err: unknown) => out.setError(getErrorMessage(err, 'The recording could not be turned into text.')),
      )
      .finally(() => out.setPhase('idle'));
  };
  return {
    async begin() {
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch {
        out.setPhase('idle');
        out.setError('The microphone is not available: allow it for this site and try again.');
        return false;
      }
      const context = typeof AudioContext === 'undefined' ? undefined : new AudioContext();
      const source = context?.createMediaStreamSource(stream);
      const recorder = startRecorder(stream, context && source ? { context, source } : undefined);
      take.current = { recorder, stream, context };
      return true;
    },
    end() {
      const t = take.current;
      take.current = null;
      t?.recorder.close((audio) => {
        release(t);
        if (audio.size > 0) return send(audio);
        out.setPhase('idle');
        out.setError('Nothing was recorded: hold the button while you speak.');
      });
    },
  };
}

/** The browser's recogniser listens until the end; its words go to `onTranscript` (nothing uploaded or charged). */
function useBrowserWay(out: Outlet): Way {
  const listening = useRef<ReturnType<typeof recognise> | null>(null);
  useEffect(() => () => listening.current?.abort(), []);
  return {
    begin() {
      let failed = false;
      const handle = recognise(navigator.language || 'en-US', {
        done: (text) => {
          out.setPhase('idle');
          if (text) out.onTranscript(text);
          else out.setError(NOTHING_HEARD);
        },
        failed: (message) => {
          failed = true;
          listening.current = null;
          out.setPhase('idle');
          out.setError(message);
        },
      });
      // A recogniser that failed at once (none here, or it refused to start) is not listening.
      if (!failed) listening.current = handle;
      return !failed;
    },
    end() {
      const handle = listening.current;
      listening.current = null;
      if (!handle) return;
      // Waiting for its last words; it may answer at once (inside `stop`), which ends the wait.
      out.setPhase('sending');
      handle.stop();
    },
  };
}
