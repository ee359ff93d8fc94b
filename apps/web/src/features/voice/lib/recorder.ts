// What the microphone records, for hold-to-talk, hands-free and calls: the microphone's own samples, taken by an
// AudioWorklet (public/audio/pcm-capture.js, served from the app's origin as the page's script rules require) and
// written as 16 kHz PCM in a WAV (pcm.ts), which the server reads without starting a decoder. A MediaRecorder
// (WebM/Opus in Chromium and Firefox, MP4 in Safari, which the server decodes) records until the worklet has loaded
// (a few milliseconds, before anyone speaks), and instead of it where a worklet cannot load or there is no audio
// context.
import { downsample, wavBlob } from './pcm';

/** One recording at a time. */
export interface Recorder {
  /** Ends the recording, hands it to `hand` when given and it holds anything (dropped otherwise), and starts the next. */
  cut(hand?: (audio: Blob) => void): void;
  /** Ends it and records no more; hands it to `hand` when given, even empty. */
  close(hand?: (audio: Blob) => void): void;
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
  const take = () => {
    const taken = blocks;
    blocks = [];
    return wavBlob(downsample(taken, context.sampleRate));
  };
  return {
    cut(hand) {
      const audio = take();
      if (hand && audio.size > 44) hand(audio);
    },
    close(hand) {
      node.port.onmessage = null;
      source.disconnect(node);
      silent.disconnect();
      const audio = take();
      hand?.(audio.size > 44 ? audio : new Blob([], { type: 'audio/wav' }));
    },
  };
}

/** The browser's MediaRecorder. */
function mediaRecorder(stream: MediaStream): Recorder {
  let recorder: MediaRecorder | null = null;
  /** `always`: hand it over even empty. */
  const stop = (hand: ((audio: Blob) => void) | undefined, always: boolean) => {
    const previous = recorder;
    recorder = null;
    if (previous?.state !== 'recording') return always && hand?.(new Blob([], { type: 'audio/webm' }));
    const chunks: Blob[] = [];
    previous.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    previous.onstop = () => {
      const audio = new Blob(chunks, { type: previous.mimeType || 'audio/webm' });
      if (always || audio.size > 0) hand?.(audio);
    };
    previous.stop();
  };
  const start = () => {
    recorder = new MediaRecorder(stream);
    recorder.start();
  };
  start();
  return {
    cut(hand) {
      stop(hand, false);
      start();
    },
    close: (hand) => stop(hand, true),
  };
}

/** Starts recording `stream`; `audio` is the context and source it is heard through (PCM needs them). */
export function startRecorder(stream: MediaStream, audio?: { context: AudioContext; source: MediaStreamAudioSourceNode }): Recorder {
  let current = mediaRecorder(stream);
  let closed = false;
  if (audio) {
    void audio.context.resume().catch(() => undefined);
    pcmRecorder(audio.context, audio.source).then(
      (pcm) => {
        if (closed) return pcm.close();
        current.close();
        current = pcm;
      },
      () => undefined, // no worklets here: the MediaRecorder goes on
    );
  }
  return {
    cut: (hand) => current.cut(hand),
    close(hand) {
      closed = true;
      current.close(hand);
    },
  };
}
