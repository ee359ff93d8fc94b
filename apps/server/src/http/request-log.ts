// One line per request costs ~4× on a trivial route at info level (pino serialising req/res twice per
// request). Fastify's own request logging is switched off (disableRequestLogging) and this hook logs:
//   - at info: 5xx answers and requests slower than slowMs (method, path without the query string, status, ms);
//   - at debug: one line for every request.
// Query strings, headers and bodies are never logged here: they can carry tokens and personal data.
import type { FastifyInstance } from 'fastify';

export interface RequestLogOptions {
  /** Requests slower than this are logged at info. */
  slowMs: number;
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function registerRequestLog(app: FastifyInstance, { slowMs }: RequestLogOptions) {
  const debug = app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500 || ms >= slowMs) {
      const line = { method: request.method, path: pathOf(request.url), status, ms: Math.round(ms) };
      request.log.info(line, status >= 500 ? 'request failed' : 'slow request');
    } else if (debug) {
      request.log.debug({ method: request.method, path: pathOf(request.url), status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
    done();
  });
}
