// AI Horde (https://aihorde.net), a crowd of volunteer GPUs: the zero-setup default. Protocol (API v2):
//   POST   /api/v2/generate/async        {prompt, params, nsfw, censor_nsfw, models} → 202 {id}
//   GET    /api/v2/generate/check/{id}   light status: queue_position, wait_time, processing, finished, done, faulted
//   GET    /api/v2/generate/status/{id}  the same plus generations [{img (URL or base64), seed, censored}]
//   DELETE /api/v2/generate/status/{id}  cancels
//   GET    /api/v2/status/models?type=image, GET /api/v2/status/heartbeat
// The negative prompt rides in the prompt after "###". Sizes must be multiples of 64.
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
import { PolledJob, type Polling } from './polled-job.ts';

export const HORDE_DEFAULT_URL = 'https://aihorde.net';
export const HORDE_ANONYMOUS_KEY = '0000000000';

export interface HordeOptions {
  baseUrl?: string;
  apiKey?: string;
  /** How often a waiting job asks for news. */
  pollMs?: number;
  /** A job not done by then is cancelled and fails with TIMEOUT. */
  jobTimeoutMs?: number;
  requestTimeoutMs?: number;
  clientAgent?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const round64 = (n: number) => Math.max(64, Math.round(n / 64) * 64);

class HordeJob extends PolledJob {
  constructor(
    id: string,
    http: BackendHttp,
    private readonly opts: Polling & { count: number; nsfwAllowed: boolean },
    signal?: AbortSignal,
  ) {
    super(id, http, opts, signal);
  }

  protected async poll(): Promise<ImageJobStatus> {
    const j = expectObject(await this.http.json(`/api/v2/generate/check/${encodeURIComponent(this.id)}`), 'a job status');
    if (typeof j.done !== 'boolean' && typeof j.faulted !== 'boolean') throw malformed('a job status without done/faulted');
    const wait = num(j.wait_time);
    if (j.faulted === true) {
      return { state: 'failed', error: 'The image service could not finish the picture (a worker failed). Nothing was made; try again.' };
    }
    if (j.done === true) return { state: 'done', progress: 1 };
    if (j.is_possible === false) {
      return { state: 'failed', error: 'No image worker can take this request right now (try another model or a smaller size).' };
    }
    if ((num(j.processing) ?? 0) > 0 || (num(j.finished) ?? 0) > 0) {
      const finished = num(j.finished) ?? 0;
      return { state: 'running', progress: Math.min(0.99, finished / this.opts.count), etaSeconds: wait };
    }
    return { state: 'queued', queuePosition: num(j.queue_position), etaSeconds: wait };
  }

  protected async cancelUpstream(): Promise<void> {
    await this.http.request(`/api/v2/generate/status/${encodeURIComponent(this.id)}`, { method: 'DELETE', timeoutMs: 10_000 });
  }

  protected async collect(): Promise<GeneratedImage[]> {
    const j = expectObject(await this.http.json(`/api/v2/generate/status/${encodeURIComponent(this.id)}`), 'a job result');
    if (!Array.isArray(j.generations)) throw malformed('a result without generations');
    const images: GeneratedImage[] = [];
    for (const raw of j.generations) {
      const g = expectObject(raw, 'a generation');
      if (g.censored === true || g.state === 'censored') continue;
      if (g.state === 'faulted') continue;
      const img = g.img;
      const bytes =
        typeof img === 'string' && /^https?:\/\//.test(img)
          ? await this.http.download(img, this.stop.signal)
          : fromBase64(img, 'the picture');
      const seed = Number(g.seed);
      images.push(await inspectImage(bytes, Number.isSafeInteger(seed) ? seed : undefined));
    }
    if (images.length === 0) {
      const msg = this.opts.nsfwAllowed
        ? 'The image service returned no usable picture. Try again.'
        : 'The image service withheld the picture as explicit. Allow NSFW content or change the prompt.';
      this.state = { state: 'failed', error: msg };
      throw new ImageBackendError('UPSTREAM', msg);
    }
    return images;
  }
}

export class HordeImageProvider implements ImageProvider {
  readonly name = 'images';
  readonly kind = 'horde';
  private readonly http: BackendHttp;
  readonly health: () => Promise<{ status: 'ok' | 'down'; detail?: string }>;

  constructor(private readonly opts: HordeOptions = {}) {
    this.http = new BackendHttp(opts.baseUrl ?? HORDE_DEFAULT_URL, {
      timeoutMs: opts.requestTimeoutMs ?? 30_000,
      headers: { apikey: opts.apiKey || HORDE_ANONYMOUS_KEY, 'client-agent': opts.clientAgent ?? 'Reverie:0.1.0:self-hosted' },
    });
    this.health = cachedHealth(async () => {
      await this.http.request('/api/v2/status/heartbeat', { timeoutMs: 3_000 });
      return { status: 'ok', detail: `AI Horde at ${this.http.baseUrl}${opts.apiKey ? '' : ' (anonymous key: slow queue)'}` };
    });
  }

  info(): ImagesInfo {
    return {
      provider: 'horde',
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
    const prompt = req.negativePrompt?.trim() ? `${req.prompt} ### ${req.negativePrompt}` : req.prompt;
    const j = expectObject(
      await this.http.json('/api/v2/generate/async', {
        body: {
          prompt,
          params: {
            sampler_name: 'k_euler_a',
            cfg_scale: req.cfgScale ?? 7,
            seed: String(req.seed),
            width: round64(req.width),
            height: round64(req.height),
            steps: req.steps,
            n: req.count,
          },
          nsfw: req.nsfwAllowed,
          censor_nsfw: !req.nsfwAllowed,
          ...(req.model ? { models: [req.model] } : {}),
          r2: true,
          shared: false,
        },
        signal: req.signal,
      }),
      'a job id',
    );
    if (typeof j.id !== 'string' || !j.id) throw malformed('no job id');
    return new HordeJob(
      j.id,
      this.http,
      {
        pollMs: this.opts.pollMs ?? 2_000,
        timeoutMs: this.opts.jobTimeoutMs ?? 15 * 60_000,
        count: req.count,
        nsfwAllowed: req.nsfwAllowed,
      },
      req.signal,
    );
  }

  async listModels(): Promise<ImageModel[]> {
    const list = await this.http.json('/api/v2/status/models?type=image');
    if (!Array.isArray(list)) throw malformed('expected a list of models');
    return list
      .map((m) => expectObject(m, 'a model'))
      .filter((m) => typeof m.name === 'string' && (num(m.count) ?? 1) > 0)
      .sort((a, b) => (num(b.count) ?? 0) - (num(a.count) ?? 0))
      .map((m) => ({ id: m.name as string, name: m.name as string }));
  }
}
