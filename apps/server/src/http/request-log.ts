// One line per request costs ~4× on a trivial route at info level (pino serialising req/res twice per
// request). This LogController replaces Fastify's request logging:
//   - at info: 5xx answers and requests slower than slowMs (method, path without the query string, status, ms);
//   - at debug: one line for every request (and for unknown routes).
// Query strings, headers and bodies are never logged here: they can carry tokens and personal data.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export interface RequestLogOptions {
  /** Requests slower than this are logged at info. */
  slowMs: number;
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export class LeanLogController extends LogController {
  private readonly slowMs: number;

  constructor({ slowMs }: RequestLogOptions) {
    super();
    this.slowMs = slowMs;
  }

  override incomingRequest() {
    // Nothing on the way in: the completion line below has everything.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (error) {
      reply.log.error({ err: error, method: request.method, path: pathOf(request.url), status, ms: Math.round(ms) }, 'request errored');
    } else if (status >= 500 || ms >= this.slowMs) {
      reply.log.info(
        { method: request.method, path: pathOf(request.url), status, ms: Math.round(ms) },
        status >= 500 ? 'request failed' : 'slow request',
      );
    } else if (reply.log.level === 'debug' || reply.log.level === 'trace') {
      reply.log.debug({ method: request.method, path: pathOf(request.url), status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug({ method: request.method, path: pathOf(request.url) }, 'route not found');
  }
}
