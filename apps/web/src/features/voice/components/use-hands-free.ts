// Hands-free speech input: the microphone stays open (lib/listener.ts hears where each utterance starts and ends),
// and each utterance is sent to be transcribed as a hold-to-talk recording is; its words go into the composer.
// Whether it is on is kept for the tab (sessionStorage), so it listens again when the composer comes back after a reply.
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { listen, type Listener } from '../lib/listener';
import { useTranscribe } from '../api/transcribe';

export type HandsFreePhase = 'off' | 'starting' | 'listening' | 'hearing' | 'sending';

const STORAGE_KEY = 'reverie.handsFree';

interface Options {
  characterId?: string;
  /** The longest recording the server takes. */
  maxMs: number;
  onTranscript: (text: string) => void;
}

const remembered = () => {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
};
const remember = (on: boolean) => {
  try {
    sessionStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (a private window): it is simply not remembered.
  }
};

export function useHandsFree({ characterId, maxMs, onTranscript }: Options) {
  const transcribe = useTranscribe();
  const [phase, setPhase] = useState<HandsFreePhase>('off');
  const [error, setError] = useState<string | null>(null);
  const listener = useRef<Listener | null>(null);
  /** Bumped by every close: an open still waiting for the microphone then lets it go. */
  const generation = useRef(0);
  const latest = useRef({ characterId, maxMs, onTranscript, transcribe });
  latest.current = { characterId, maxMs, onTranscript, transcribe };

  const close = useCallback(() => {
    generation.current++;
    listener.current?.close();
    listener.current = null;
    setPhase('off');
  }, []);

  // The words answer from the mutation's promise, not from mutate's own callbacks: the microphone stays open, so the
  // next utterance can be sent before this one's words are back, and mutate keeps only the last call's callbacks.
  const send = useCallback(
    (audio: Blob) => {
      setPhase('sending');
      const mine = generation.current;
      void latest.current.transcribe.mutateAsync({ audio, characterId: latest.current.characterId }).then(
        (r) => {
          if (r.text) latest.current.onTranscript(r.text);
          if (listener.current) setPhase('listening');
        },
        (err: unknown) => {
          // Closed since (the composer went away while a reply is written): hands-free stays as the user left it.
          if (mine !== generation.current) return;
          setError(getErrorMessage(err, 'The recording could not be turned into text.'));
          remember(false);
          close();
        },
      );
    },
    [close],
  );

  const open = useCallback(async () => {
    setError(null);
    setPhase('starting');
    const mine = generation.current;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch {
      if (mine !== generation.current) return;
      remember(false);
      setPhase('off');
      return setError('The microphone is not available: allow it for this site and try again.');
    }
    if (mine !== generation.current) return stream.getTracks().forEach((t) => t.stop());
    listener.current = listen(stream, latest.current.maxMs, {
      heard: () => setPhase('hearing'),
      utterance: send,
      dropped: () => setPhase('listening'),
    });
    setPhase('listening');
  }, [send]);

  const toggle = useCallback(() => {
    const on = listener.current !== null || phase === 'starting';
    remember(!on);
    if (on) close();
    else void open();
  }, [close, open, phase]);

  // Listening again when the composer comes back (after a reply) if it was on; released when it goes.
  useEffect(() => {
    if (remembered()) void open();
    return () => close();
  }, [open, close]);

  return { phase, error, toggle };
}
