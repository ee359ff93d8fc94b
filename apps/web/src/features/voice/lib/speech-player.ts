// One reply read aloud at a time, sentence by sentence: the next sentence is fetched while one plays, so the voice
// starts after the first sentence is made, not the whole reply. Starting another reply (or Stop) ends the current one.
import { useSyncExternalStore } from 'react';
import { speechPieces, type SpeechTextOptions } from '@reverie/shared';
import { ApiError } from '@/lib/api-client';
import { speakSentence, type SpeechSource } from '../api/speak';

export interface PlayerState {
  /** The reply being read (or fetched), else null. */
  messageId: string | null;
  /** Waiting for the first sentence's audio. */
  loading: boolean;
  /** Why the last Listen stopped early, in a sentence. */
  error: { messageId: string; message: string; status?: number } | null;
}

let state: PlayerState = { messageId: null, loading: false, error: null };
const listeners = new Set<() => void>();
let current: { abort: AbortController; audio: HTMLAudioElement | null } | null = null;

function set(next: Partial<PlayerState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

/** Plays one sentence's audio to its end (or until stopped). */
function playBlob(blob: Blob, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const audio = new Audio(url);
    audio.dataset.speech = 'reply';
    if (current) current.audio = audio;
    const done = () => {
      URL.revokeObjectURL(url);
      resolve();
    };
    audio.onended = done;
    audio.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The audio could not be played.'));
    };
    signal.addEventListener('abort', () => {
      audio.pause();
      done();
    });
    audio.play().catch((err: Error) => {
      URL.revokeObjectURL(url);
      reject(err.name === 'NotAllowedError' ? new Error('The browser blocked playback: press Listen to hear it.') : err);
    });
  });
}

export function stopSpeech(): void {
  current?.abort.abort();
  current?.audio?.pause();
  current = null;
  set({ messageId: null, loading: false });
}

function messageOf(err: unknown): { message: string; status?: number } {
  if (err instanceof ApiError) return { message: err.serverMessage ?? err.message, status: err.status };
  return { message: err instanceof Error ? err.message : 'The reply could not be read aloud.' };
}

/** Reads a saved reply aloud; resolves when it ends, is stopped, or fails (the failure is in the state). */
export async function playReply(input: { source: SpeechSource; messageId: string; content: string; options: SpeechTextOptions }) {
  stopSpeech();
  const { source, messageId } = input;
  const count = speechPieces(input.content, input.options).length;
  const abort = new AbortController();
  current = { abort, audio: null };
  set({ messageId, loading: true, error: null });
  const playId = crypto.randomUUID();
  const fetchOne = (sentence: number) => speakSentence({ source, messageId, playId, sentence, signal: abort.signal });
  try {
    // With nothing to say the server says why (only-dialogue on a reply without quotes): ask for sentence 0 anyway.
    let next = fetchOne(0);
    for (let i = 0; i < Math.max(count, 1); i++) {
      const blob = await next;
      if (abort.signal.aborted) return;
      if (i + 1 < count) next = fetchOne(i + 1);
      set({ loading: false });
      await playBlob(blob, abort.signal);
      if (abort.signal.aborted) return;
    }
  } catch (err) {
    if (abort.signal.aborted) return;
    set({ error: { messageId, ...messageOf(err) } });
  } finally {
    if (current?.abort === abort) {
      current = null;
      set({ messageId: null, loading: false });
    }
  }
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export function useSpeechPlayer(): PlayerState {
  return useSyncExternalStore(subscribe, () => state);
}
