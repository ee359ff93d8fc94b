// The image backend as the API answers for it: whether it is set up and answering (checked before anything is
// charged), its models, and the /test picture. Its failures become the API's 503 with the backend's own sentence.
import type { TestImageResponse } from '@reverie/shared';
import { AppError } from '../../lib/app-error.ts';
import { ImageBackendError, normalizeImage, type ImageProvider } from '../../providers/images/index.ts';

/** The backend's failures as the API's: 503 with the backend's own sentence. */
export function backendError(err: unknown): unknown {
  if (!(err instanceof ImageBackendError)) return err;
  return new AppError(503, err.code === 'NOT_CONFIGURED' ? 'NOT_CONFIGURED' : 'UNAVAILABLE', err.message, {
    headers: { 'retry-after': '30' },
  });
}

/** 503 with the reason (and nothing charged) unless the backend is set up and answering. */
export async function ensureBackend(provider: ImageProvider): Promise<void> {
  const info = provider.info();
  if (!info.configured) throw new AppError(503, 'NOT_CONFIGURED', info.setup ?? 'Image generation is not set up.');
  const health = await provider.health();
  if (health.status !== 'ok') {
    throw new AppError(503, 'UNAVAILABLE', `${health.detail ?? 'The image service is not answering.'} Nothing was charged.`, {
      headers: { 'retry-after': '30' },
    });
  }
}

/** The backend's models. */
export async function backendModels(provider: ImageProvider): Promise<{ data: Array<{ id: string; name: string; nsfw?: boolean }> }> {
  try {
    return { data: await provider.listModels() };
  } catch (err) {
    throw backendError(err);
  }
}

/** /test's tiny picture: straight from the backend, 64×64, not queued, not charged, not stored. */
export async function backendTest(provider: ImageProvider): Promise<TestImageResponse> {
  const info = provider.info();
  if (!info.configured) throw new AppError(503, 'NOT_CONFIGURED', info.setup ?? 'Image generation is not set up.');
  const started = performance.now();
  try {
    const job = await provider.submit({
      prompt: 'a small red apple on a wooden table',
      width: 64,
      height: 64,
      steps: 4,
      seed: 1,
      count: 1,
      nsfwAllowed: false,
      signal: AbortSignal.timeout(120_000),
    });
    const [first] = await job.result();
    if (!first) throw new ImageBackendError('MALFORMED', 'The image service sent no picture.');
    const n = await normalizeImage(first.bytes);
    return {
      provider: info.provider,
      ms: Math.round(performance.now() - started),
      width: n.width,
      height: n.height,
      image: `data:image/webp;base64,${n.full.toString('base64')}`,
    };
  } catch (err) {
    throw backendError(err);
  }
}
