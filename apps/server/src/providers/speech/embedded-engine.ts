// What the two embedded speech engines (speech out, speech in) share: their model files, downloaded on first use
// exactly as the chat model is (providers/llm/download.ts: resume, checksum, retries with backoff, the same plain
// offline message) into DATA_DIR/models/<folder>/, then opened once in a child process (sherpa.ts: a bad model gives a
// sentence, not a crashed server), then loaded here; the state health reports (downloading, loading, ready, failed);
// and one job at a time on the engine (sherpa-onnx runs it on a libuv thread, off the event loop).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeDownloadFailure, downloadModel } from '../llm/download.ts';
import type { LlmLog } from '../llm/llm-provider.ts';
import type { ProviderStatus } from '../health.ts';
import { SpeechBackendError } from './speech-provider.ts';

/** One file a model needs: a local path, or a URL to download (the SHA-256 checked when given). */
export interface ModelFile {
  /** e.g. `model`, `tokens`: the environment variables are named after it in messages. */
  role: string;
  path?: string;
  url?: string;
  sha256?: string;
}

export interface EngineOptions {
  /** `speech` or `transcription` (the health key). */
  name: 'speech' | 'transcription';
  /** What the engine is, in messages: "voice model", "speech recognition model". */
  what: string;
  /** Prefix of the variables (TTS, STT) for the advice in messages. */
  envPrefix: 'TTS' | 'STT';
  dataDir: string;
  /** Sub-folder of DATA_DIR/models the downloads go to. */
  folder: string;
  files: ModelFile[];
  /** What to do instead when the download fails. */
  advice: string;
  log: LlmLog;
  download?: { retries?: number; retryDelayMs?: number; idleTimeoutMs?: number };
}

export type EngineState = 'idle' | 'downloading' | 'loading' | 'ready' | 'error';

export class EmbeddedEngine<T> {
  state: EngineState = 'idle';
  private progress: number | undefined;
  private error: string | undefined;
  private started: Promise<T> | undefined;
  private line: Promise<unknown> = Promise.resolve();
  private readonly closing = new AbortController();

  constructor(
    private readonly opts: EngineOptions,
    /** Opens the engine on the files (in the order of `files`); checks in a child first. */
    private readonly open: (paths: Record<string, string>) => Promise<T>,
  ) {}

  /** Starts downloading and loading (once; again after a failure); settles with the engine or a sentence. */
  start(): Promise<T> {
    if (this.closing.signal.aborted) return Promise.reject(new SpeechBackendError('UNAVAILABLE', `The ${this.opts.what} was closed.`));
    if (this.started && this.state !== 'error') return this.started;
    // Not 'error' from here on, so that a second caller joins this start instead of beginning another.
    this.state = 'loading';
    this.error = undefined;
    this.started = this.load().then(
      (engine) => {
        this.state = 'ready';
        return engine;
      },
      (err: unknown) => {
        this.state = 'error';
        this.error = err instanceof Error ? err.message : String(err);
        if (!this.closing.signal.aborted) this.opts.log.error({ err }, `the ${this.opts.what} failed to start`);
        throw new SpeechBackendError('UNAVAILABLE', this.error);
      },
    );
    this.started.catch(() => {});
    return this.started;
  }

  private async load(): Promise<T> {
    const paths: Record<string, string> = {};
    for (const file of this.opts.files) paths[file.role] = await this.fetchFile(file);
    this.state = 'loading';
    this.closing.signal.throwIfAborted();
    try {
      const engine = await this.open(paths);
      this.opts.log.info({ files: paths }, `${this.opts.what} ready`);
      return engine;
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(
        `The ${this.opts.what} could not be loaded (${why}). Check ${this.opts.envPrefix}_MODEL_PATH / ${this.opts.envPrefix}_MODEL_URL and its files, or ${this.opts.advice}`,
        { cause: err },
      );
    }
  }

  private async fetchFile(file: ModelFile): Promise<string> {
    const variable = `${this.opts.envPrefix}_${file.role.toUpperCase()}`;
    if (file.path) {
      if (!existsSync(file.path))
        throw new Error(`The ${this.opts.what}'s ${file.role} file ${file.path} does not exist (${variable}_PATH).`);
      return file.path;
    }
    const url = file.url;
    if (!url) throw new Error(`The ${this.opts.what} needs its ${file.role} file: set ${variable}_PATH or ${variable}_URL.`);
    this.state = 'downloading';
    this.progress = 0;
    try {
      return await downloadModel({
        url,
        dir: path.join(this.opts.dataDir, 'models', this.opts.folder),
        fileName: fileNameOf(url, file.role),
        sha256: file.sha256,
        signal: this.closing.signal,
        ...this.opts.download,
        onRetry: ({ error, attempt, attempts, delayMs }) =>
          this.opts.log.warn(
            { err: error, url, attempt, attempts, delayMs },
            `${this.opts.what} download attempt failed: ${describeDownloadFailure(error, url)}`,
          ),
        onProgress: (p) => (this.progress = p.percent),
      });
    } catch (err) {
      if (this.closing.signal.aborted) throw err;
      const said = describeDownloadFailure(err, url).replace('LLM_MODEL_URL', `${variable}_URL`);
      throw new Error(
        `${said} To use the ${this.opts.what} without this download, set ${variable}_PATH to the file on this machine, or ${this.opts.advice}`,
        {
          cause: err,
        },
      );
    } finally {
      this.progress = undefined;
    }
  }

  /**
   * The engine, starting it if needed. A request waits up to `waitMs` for it (a small model downloads and loads in
   * that time); longer (a first download of a large model) is a SpeechBackendError saying how far it is.
   */
  async ready(waitMs = 15_000): Promise<T> {
    const started = this.start();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const where = this.state === 'downloading' ? `downloading (${this.progress ?? 0} %)` : 'loading';
        reject(new SpeechBackendError('UNAVAILABLE', `The ${this.opts.what} is not ready yet: ${where}. Try again in a minute.`));
      }, waitMs);
    });
    try {
      return await Promise.race([started, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs `job` on the engine once it is ready, one job at a time; a failed start is a SpeechBackendError. */
  run<R>(job: (engine: T) => Promise<R>, waitMs?: number): Promise<R> {
    const run = this.line.then(async () => job(await this.ready(waitMs)));
    this.line = run.catch(() => {});
    return run;
  }

  health(): Promise<ProviderStatus> {
    const what = this.opts.what;
    const detail =
      this.state === 'ready'
        ? `${what} ready`
        : this.state === 'downloading'
          ? `downloading the ${what}: ${this.progress ?? 0} %`
          : this.state === 'loading'
            ? `loading the ${what}`
            : this.state === 'error'
              ? (this.error ?? 'failed')
              : `the ${what} loads on first use`;
    return Promise.resolve({
      status: this.state === 'error' || this.state === 'downloading' || this.state === 'loading' ? 'down' : 'ok',
      detail,
    });
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.line.catch(() => {});
  }
}

/** A plain file name inside the model folder: the URL's last segment (or the role when it has none). */
export function fileNameOf(url: string, role: string): string {
  let name = '';
  try {
    name = decodeURIComponent(path.posix.basename(new URL(url).pathname));
  } catch {
    // a bad URL fails in the download with its own message
  }
  name = name.replace(/[^\w.-]/g, '_');
  return !name || name.startsWith('.') ? `${role}-${name}` : name;
}
