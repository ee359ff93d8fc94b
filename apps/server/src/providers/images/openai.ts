// OpenAI images API and compatible servers (LocalAI, …) at IMAGES_URL with IMAGES_API_KEY:
//   POST /v1/images/generations {model, prompt, n, size: "WxH", response_format: "b64_json"} → {data: [{b64_json | url}]}
//   GET  /v1/models {data: [{id}]}
// One request answers with every picture: no queue position or progress, no seed, no negative prompt.
import { randomUUID } from 'node:crypto';
import { BackendHttp, cachedHealth, cancelledError, expectObject, fromBase64, inspectImage, malformed } from './http.ts';
import {
  checkImageRequest,
  type GeneratedImage,
  type ImageJob,
  type ImageJobStatus,
  type ImageModel,
  type ImageProvider,
  type ImageRequest,
  type ImagesInfo,
} from './image-provider.ts';

export interface OpenAiImagesOptions {
  /** e.g. https://api.openai.com or http://127.0.0.1:8080 (a trailing /v1 is accepted). */
  baseUrl: string;
  apiKey?: string;
  /** Model used when a request names none. */
  defaultModel?: string;
  jobTimeoutMs?: number;
  requestTimeoutMs?: number;
}

class OpenAiJob implements ImageJob {
  readonly id = randomUUID();
  private state: ImageJobStatus = { state: 'running' };
  private readonly abort = new AbortController();
  private readonly done: Promise<GeneratedImage[]>;

  constructor(
    private readonly http: BackendHttp,
    private readonly body: Record<string, unknown>,
    private readonly timeoutMs: number,
    signal?: AbortSignal,
  ) {
    signal?.addEventListener('abort', () => void this.cancel(), { once: true });
    this.done = this.run();
    this.done.catch(() => {}); // observed through result()
  }

  async status(): Promise<ImageJobStatus> {
    return { ...this.state };
  }

  result(): Promise<GeneratedImage[]> {
    return this.done;
  }

  async cancel(): Promise<void> {
    if (this.state.state !== 'running') return;
    this.state = { state: 'cancelled' };
    this.abort.abort();
  }

  private async run(): Promise<GeneratedImage[]> {
    try {
      const j = expectObject(
        await this.http.json('/v1/images/generations', { body: this.body, signal: this.abort.signal, timeoutMs: this.timeoutMs }),
        'a generation',
      );
      if (!Array.isArray(j.data) || j.data.length === 0) throw malformed('no pictures in the answer');
      const images: GeneratedImage[] = [];
      for (const raw of j.data) {
        const d = expectObject(raw, 'a picture');
        const bytes =
          typeof d.b64_json === 'string'
            ? fromBase64(d.b64_json, 'the picture')
            : typeof d.url === 'string'
              ? await this.http.download(d.url, this.abort.signal)
              : undefined;
        if (!bytes) throw malformed('a picture without b64_json or url');
        images.push(await inspectImage(bytes));
      }
      if (this.state.state === 'cancelled') throw cancelledError();
      this.state = { state: 'done', progress: 1 };
      return images;
    } catch (err) {
      if (this.state.state === 'cancelled') throw cancelledError();
      this.state = { state: 'failed', error: (err as Error).message };
      throw err;
    }
  }
}

export class OpenAiImageProvider implements ImageProvider {
  readonly name = 'images';
  readonly kind = 'openai';
  private readonly http: BackendHttp;
  private readonly official: boolean;
  readonly health: () => Promise<{ status: 'ok' | 'down'; detail?: string }>;

  constructor(private readonly opts: OpenAiImagesOptions) {
    this.http = new BackendHttp(opts.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, ''), {
      timeoutMs: opts.requestTimeoutMs ?? 30_000,
      headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
    });
    this.official = /(^|\.)openai\.com$/.test(new URL(this.http.baseUrl).hostname);
    this.health = cachedHealth(async () => {
      await this.http.request('/v1/models', { timeoutMs: 3_000 });
      return { status: 'ok', detail: `OpenAI-compatible images at ${this.http.baseUrl}` };
    });
  }

  info(): ImagesInfo {
    return {
      provider: 'openai',
      url: this.http.baseUrl,
      configured: true,
      supportsSeed: false,
      supportsNegativePrompt: false,
      supportsProgress: false,
    };
  }

  async submit(req: ImageRequest): Promise<ImageJob> {
    checkImageRequest(req);
    if (req.signal?.aborted) throw cancelledError();
    const model = req.model ?? this.opts.defaultModel;
    // gpt-image models always answer with base64 and reject response_format.
    const body: Record<string, unknown> = {
      prompt: req.prompt,
      n: req.count,
      size: `${req.width}x${req.height}`,
      ...(model ? { model } : {}),
      ...(model?.startsWith('gpt-image') ? {} : { response_format: 'b64_json' }),
    };
    return new OpenAiJob(this.http, body, this.opts.jobTimeoutMs ?? 5 * 60_000, req.signal);
  }

  async listModels(): Promise<ImageModel[]> {
    const j = expectObject(await this.http.json('/v1/models'), 'a model list');
    if (!Array.isArray(j.data)) throw malformed('a model list without data');
    const ids = j.data.map((m) => (m as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string');
    // OpenAI lists its chat and audio models too; compatible servers usually list only what they serve.
    const usable = this.official ? ids.filter((id) => /dall-e|image/i.test(id)) : ids;
    return usable.map((id) => ({ id, name: id }));
  }
}
