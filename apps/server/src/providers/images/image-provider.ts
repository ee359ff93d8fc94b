// The text-to-image seam the images module talks to. One file per backend (horde, sdapi, comfyui, openai) plus
// disabled.ts; index.ts picks one from config. A submitted job is a handle: `status()` is a cheap snapshot for
// progress screens, `result()` waits for the images, `cancel()` stops the job upstream where the backend can.
import type { ProviderHealth } from '../health.ts';

export interface ImageRequest {
  prompt: string;
  negativePrompt?: string;
  width: number;
  height: number;
  steps: number;
  cfgScale?: number;
  /** Backends that cannot fix a seed ignore it. */
  seed: number;
  /** A model id from `listModels()`; the backend's default when unset. */
  model?: string;
  /** 1–4 images. */
  count: number;
  /** False asks the backend to avoid (and where it can, censor) explicit output. */
  nsfwAllowed: boolean;
  /** Aborting cancels the job like `cancel()`. */
  signal?: AbortSignal;
}

export type ImageJobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ImageJobStatus {
  state: ImageJobState;
  /** 1 = next in line; only while queued and only where the backend tells. */
  queuePosition?: number;
  /** 0–1 while running, where the backend reports it. */
  progress?: number;
  /** A low-resolution in-progress picture (base64, no data: prefix) where the backend sends one. */
  previewBase64?: string;
  etaSeconds?: number;
  /** A sentence a person understands, when failed. */
  error?: string;
}

export interface GeneratedImage {
  /** Decoded and checked to be an image; still in the backend's format (normalizeImage re-encodes it). */
  bytes: Buffer;
  mime: string;
  seed?: number;
  width: number;
  height: number;
}

export interface ImageJob {
  /** The backend's id for the job (Horde generation id, ComfyUI prompt id, or a local id). */
  readonly id: string;
  status(): Promise<ImageJobStatus>;
  /** Resolves with the images once done; rejects with ImageBackendError (code CANCELLED after a cancel). */
  result(): Promise<GeneratedImage[]>;
  cancel(): Promise<void>;
}

export interface ImageModel {
  id: string;
  name: string;
  /** True when the backend marks the model as NSFW-capable. */
  nsfw?: boolean;
}

export type ImagesProviderKind = 'horde' | 'sdapi' | 'comfyui' | 'openai' | 'disabled';

export interface ImagesInfo {
  provider: ImagesProviderKind;
  /** Base URL in use (no credentials). */
  url?: string;
  configured: boolean;
  /** Whether a fixed seed is honoured (OpenAI has no seed). */
  supportsSeed: boolean;
  supportsNegativePrompt: boolean;
  supportsProgress: boolean;
  /** How to set a backend up, when not configured. */
  setup?: string;
}

export interface ImageProvider extends ProviderHealth {
  submit(request: ImageRequest): Promise<ImageJob>;
  listModels(): Promise<ImageModel[]>;
  info(): ImagesInfo;
}

export type ImageBackendErrorCode = 'NOT_CONFIGURED' | 'UNREACHABLE' | 'UPSTREAM' | 'TIMEOUT' | 'MALFORMED' | 'CANCELLED';

/** Every failure of an image backend, with a message fit to show a person. */
export class ImageBackendError extends Error {
  readonly code: ImageBackendErrorCode;
  /** HTTP status from upstream, when it answered. */
  readonly status?: number;

  constructor(code: ImageBackendErrorCode, message: string, status?: number) {
    super(message);
    this.name = 'ImageBackendError';
    this.code = code;
    this.status = status;
  }
}

export const MAX_IMAGES_PER_JOB = 4;

/**
 * Bounds every backend relies on; the images module validates user input first, so a failure here is a bug in the
 * caller (a RangeError, not a person-facing ImageBackendError).
 */
export function checkImageRequest(req: ImageRequest): void {
  const int = (v: number, min: number, max: number) => Number.isInteger(v) && v >= min && v <= max;
  if (!req.prompt.trim() || req.prompt.length > 4000) throw new RangeError('prompt must be 1–4000 characters');
  if ((req.negativePrompt?.length ?? 0) > 4000) throw new RangeError('negativePrompt must be at most 4000 characters');
  if (!int(req.count, 1, MAX_IMAGES_PER_JOB)) throw new RangeError(`count must be 1–${MAX_IMAGES_PER_JOB}`);
  if (!int(req.width, 64, 2048) || !int(req.height, 64, 2048)) throw new RangeError('width and height must be 64–2048');
  if (!int(req.steps, 1, 150)) throw new RangeError('steps must be 1–150');
  if (!int(req.seed, 0, 2 ** 32 - 1)) throw new RangeError('seed must be an integer 0–4294967295');
  if (req.cfgScale !== undefined && !(req.cfgScale >= 1 && req.cfgScale <= 30)) throw new RangeError('cfgScale must be 1–30');
}
