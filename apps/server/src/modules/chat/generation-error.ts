import { AppError } from '../../lib/app-error.ts';
import { LlmUnavailableError, LlmUpstreamError } from '../../providers/llm/llm-provider.ts';

/** A model server's message as users may see it: without its address (deployments keep it private) or key-like strings. */
function publicUpstreamMessage(message: string): string {
  return message
    .replace(/ at https?:\/\/[^\s)]+/g, '')
    .replace(/https?:\/\/[^\s)]+/g, 'the model server')
    .replace(/\b(sk|rk|pk|key)-[A-Za-z0-9*_-]{4,}/g, '$1-…');
}

/** Maps a failure during generation to the `error` event / JSON error a client gets. */
export function generationError(err: unknown): { status: number; code: string; message: string } {
  if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message };
  if (err instanceof LlmUnavailableError) return { status: 503, code: 'UNAVAILABLE', message: err.message };
  if (err instanceof LlmUpstreamError)
    return { status: err.code === 'UPSTREAM_TIMEOUT' ? 504 : 502, code: 'UNAVAILABLE', message: publicUpstreamMessage(err.message) };
  // True whether the message was free or paid: a failed reply is refunded (coins) or not counted (a free message).
  return { status: 500, code: 'INTERNAL', message: 'The reply could not be generated, and nothing was charged for it. Try again.' };
}
