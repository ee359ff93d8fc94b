// ComfyUI at IMAGES_URL, driven by a text-to-image workflow in ComfyUI's API format (workflows/txt2img.json by
// default; IMAGES_COMFYUI_WORKFLOW points at the operator's own). String values that are exactly a placeholder
// become the typed value ("{{seed}}" → 42); placeholders inside longer strings are replaced as text.
// Placeholders: {{prompt}} {{negative_prompt}} {{seed}} {{width}} {{height}} {{steps}} {{cfg}} {{model}} {{count}}.
//   POST /prompt {prompt: workflow, client_id} → {prompt_id} (400 {error, node_errors} when the graph is invalid)
//   GET  /queue        {queue_running: [[number, id, …]], queue_pending: [[number, id, …]]}
//   GET  /history/{id} {} until finished, then {[id]: {outputs: {node: {images: [{filename, subfolder, type}]}}, status}}
//   GET  /view?filename=…&subfolder=…&type=output
//   GET  /object_info/CheckpointLoaderSimple  the checkpoint names
//   POST /interrupt (running job) and POST /queue {delete: [id]} (waiting job)
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BackendHttp, cachedHealth, cancelledError, expectObject, inspectImage, malformed } from './http.ts';
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

export const DEFAULT_COMFYUI_WORKFLOW = fileURLToPath(new URL('./workflows/txt2img.json', import.meta.url));
const PLACEHOLDERS = ['prompt', 'negative_prompt', 'seed', 'width', 'height', 'steps', 'cfg', 'model', 'count'] as const;
type Values = Record<(typeof PLACEHOLDERS)[number], string | number>;

export interface ComfyUiOptions {
  baseUrl: string;
  /** Path of the workflow file (API format); the shipped default when unset. */
  workflowPath?: string;
  /** Checkpoint used when a request names none; the first one ComfyUI lists when unset. */
  defaultModel?: string;
  apiKey?: string;
  pollMs?: number;
  jobTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/** Reads and checks a workflow file: JSON object of nodes, mentioning {{prompt}}, only known placeholders. */
export function loadWorkflow(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`The ComfyUI workflow ${path} could not be read: ${(err as Error).message}`);
  }
  let graph: unknown;
  try {
    graph = JSON.parse(text);
  } catch {
    throw new Error(`The ComfyUI workflow ${path} is not valid JSON (export it with "Save (API format)")`);
  }
  if (!graph || typeof graph !== 'object' || Array.isArray(graph))
    throw new Error(`The ComfyUI workflow ${path} must be a JSON object of nodes (API format)`);
  const used = new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!));
  const unknown = [...used].filter((p) => !(PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length)
    throw new Error(`The ComfyUI workflow ${path} uses unknown placeholders: ${unknown.map((p) => `{{${p}}}`).join(', ')}`);
  if (!used.has('prompt')) throw new Error(`The ComfyUI workflow ${path} has no {{prompt}} placeholder`);
  return graph;
}

/** Fills the placeholders of a workflow (a deep copy; the template is left alone). */
export function fillWorkflow(node: unknown, values: Values): unknown {
  if (typeof node === 'string') {
    const exact = /^\{\{(\w+)\}\}$/.exec(node);
    if (exact && exact[1]! in values) return values[exact[1] as keyof Values];
    return node.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? String(values[k as keyof Values]) : m));
  }
  if (Array.isArray(node)) return node.map((n) => fillWorkflow(n, values));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fillWorkflow(v, values)]));
  return node;
}

function queueIds(list: unknown): string[] {
  if (!Array.isArray(list)) throw malformed('a queue that is not a list');
  return list
    .filter((e): e is unknown[] => Array.isArray(e))
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map((e) => String(e[1]));
}

function executionError(status: Record<string, unknown> | undefined): string | undefined {
  const messages = Array.isArray(status?.messages) ? status.messages : [];
  for (const m of messages) {
    if (Array.isArray(m) && m[0] === 'execution_error' && m[1] && typeof m[1] === 'object') {
      const e = m[1] as { exception_message?: unknown; node_type?: unknown };
      if (typeof e.exception_message === 'string')
        return `${typeof e.node_type === 'string' ? `${e.node_type}: ` : ''}${e.exception_message.trim().slice(0, 300)}`;
    }
  }
  return undefined;
}

class ComfyJob extends PolledJob {
  private outputs: Record<string, unknown> | undefined;
  private missing = 0;

  constructor(
    id: string,
    http: BackendHttp,
    private readonly opts: Polling & { seed: number },
    signal?: AbortSignal,
  ) {
    super(id, http, opts, signal);
  }

  protected async poll(): Promise<ImageJobStatus | undefined> {
    const history = expectObject(await this.http.json(`/history/${encodeURIComponent(this.id)}`), 'a history');
    const entry = history[this.id];
    if (entry !== undefined) {
      const e = expectObject(entry, 'a history entry');
      const status = e.status && typeof e.status === 'object' ? (e.status as Record<string, unknown>) : undefined;
      if (status?.status_str === 'error') {
        return { state: 'failed', error: `The image service failed: ${executionError(status) ?? 'no details'}` };
      }
      if (status === undefined || status.completed === true || status.status_str === 'success') {
        this.outputs = expectObject(e.outputs, 'the outputs of a job');
        return { state: 'done', progress: 1 };
      }
      return undefined;
    }
    if (this.final()) return undefined; // cancelled while we asked
    const q = expectObject(await this.http.json('/queue'), 'a queue');
    const running = queueIds(q.queue_running);
    const pending = queueIds(q.queue_pending);
    if (running.includes(this.id)) return { state: 'running' };
    if (pending.includes(this.id)) return { state: 'queued', queuePosition: pending.indexOf(this.id) + 1 + running.length };
    // Neither queued nor in the history: ComfyUI was restarted or the job was deleted by someone else.
    if (++this.missing >= 3) return { state: 'failed', error: 'The image service lost the job (was it restarted?). Try again.' };
    return undefined;
  }

