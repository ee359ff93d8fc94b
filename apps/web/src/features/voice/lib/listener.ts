// The microphone while hands-free listens or a call runs: its loudness read every FRAME_MS into voice activity
// detection (voice-activity.ts), and one recording at a time. An utterance ends the recording, which is handed over; a
// recording of only silence is dropped and started again after half the longest recording, so what is sent stays short.
// The recording is the microphone's own samples (an AudioWorklet, public/audio/pcm-capture.js), sent as 16 kHz PCM in
// a WAV (pcm.ts), which the server reads without starting a decoder; where a worklet cannot load, a MediaRecorder
// (WebM/Opus or MP4, which the server decodes) records instead.
import { downsample, wavBlob } from './pcm';
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

/** One recording at a time. */
interface Recorder {
  /** Ends the recording, hands it to `hand` when given (dropped otherwise) and starts the next. */
  cut(hand?: (audio: Blob) => void): void;
  /** Ends it, dropped. */
  close(): void;
}

const WORKLET = '/audio/pcm-capture.js';

/** The microphone's samples from the worklet, 16 kHz PCM WAV when cut. */
async function pcmRecorder(context: AudioContext, source: MediaStreamAudioSourceNode): Promise<Recorder> {
  await context.audioWorklet.addModule(WORKLET);
  const node = new AudioWorkletNode(context, 'pcm-capture', { numberOfOutputs: 1, outputChannelCount: [1] });
  // A node is run while something pulls it: a silent gain to the speakers does.
  const silent = context.createGain();
  silent.gain.value = 0;
  source.connect(node).connect(silent).connect(context.destination);
  let blocks: Float32Array[] = [];
  node.port.onmessage = (e: MessageEvent<Float32Array>) => blocks.push(e.data);
  return {
    cut(hand) {
      const taken = blocks;
      blocks = [];
      if (hand && taken.length > 0) hand(wavBlob(downsample(taken, context.sampleRate)));
    },
    close() {
      node.port.onmessage = null;
      source.disconnect(node);
      silent.disconnect();
    },
  };
}

/** The browser's MediaRecorder (WebM/Opus in Chromium and Firefox, MP4 in Safari): where worklets do not load. */
function mediaRecorder(stream: MediaStream): Recorder {
  let recorder: MediaRecorder | null = null;
  const stop = (hand?: (audio: Blob) => void) => {
    const previous = recorder;
    recorder = null;
    if (previous?.state !== 'recording') return;
    const chunks: Blob[] = [];
    previous.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    previous.onstop = () => hand?.(new Blob(chunks, { type: previous.mimeType || 'audio/webm' }));
    previous.stop();
  };
  const start = () => {
    recorder = new MediaRecorder(stream);
    recorder.start();
  };
  start();
  return {
    cut(hand) {
      stop(hand);
      start();
    },
    close: () => stop(),
  };
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
  let heardAt = 0;
  // The MediaRecorder records until the worklet has loaded (a few milliseconds, before anyone speaks).
  let recorder: Recorder = mediaRecorder(stream);
  void context.resume().catch(() => undefined);
  pcmRecorder(context, source).then(
    (pcm) => {
      if (closed) return pcm.close();
      recorder.close();
      recorder = pcm;
    },
    () => undefined, // no worklets here: the MediaRecorder goes on
  );

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
    if (event === 'start') {
      heardAt = now;
      on.heard();
    } else if (event === 'end' || (vad.active && now - startedAt > maxMs - 500)) {
      // The utterance is over (or as long as the server takes): handed over if it was long enough to be words. How
      // long it lasted: from where the loudness began (before it was heard as speech) to where the silence began.
      const spoke = now - heardAt + VOICE_ACTIVITY.startMs - (event === 'end' ? VOICE_ACTIVITY.endMs : 0);
      const long = spoke >= MIN_UTTERANCE_MS;
      record(long);
      if (!long) on.dropped();
      // Cut at the longest recording while still speaking: the rest is measured from the cut.
      if (event !== 'end') heardAt = now;
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
