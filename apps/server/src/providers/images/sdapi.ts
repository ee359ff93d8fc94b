// Automatic1111 / Forge / SD.Next web UI API at IMAGES_URL:
//   POST /sdapi/v1/txt2img   {prompt, negative_prompt, width, height, steps, cfg_scale, seed, batch_size,
//                             override_settings.sd_model_checkpoint} → {images: [base64], info: "<json with all_seeds>"}
//                            (answers when the whole batch is done; a grid picture may come first)
//   GET  /sdapi/v1/progress  {progress 0–1, eta_relative s, current_image base64 preview, state}
//   POST /sdapi/v1/interrupt stops the running generation
//   GET  /sdapi/v1/sd-models [{title, model_name}]
// The web UI runs one generation at a time and interrupt stops whatever runs, so our jobs take turns (Lane).
import { randomUUID } from 'node:crypto';
import { BackendHttp, cachedHealth, cancelledError, expectObject, fromBase64, inspectImage, malformed } from './http.ts';
import {
  checkImageRequest,
  ImageBackendError,
  type GeneratedImage,
  type ImageJob,
  type ImageJobStatus,
  type ImageModel,
  type ImageProvider,
  type ImageRequest,
  type ImagesInfo,
} from './image-provider.ts';
import { Lane } from './local-lane.ts';

export interface SdApiOptions {
  baseUrl: string;
  /** Sent as a bearer token (for a web UI behind an authenticating proxy) when set. */
  apiKey?: string;
  /** Longest a generation may take before it is interrupted. */
  jobTimeoutMs?: number;
  requestTimeoutMs?: number;
  sampler?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const round8 = (n: number) => Math.max(64, Math.round(n / 8) * 8);

class SdApiJob implements ImageJob {
  readonly id = randomUUID();
  private state: ImageJobStatus = { state: 'queued' };
  private readonly abort = new AbortController();
  readonly done: Promise<GeneratedImage[]>;

  constructor(
    private readonly provider: SdApiImageProvider,
    private readonly http: BackendHttp,
    private readonly lane: Lane,
    private readonly req: ImageRequest,
    private readonly timeoutMs: number,
  ) {
    req.signal?.addEventListener('abort', () => void this.cancel(), { once: true });
    this.done = this.run();
    this.done.catch(() => {}); // observed through result(); a job nobody awaits must not crash the process
  }

  async status(): Promise<ImageJobStatus> {
    if (this.state.state === 'queued') return { state: 'queued', queuePosition: this.lane.position(this) };
    if (this.state.state !== 'running') return { ...this.state };
    try {
      const p = expectObject(await this.http.json('/sdapi/v1/progress?skip_current_image=false', { timeoutMs: 5_000 }), 'progress');
      if (this.state.state !== 'running') return { ...this.state };
      const progress = num(p.progress);
      const eta = num(p.eta_relative);
      return {
        state: 'running',
        progress: progress === undefined ? undefined : Math.min(0.99, Math.max(0, progress)),
        etaSeconds: eta === undefined ? undefined : Math.max(0, Math.round(eta)),
        previewBase64: typeof p.current_image === 'string' && p.current_image ? p.current_image : undefined,
      };
    } catch {
      return { state: 'running' }; // progress is a nicety; the generation itself decides the outcome
    }
  }

  result(): Promise<GeneratedImage[]> {
    return this.done;
  }

  async cancel(): Promise<void> {
    if (this.state.state === 'done' || this.state.state === 'failed' || this.state.state === 'cancelled') return;
    const wasRunning = this.state.state === 'running';
    this.state = { state: 'cancelled' };
    if (wasRunning) await this.http.request('/sdapi/v1/interrupt', { method: 'POST', timeoutMs: 5_000 }).catch(() => {});
    this.abort.abort();
    this.lane.leave(this);
  }

