import { ApiError } from '@/lib/api-client';

/** The server closed NSFW content for the viewer's region (403 AGE_ASSURANCE_REQUIRED); its sentence, or null. */
export function ageLockMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'AGE_ASSURANCE_REQUIRED') return null;
  const body = error.body as { error?: { message?: unknown } } | undefined;
  return typeof body?.error?.message === 'string' ? body.error.message : '';
}
