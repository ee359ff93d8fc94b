// Error mapping for the OpenAI-compatible provider (openai.ts): what a failed exchange with the model server becomes
// (an LlmUpstreamError with a sentence for users, the server's own text kept for the log), and which failures are
// worth another try before the first token.
import type { IncomingMessage } from 'node:http';
import { LlmContextOverflowError, LlmUpstreamError } from './llm-provider.ts';
import { contextErrorCounts, httpErrorSentence, isContextError, isTemplateError } from './upstream-errors.ts';

export const MAX_ERROR_BODY = 64 * 1024;

/** A failure another attempt may get past (only while nothing has streamed yet). */
export class RetryableError extends Error {
  constructor(
    override readonly cause: LlmUpstreamError,
    readonly retryAfterMs?: number,
  ) {
    super(cause.message);
  }
}

/** The error text in the body shapes the different servers use ({error:{message}}, {error:"…"}, {message}, {detail}). */
export function errorMessageFrom(body: string): string {
  try {
    const j = JSON.parse(body) as Record<string, unknown>;
    const e = j.error;
    if (typeof e === 'string') return e;
    if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string') return (e as { message: string }).message;
    if (typeof j.message === 'string') return j.message;
    if (typeof j.detail === 'string') return j.detail;
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 500) || 'no details';
}

/** The body as text, at most about `limit` characters (the rest is dropped with the socket). */
export function readLimited(res: IncomingMessage, limit = MAX_ERROR_BODY): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > limit) {
        res.destroy();
        resolve(text);
      }
    });
    res.on('end', () => resolve(text));
    res.on('error', reject);
    res.on('close', () => resolve(text));
  });
}

function retryAfter(res: IncomingMessage): number | undefined {
  const v = Number(res.headers['retry-after']);
  return Number.isFinite(v) && v > 0 ? Math.min(v * 1000, 30_000) : undefined;
}

export function networkReason(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return e.code ?? e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
}

/** The codes servers give a prompt longer than the context (llama.cpp's `type`, OpenAI's `code`). */
const OVERFLOW_CODE = /"(exceed_context_size_error|context_length_exceeded)"/;

/**
 * An HTTP error answer: a busy or failing server (429, 5xx) may answer the next try; a refusal (4xx) or a template
 * that cannot render our messages will not. `upstream` is the server's own text (errorMessageFrom).
 */
export function httpFailure(res: IncomingMessage, status: number, upstream: string, body = ''): LlmUpstreamError | RetryableError {
  if (status >= 400 && status < 500 && (isContextError(upstream) || OVERFLOW_CODE.test(body))) {
    const { promptTokens, contextSize } = contextErrorCounts(upstream);
    return new LlmContextOverflowError(httpErrorSentence(status, upstream), status, upstream, promptTokens, contextSize);
  }
  const e = new LlmUpstreamError(httpErrorSentence(status, upstream), status, 'UPSTREAM_HTTP', false, upstream);
  if ((status === 429 || status >= 500) && !isTemplateError(upstream)) return new RetryableError(e, retryAfter(res));
  return e;
}

/** An `error` event inside the stream (its code, when a number, stands for the HTTP status). */
export function streamEventFailure(event: { error?: unknown }, status: number, midReply: boolean): LlmUpstreamError {
  const upstream = errorMessageFrom(JSON.stringify(event));
  const code = (event.error as { code?: unknown }).code;
  return new LlmUpstreamError(
    httpErrorSentence(typeof code === 'number' ? code : 500, upstream),
    status,
    'UPSTREAM_HTTP',
    midReply,
    upstream,
  );
}

/** A socket-level failure: before anything came, the server could not be reached; after, the connection broke. */
export function networkFailure(err: unknown, baseUrl: string, started: boolean, midReply: boolean): LlmUpstreamError {
  return new LlmUpstreamError(
    started
      ? `The connection to the model server broke mid-reply (${networkReason(err)})`
      : `Could not reach the model server at ${baseUrl} (${networkReason(err)})`,
    undefined,
    'UPSTREAM_NETWORK',
    midReply,
  );
}

/** The three clocks' errors: until the headers, until the first token, between tokens. */
export const timeoutFailure = {
  connect: (ms: number) => new LlmUpstreamError(`The model server did not answer within ${ms / 1000} s`, undefined, 'UPSTREAM_TIMEOUT'),
  firstToken: (ms: number) => new LlmUpstreamError(`The model server sent no reply within ${ms / 1000} s`, undefined, 'UPSTREAM_TIMEOUT'),
  idle: (ms: number) =>
    new LlmUpstreamError(`The model server went silent for ${ms / 1000} s mid-reply`, undefined, 'UPSTREAM_TIMEOUT', true),
};