  private async run(): Promise<GeneratedImage[]> {
    if (!(await this.lane.enter(this)) || this.state.state === 'cancelled') throw cancelledError();
    this.state = { state: 'running', progress: 0 };
    try {
      const r = this.req;
      const j = expectObject(
        await this.http.json('/sdapi/v1/txt2img', {
          body: {
            prompt: r.prompt,
            negative_prompt: r.negativePrompt ?? '',
            width: round8(r.width),
            height: round8(r.height),
            steps: r.steps,
            cfg_scale: r.cfgScale ?? 7,
            seed: r.seed,
            batch_size: r.count,
            n_iter: 1,
            sampler_name: this.provider.sampler,
            send_images: true,
            save_images: false,
            ...(r.model ? { override_settings: { sd_model_checkpoint: r.model }, override_settings_restore_afterwards: true } : {}),
          },
          signal: this.abort.signal,
          timeoutMs: this.timeoutMs,
        }),
        'a txt2img answer',
      );
      if (this.state.state === 'cancelled') throw cancelledError();
      if (!Array.isArray(j.images) || j.images.length === 0) throw malformed('no images in the answer');
      let seeds: unknown[] = [];
      try {
        const info = typeof j.info === 'string' ? (JSON.parse(j.info) as { all_seeds?: unknown[]; seed?: unknown }) : undefined;
        seeds = Array.isArray(info?.all_seeds) ? info.all_seeds : info?.seed !== undefined ? [info.seed] : [];
      } catch {
        // the seeds are a nicety
      }
      // With a batch the web UI may put a grid of all pictures first; the batch itself is the last `count`.
      const raw = j.images.slice(-r.count);
      const images: GeneratedImage[] = [];
      for (const [i, b64] of raw.entries()) {
        const seed = num(seeds[i]) ?? (i === 0 ? r.seed : undefined);
        images.push(await inspectImage(fromBase64(b64, 'the picture'), seed));
      }
      this.state = { state: 'done', progress: 1 };
      return images;
    } catch (err) {
      if (this.state.state === 'cancelled') throw cancelledError();
      if (err instanceof ImageBackendError && err.code === 'TIMEOUT') {
        await this.http.request('/sdapi/v1/interrupt', { method: 'POST', timeoutMs: 5_000 }).catch(() => {});
      }
      this.state = { state: 'failed', error: (err as Error).message };
      throw err;
    } finally {
      this.lane.leave(this);
    }
  }
}

export class SdApiImageProvider implements ImageProvider {
  readonly name = 'images';
  readonly kind = 'sdapi';
  readonly sampler: string;
  private readonly http: BackendHttp;
  private readonly lane = new Lane();
  readonly health: () => Promise<{ status: 'ok' | 'down'; detail?: string }>;

  constructor(private readonly opts: SdApiOptions) {
    this.sampler = opts.sampler ?? 'Euler a';
    this.http = new BackendHttp(opts.baseUrl, {
      timeoutMs: opts.requestTimeoutMs ?? 30_000,
      headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
    });
    this.health = cachedHealth(async () => {
      const models = await this.http.json('/sdapi/v1/sd-models', { timeoutMs: 3_000 });
      if (!Array.isArray(models)) throw malformed('expected a list of models');
      return { status: 'ok', detail: `Stable Diffusion web UI at ${this.http.baseUrl} (${models.length} models)` };
    });
  }

  info(): ImagesInfo {
    return {
      provider: 'sdapi',
      url: this.http.baseUrl,
      configured: true,
      supportsSeed: true,
      supportsNegativePrompt: true,
      supportsProgress: true,
    };
  }

  async submit(req: ImageRequest): Promise<ImageJob> {
    checkImageRequest(req);
    if (req.signal?.aborted) throw cancelledError();
    // Fail before anything is queued (or charged) when the web UI is not there.
    await this.http.request('/sdapi/v1/progress?skip_current_image=true', { timeoutMs: 5_000, signal: req.signal });
    return new SdApiJob(this, this.http, this.lane, req, this.opts.jobTimeoutMs ?? 10 * 60_000);
  }

  async listModels(): Promise<ImageModel[]> {
    const list = await this.http.json('/sdapi/v1/sd-models');
    if (!Array.isArray(list)) throw malformed('expected a list of models');
    return list
      .map((m) => expectObject(m, 'a model'))
      .filter((m) => typeof m.title === 'string')
      .map((m) => ({ id: m.title as string, name: typeof m.model_name === 'string' ? m.model_name : (m.title as string) }));
  }
}
