// Image-generation provider factory and its settings.
//
// Environment (parse with `ImagesEnvSchema` in config.ts; nothing here reads process.env):
//   IMAGES_PROVIDER          horde | sdapi | comfyui | openai | disabled      default horde (AI Horde, no setup)
//   IMAGES_URL               backend base URL: horde default https://aihorde.net; required for sdapi, comfyui, openai
//                            (e.g. http://127.0.0.1:7860, http://127.0.0.1:8188, https://api.openai.com)
//   IMAGES_API_KEY           horde: a registered key (default the anonymous 0000000000); openai: bearer token;
//                            sdapi/comfyui: bearer token for a server behind an authenticating proxy
//   IMAGES_MODEL             model used when a request names none (comfyui: a checkpoint file; openai: e.g. dall-e-3)
//   IMAGES_COMFYUI_WORKFLOW  path of an API-format workflow with {{placeholders}}  default workflows/txt2img.json
//   IMAGES_JOB_TIMEOUT_MS    longest a job may take before it is cancelled  default 15 min horde, 10 min others
//   IMAGES_POLL_MS           how often horde/comfyui jobs are polled     default 2000 horde, 1000 comfyui
// An unknown provider or a missing IMAGES_URL yields the disabled provider: health says how to set one up, and
// every call throws ImageBackendError NOT_CONFIGURED.
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { HealthRegistry } from '../health.ts';
import { ComfyUiImageProvider } from './comfyui.ts';
import { DisabledImageProvider, IMAGES_SETUP_HELP } from './disabled.ts';
import { HordeImageProvider } from './horde.ts';
import { ImageBackendError, type ImageProvider } from './image-provider.ts';
import { OpenAiImageProvider } from './openai.ts';
import { SdApiImageProvider } from './sdapi.ts';

export * from './image-provider.ts';
export { normalizeImage, THUMB_SIZE, type NormalizedImage } from './normalize.ts';
export { IMAGES_SETUP_HELP } from './disabled.ts';
export { HORDE_ANONYMOUS_KEY, HORDE_DEFAULT_URL } from './horde.ts';
export { DEFAULT_COMFYUI_WORKFLOW } from './comfyui.ts';

export const ImagesEnvSchema = z.object({
  // A string, not an enum: an unknown value must not stop the server, it disables images with an explanation.
  IMAGES_PROVIDER: z.string().trim().toLowerCase().default('horde'),
  IMAGES_URL: z.string().url().optional(),
  IMAGES_API_KEY: z.string().optional(),
  IMAGES_MODEL: z.string().min(1).max(300).optional(),
  IMAGES_COMFYUI_WORKFLOW: z.string().min(1).optional(),
  IMAGES_JOB_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
  IMAGES_POLL_MS: z.coerce.number().int().min(10).max(60_000).optional(),
});
export type ImagesEnv = z.infer<typeof ImagesEnvSchema>;

export type ImagesConfig =
  | { provider: 'horde'; url?: string; apiKey?: string; model?: string; jobTimeoutMs?: number; pollMs?: number }
  | { provider: 'sdapi' | 'openai'; url: string; apiKey?: string; model?: string; jobTimeoutMs?: number }
  | { provider: 'comfyui'; url: string; apiKey?: string; model?: string; workflowPath?: string; jobTimeoutMs?: number; pollMs?: number }
  | { provider: 'disabled'; reason: string };