  protected async cancelUpstream(): Promise<void> {
    const q = expectObject(await this.http.json('/queue', { timeoutMs: 5_000 }), 'a queue');
    // Interrupt stops whatever runs, so only when it is ours.
    if (queueIds(q.queue_running).includes(this.id))
      await this.http.request('/interrupt', { body: { prompt_id: this.id }, timeoutMs: 5_000 });
    await this.http.request('/queue', { body: { delete: [this.id] }, timeoutMs: 5_000 });
  }

  protected async collect(): Promise<GeneratedImage[]> {
    const files: { filename: string; subfolder: string; type: string }[] = [];
    for (const out of Object.values(this.outputs ?? {})) {
      const images = (out as { images?: unknown })?.images;
      if (!Array.isArray(images)) continue;
      for (const img of images) {
        const f = img as Record<string, unknown>;
        if (typeof f?.filename === 'string' && (f.type ?? 'output') === 'output') {
          files.push({ filename: f.filename, subfolder: typeof f.subfolder === 'string' ? f.subfolder : '', type: 'output' });
        }
      }
    }
    if (files.length === 0) throw malformed('the workflow saved no pictures; it needs a SaveImage node');
    const result: GeneratedImage[] = [];
    for (const [i, f] of files.entries()) {
      const q = new URLSearchParams(f).toString();
      const bytes = await this.http.download(`/view?${q}`, this.stop.signal);
      result.push(await inspectImage(bytes, i === 0 ? this.opts.seed : undefined));
    }
    return result;
  }
}

export class ComfyUiImageProvider implements ImageProvider {
  readonly name = 'images';
  readonly kind = 'comfyui';
  private readonly http: BackendHttp;
  private readonly workflow: unknown;
  private readonly clientId = randomUUID();
  readonly health: () => Promise<{ status: 'ok' | 'down'; detail?: string }>;

  constructor(private readonly opts: ComfyUiOptions) {
    this.workflow = loadWorkflow(opts.workflowPath ?? DEFAULT_COMFYUI_WORKFLOW);
    this.http = new BackendHttp(opts.baseUrl, {
      timeoutMs: opts.requestTimeoutMs ?? 30_000,
      headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
    });
    this.health = cachedHealth(async () => {
      expectObject(await this.http.json('/queue', { timeoutMs: 3_000 }), 'a queue');
      return { status: 'ok', detail: `ComfyUI at ${this.http.baseUrl}` };
    });
  }

  info(): ImagesInfo {
    return {
      provider: 'comfyui',
      url: this.http.baseUrl,
      configured: true,
      supportsSeed: true,
      supportsNegativePrompt: true,
      supportsProgress: false,
    };
  }

  async submit(req: ImageRequest): Promise<ImageJob> {
    checkImageRequest(req);
    if (req.signal?.aborted) throw cancelledError();
    const model = req.model ?? this.opts.defaultModel ?? (await this.listModels())[0]?.id;
    if (!model) throw new ImageBackendError('UPSTREAM', 'ComfyUI has no checkpoint installed: put a model in ComfyUI/models/checkpoints.');
    const graph = fillWorkflow(this.workflow, {
      prompt: req.prompt,
      negative_prompt: req.negativePrompt ?? '',
      seed: req.seed,
      width: Math.max(64, Math.round(req.width / 8) * 8),
      height: Math.max(64, Math.round(req.height / 8) * 8),
      steps: req.steps,
      cfg: req.cfgScale ?? 7,
      model,
      count: req.count,
    });
    let answer: Record<string, unknown>;
    try {
      answer = expectObject(
        await this.http.json('/prompt', { body: { prompt: graph, client_id: this.clientId }, signal: req.signal }),
        'a prompt id',
      );
    } catch (err) {
      if (err instanceof ImageBackendError && err.status === 400) {
        throw new ImageBackendError(
          'UPSTREAM',
          `ComfyUI refused the workflow: ${err.message.replace(/^The image service answered 400: /, '')}`,
          400,
        );
      }
      throw err;
    }
    if (typeof answer.prompt_id !== 'string' || !answer.prompt_id) throw malformed('no prompt_id');
    return new ComfyJob(
      answer.prompt_id,
      this.http,
      { pollMs: this.opts.pollMs ?? 1_000, timeoutMs: this.opts.jobTimeoutMs ?? 10 * 60_000, seed: req.seed },
      req.signal,
    );
  }

  async listModels(): Promise<ImageModel[]> {
    const info = expectObject(await this.http.json('/object_info/CheckpointLoaderSimple'), 'node info');
    const node = expectObject(info.CheckpointLoaderSimple, 'the CheckpointLoaderSimple node');
    const spec = (node.input as { required?: { ckpt_name?: unknown } } | undefined)?.required?.ckpt_name;
    // Older ComfyUI: [[names…], {…}]; newer: ["COMBO", {options: [names…]}].
    const names = Array.isArray(spec)
      ? Array.isArray(spec[0])
        ? spec[0]
        : (spec[1] as { options?: unknown } | undefined)?.options
      : undefined;
    if (!Array.isArray(names)) throw malformed('no checkpoint list');
    return names
      .filter((n): n is string => typeof n === 'string')
      .map((n) => ({ id: n, name: n.replace(/\.(safetensors|ckpt|pt|bin)$/i, '') }));
  }
}
