// The embedded speech engines: sherpa-onnx on the CPU in this process (SPEECH_PROVIDER=embedded,
// TRANSCRIPTION_PROVIDER=embedded). Speech out: a Piper/VITS voice (its .onnx, tokens.txt, espeak-ng's data), samples
// encoded to MP3 by ffmpeg like every other provider's answer. Speech in: Whisper (encoder, decoder, tokens) or a NeMo
// CTC model (model, tokens) on the 16 kHz mono WAV the voice module makes. Each downloads its files on first use
// (embedded-engine.ts), and runs one job at a time per process on a libuv thread (generateAsync / decodeAsync), so the
// event loop keeps serving while it works.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Voice } from '@reverie/shared';
import type { LlmLog } from '../llm/llm-provider.ts';
import { EmbeddedEngine, type EngineOptions } from './embedded-engine.ts';
import { SYSTEM_ESPEAK_DATA, type EmbeddedSpeechConfig, type EmbeddedTranscriptionConfig } from './embedded-settings.ts';
import {
  encodeMp3,
  probeInChild,
  samplesOfWav,
  sherpa,
  type OfflineRecognizer,
  type OfflineTts,
  type RecognizerConfig,
  type TtsConfig,
} from './sherpa.ts';
import { SpeechBackendError, type SpeechProvider, type SynthesizedAudio, type TranscriptionProvider } from './speech-provider.ts';

const threadsOf = (n?: number) => n ?? Math.max(1, Math.min(2, availableParallelism() - 1));
/** The longest text one synthesis takes (the voice module sends a sentence, at most ~300 characters). */
const MAX_TEXT = 2_000;

type Download = EngineOptions['download'];

const folderOf = (file: { path?: string; url?: string }) =>
  path
    .basename(file.path ?? new URL(file.url ?? 'http://x/model').pathname)
    .replace(/\.onnx$/, '')
    .replace(/[^\w.-]/g, '_');

export class EmbeddedSpeechProvider implements SpeechProvider {
  readonly name = 'speech';
  readonly kind = 'embedded';
  readonly configured = true;
  readonly setup = null;
  readonly defaultVoice: string;
  readonly engine: EmbeddedEngine<OfflineTts>;
  private readonly modelName: string;

  constructor(config: EmbeddedSpeechConfig, o: { log: LlmLog; download?: Download }) {
    this.modelName = folderOf(config.model);
    this.defaultVoice = config.voice ?? '0';
    const espeakData = config.espeakData ?? SYSTEM_ESPEAK_DATA.find((d) => existsSync(d));
    this.engine = new EmbeddedEngine<OfflineTts>(
      {
        name: 'speech',
        what: 'voice model',
        envPrefix: 'TTS',
        dataDir: config.dataDir,
        folder: this.modelName,
        files: [config.model, config.tokens],
        advice: 'set SPEECH_PROVIDER=openai with SPEECH_URL pointing at a speech server.',
        log: o.log,
        download: o.download,
      },
      async (files) => {
        if (!espeakData) throw new Error('espeak-ng data was not found: install the espeak-ng-data package, or set TTS_DATA_DIR');
        const tts: TtsConfig = {
          model: {
            vits: { model: files.model!, tokens: files.tokens!, dataDir: espeakData },
            numThreads: threadsOf(config.threads),
            provider: 'cpu',
            debug: 0,
          },
          maxNumSentences: 1,
        };
        await probeInChild('tts', tts);
        return sherpa().OfflineTts.createAsync(tts);
      },
    );
  }

  health() {
    return this.engine.health();
  }

  warmUp(): void {
    void this.engine.start().catch(() => {});
  }

  /** The model's speakers: `0` … `n-1` (one for most Piper voices). */
  async voices(): Promise<Voice[]> {
    const tts = await this.engine.ready();
    const n = Math.max(1, tts.numSpeakers);
    return Array.from({ length: n }, (_, i) => ({ id: String(i), name: n === 1 ? this.modelName : `${this.modelName} #${i}` }));
  }

  async synthesize(request: { text: string; voice: string; signal?: AbortSignal }): Promise<SynthesizedAudio> {
    const text = request.text.trim();
    if (!text) throw new SpeechBackendError('REFUSED', 'There is no text to speak.');
    if (text.length > MAX_TEXT) throw new SpeechBackendError('REFUSED', `The text to speak is longer than ${MAX_TEXT} characters.`);
    const sid = Number(request.voice);
    if (!/^\d+$/.test(request.voice)) throw new SpeechBackendError('REFUSED', `The voice model has no voice called "${request.voice}".`);
    const audio = await this.engine.run(async (tts) => {
      request.signal?.throwIfAborted();
      if (sid >= Math.max(1, tts.numSpeakers))
        throw new SpeechBackendError('REFUSED', `The voice model has no voice called "${request.voice}".`);
      return tts.generateAsync({ text, sid, speed: 1 });
    });
    if (audio.samples.length === 0) throw new SpeechBackendError('MALFORMED', 'The voice model made no sound for this text.');
    try {
      return { bytes: await encodeMp3(audio.samples, audio.sampleRate), contentType: 'audio/mpeg' };
    } catch (err) {
      throw new SpeechBackendError('UNAVAILABLE', (err as Error).message);
    }
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}

export class EmbeddedTranscriptionProvider implements TranscriptionProvider {
  readonly name = 'transcription';
  readonly kind = 'embedded';
  readonly configured = true;
  readonly setup = null;
  readonly engine: EmbeddedEngine<OfflineRecognizer>;

  constructor(config: EmbeddedTranscriptionConfig, o: { log: LlmLog; download?: Download }) {
    const files = [config.model, ...(config.decoder ? [config.decoder] : []), config.tokens];
    this.engine = new EmbeddedEngine<OfflineRecognizer>(
      {
        name: 'transcription',
        what: 'speech recognition model',
        envPrefix: 'STT',
        dataDir: config.dataDir,
        folder: folderOf(config.model),
        files,
        advice: 'set TRANSCRIPTION_PROVIDER=openai with TRANSCRIPTION_URL pointing at a transcription server.',
        log: o.log,
        download: o.download,
      },
      async (paths) => {
        const rc: RecognizerConfig = {
          featConfig: { sampleRate: 16_000, featureDim: 80 },
          modelConfig: {
            ...(config.modelType === 'whisper'
              ? { whisper: { encoder: paths.model!, decoder: paths.decoder!, language: config.language ?? '', task: 'transcribe' } }
              : { nemoCtc: { model: paths.model! } }),
            tokens: paths.tokens!,
            numThreads: threadsOf(config.threads),
            provider: 'cpu',
            debug: 0,
          },
        };
        await probeInChild('stt', rc);
        return sherpa().OfflineRecognizer.createAsync(rc);
      },
    );
  }

  health() {
    return this.engine.health();
  }

  warmUp(): void {
    void this.engine.start().catch(() => {});
  }

  async transcribe(request: { audio: Buffer; language?: string; signal?: AbortSignal }): Promise<{ text: string }> {
    let wave: { samples: Float32Array; sampleRate: number };
    try {
      wave = samplesOfWav(request.audio);
    } catch (err) {
      throw new SpeechBackendError('REFUSED', (err as Error).message);
    }
    if (wave.samples.length === 0) throw new SpeechBackendError('REFUSED', 'The recording is empty.');
    return this.engine.run(async (recognizer) => {
      request.signal?.throwIfAborted();
      const stream = recognizer.createStream();
      stream.acceptWaveform(wave);
      await recognizer.decodeAsync(stream);
      return { text: recognizer.getResult(stream).text.trim() };
    });
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