/** Turns parsed IMAGES_* variables into the factory's config; an incomplete setup becomes `disabled` with the reason. */
export function imagesConfigFromEnv(env: ImagesEnv): ImagesConfig {
  const common = { apiKey: env.IMAGES_API_KEY || undefined, model: env.IMAGES_MODEL, jobTimeoutMs: env.IMAGES_JOB_TIMEOUT_MS };
  switch (env.IMAGES_PROVIDER) {
    case 'horde':
      return { provider: 'horde', url: env.IMAGES_URL, pollMs: env.IMAGES_POLL_MS, ...common };
    case 'sdapi':
    case 'openai':
    case 'comfyui': {
      if (!env.IMAGES_URL) {
        const example = { sdapi: 'http://127.0.0.1:7860', comfyui: 'http://127.0.0.1:8188', openai: 'https://api.openai.com' }[
          env.IMAGES_PROVIDER
        ];
        return {
          provider: 'disabled',
          reason: `Image generation is not set up: IMAGES_PROVIDER=${env.IMAGES_PROVIDER} needs IMAGES_URL (e.g. ${example}).`,
        };
      }
      if (env.IMAGES_PROVIDER === 'openai' && !common.apiKey && /(^|\.)openai\.com$/.test(new URL(env.IMAGES_URL).hostname)) {
        return {
          provider: 'disabled',
          reason: 'Image generation is not set up: IMAGES_PROVIDER=openai with api.openai.com needs IMAGES_API_KEY.',
        };
      }
      if (env.IMAGES_PROVIDER === 'comfyui') {
        return {
          provider: 'comfyui',
          url: env.IMAGES_URL,
          workflowPath: env.IMAGES_COMFYUI_WORKFLOW,
          pollMs: env.IMAGES_POLL_MS,
          ...common,
        };
      }
      return { provider: env.IMAGES_PROVIDER, url: env.IMAGES_URL, ...common };
    }
    case 'disabled':
    case 'none':
    case 'off':
      return { provider: 'disabled', reason: IMAGES_SETUP_HELP };
    default:
      return {
        provider: 'disabled',
        reason: `Image generation is not set up: IMAGES_PROVIDER=${env.IMAGES_PROVIDER.slice(0, 40)} is not a known backend. ${IMAGES_SETUP_HELP.replace(/^Image generation is not set up\. /, '')}`,
      };
  }
}

function build(config: ImagesConfig): ImageProvider {
  switch (config.provider) {
    case 'horde':
      return new HordeImageProvider({
        baseUrl: config.url,
        apiKey: config.apiKey,
        jobTimeoutMs: config.jobTimeoutMs,
        pollMs: config.pollMs,
      });
    case 'sdapi':
      return new SdApiImageProvider({ baseUrl: config.url, apiKey: config.apiKey, jobTimeoutMs: config.jobTimeoutMs });
    case 'openai':
      return new OpenAiImageProvider({
        baseUrl: config.url,
        apiKey: config.apiKey,
        defaultModel: config.model,
        jobTimeoutMs: config.jobTimeoutMs,
      });
    case 'comfyui':
      try {
        return new ComfyUiImageProvider({
          baseUrl: config.url,
          apiKey: config.apiKey,
          defaultModel: config.model,
          workflowPath: config.workflowPath,
          jobTimeoutMs: config.jobTimeoutMs,
          pollMs: config.pollMs,
        });
      } catch (err) {
        // A broken workflow file disables images with the reason rather than stopping the server.
        return new DisabledImageProvider(`Image generation is not set up: ${(err as Error).message}.`);
      }
    case 'disabled':
      return new DisabledImageProvider(config.reason);
  }
}

/** Builds the configured provider and registers it as `images` in the health registry. */
export function createImageProvider(config: ImagesConfig, deps: { health: HealthRegistry }): ImageProvider {
  return deps.health.register(build(config));
}

/**
 * Maps image-backend failures to the app's error shape for routes: not configured → 503 NOT_CONFIGURED with the
 * setup sentence; unreachable, refused or malformed → 502 UNAVAILABLE; timeout → 504; cancelled → 409.
 */
export function imageErrorToAppError(err: unknown): unknown {
  if (!(err instanceof ImageBackendError)) return err;
  switch (err.code) {
    case 'NOT_CONFIGURED':
      return new AppError(503, 'NOT_CONFIGURED', err.message);
    case 'TIMEOUT':
      return new AppError(504, 'UNAVAILABLE', err.message);
    case 'CANCELLED':
      return new AppError(409, 'CONFLICT', err.message);
    default:
      return new AppError(502, 'UNAVAILABLE', err.message);
  }
}
