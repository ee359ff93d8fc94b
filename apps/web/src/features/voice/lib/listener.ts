// The microphone while hands-free listens or a call runs: its loudness read every FRAME_MS into voice activity
// detection (voice-activity.ts), and one recording at a time. An utterance ends the recording, which is handed over; a
// recording of only silence is dropped and started again after half the longest recording, so what is sent stays short.
// The recording is recorder.ts's: 16 kHz PCM WAV from the microphone's own samples (MediaRecorder where a worklet
// cannot load).
import { startRecorder } from './recorder';
import { rmsLevel, VOICE_ACTIVITY, VoiceActivity } from './voice-activity';

const FRAME_MS = 30;
/** Shorter sounds (a click, a knock) are not handed over: each transcription is paid for. A "yes" is longer. */
const MIN_UTTERANCE_MS = 250;

export interface ListenerEvents {
  /** Someone started speaking. */
  heard(): void;
  /** An utterance, recorded. */
  utterance(audio: Blob): void;
  /** A sound too short to be words was dropped: listening goes on. */
  dropped(): void;
}

export interface Listener {
  close(): void;
}

/** Listens on `stream` until closed (which also stops the stream's tracks). `maxMs`: the longest recording taken. */
export function listen(stream: MediaStream, maxMs: number, on: ListenerEvents): Listener {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  const source = context.createMediaStreamSource(stream);
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const vad = new VoiceActivity();
  let closed = false;
  let startedAt = performance.now();
  // The detector's own clock (FRAME_MS a read): an utterance is measured in the frames that found it. Wall time would
  // stretch it when reads come late on a busy page (a click taken for words, and paid for).
  let frames = 0;
  let heardAt = 0;
  const recorder = startRecorder(stream, { context, source });

  /** A fresh recording; `keep` says whether the one it replaces is handed over (an utterance) or dropped. */
  const record = (keep: boolean) => {
    if (closed) return recorder.close();
    recorder.cut(keep ? (audio) => !closed && on.utterance(audio) : undefined);
    startedAt = performance.now();
  };

  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    const event = vad.push(rmsLevel(samples), FRAME_MS);
    const now = performance.now();
    frames += FRAME_MS;
    if (event === 'start') {
      heardAt = frames;
      on.heard();
    } else if (event === 'end' || (vad.active && now - startedAt > maxMs - 500)) {
      // The utterance is over (or as long as the server takes): handed over if it was long enough to be words. How
      // long it lasted: from where the loudness began (before it was heard as speech) to where the silence began.
      const spoke = frames - heardAt + VOICE_ACTIVITY.startMs - (event === 'end' ? VOICE_ACTIVITY.endMs : 0);
      const long = spoke >= MIN_UTTERANCE_MS;
      record(long);
      if (!long) on.dropped();
      // Cut at the longest recording while still speaking: the rest is measured from the cut.
      if (event !== 'end') heardAt = frames;
    } else if (!vad.active && now - startedAt > maxMs / 2) {
      record(false);
    }
  }, FRAME_MS);

  return {
    close() {
      closed = true;
      clearInterval(timer);
      record(false);
      stream.getTracks().forEach((t) => t.stop());
      void context.close().catch(() => undefined);
    },
  };
}
