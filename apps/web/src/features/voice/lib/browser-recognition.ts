// The browser's own speech recognition (the Web Speech API: `SpeechRecognition`, `webkitSpeechRecognition` in Chrome,
// Edge and Safari), an opt-in for hold-to-talk in Settings → Voice, remembered per browser (localStorage: it is this
// browser's engine). It costs nothing and sends nothing to Reverie, but the browser may send the audio to its maker's
// service (Chrome does, to Google), which is why it is off until the user turns it on. The words go into the composer
// like a transcript; sending them checks them as a typed message is checked.
import { useSyncExternalStore } from 'react';

interface Alternative {
  transcript: string;
}
interface Result {
  isFinal: boolean;
  0: Alternative;
}
interface ResultEvent {
  resultIndex: number;
  results: { length: number; [index: number]: Result };
}

/** The part of the Web Speech API used here (TypeScript's DOM library does not declare it). */
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((e: ResultEvent) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionClass = new () => Recognition;

/** This browser's recogniser, or null where there is none (Firefox). */
export function recognitionClass(): RecognitionClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const KEY = 'reverie.browserRecognition';
const CHANGED = 'reverie:browser-recognition';

function read(): boolean {
  try {
    return recognitionClass() !== null && localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Whether hold-to-talk uses this browser's recogniser (supported and turned on), and the switch. */
export function useBrowserRecognition(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => false);
  const set = (next: boolean) => {
    try {
      localStorage.setItem(KEY, next ? 'on' : 'off');
    } catch {
      // storage refused (private mode): the switch stays as it was
    }
    window.dispatchEvent(new Event(CHANGED));
  };
  return [on, set];
}

const SENTENCES: Record<string, string> = {
  'not-allowed': 'The microphone is not available: allow it for this site and try again.',
  'audio-capture': 'No microphone was found: connect one and try again.',
  'no-speech': 'Nothing was heard: hold the button while you speak.',
  network: "This browser's speech recognition could not reach its service: try again, or turn it off in Settings → Voice.",
  'service-not-allowed': "This browser's speech recognition is not allowed here: turn it off in Settings → Voice.",
  'language-not-supported': "This browser's speech recognition does not know your language: turn it off in Settings → Voice.",
};

/**
 * Listens in `lang` until `stop()`; then `done` gets the words heard (final results, in order), or `failed` a
 * sentence (at once, before this returns, where there is no recogniser or it refuses to start). `abort()` ends it
 * without either.
 */
export function recognise(lang: string, on: { done(text: string): void; failed(message: string): void }) {
  const Class = recognitionClass();
  if (!Class) {
    on.failed('This browser has no speech recognition: turn it off in Settings → Voice.');
    return { stop() {}, abort() {} };
  }
  const r = new Class();
  r.lang = lang;
  r.continuous = true;
  r.interimResults = false;
  const heard: string[] = [];
  let error: string | null = null;
  let aborted = false;
  r.onresult = (e) => {
    for (let i = e.resultIndex; i < e.results.length; i++) {
      const result = e.results[i]!;
      if (result.isFinal) heard[i] = result[0].transcript.trim();
    }
  };
  r.onerror = (e) => {
    if (e.error !== 'aborted') error = SENTENCES[e.error] ?? "This browser's speech recognition failed: try again.";
  };
  r.onend = () => {
    if (aborted) return;
    if (error) return on.failed(error);
    on.done(heard.filter(Boolean).join(' '));
  };
  try {
    r.start();
  } catch {
    // Refused at once (already listening elsewhere on the page, or a browser that says no before it asks).
    on.failed("This browser's speech recognition could not start listening: try again.");
    return { stop() {}, abort() {} };
  }
  return {
    stop: () => r.stop(),
    abort() {
      aborted = true;
      r.abort();
    },
  };
}
