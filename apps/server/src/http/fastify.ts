// The Fastify instance every process serves from: its logger (tokens in URLs and headers left out; one line per request
// only at debug), request ids, the proxy hops it trusts, the body limit, the query string reading and zod on both
// sides of every route.
import { randomUUID } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { safeUrl } from '../lib/safe-error.ts';
import { LeanLogController, lazyChildLoggerFactory } from './request-log.ts';

/** node:querystring, with `key[]` read as `key` (one value stays a string; the schema decides). */
export function parseQueryString(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(parseQuery(qs))) {
    if (value === undefined) continue;
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const prev = out[name];
    out[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), ...(Array.isArray(value) ? value : [value])];
  }
  return out;
}

/**
 * TRUST_PROXY for Fastify: proxy addresses as they are; a hop count as a function, because Fastify takes a bare
 * number as "trust nobody". With n hops the client is the address n steps from the right of X-Forwarded-For
 * (the connection's own address being the first), which only holds when clients cannot reach the server directly.
 */
export function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export async function createFastify(config: Config, logStream?: { write(line: string): void }) {
  const stream = logStream ?? (await terminalLogStream(config));
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'],
            serializers: {
              // Fastify's request fields, with the tokens of e-mailed links (/verify-email?token=…) left out.
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: safeUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
            ...(stream ? { stream } : {}),
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    // Let a graceful shutdown finish in-flight requests but refuse new keep-alive reuse.
    forceCloseConnections: 'idle',
    // One line per request only at debug; errors, 5xx and slow requests at info (http/request-log.ts)
    logController: new LeanLogController({ slowMs: config.slowRequestMs }),
    childLoggerFactory: lazyChildLoggerFactory, // a request child logger only when a request logs
    // `type[]=a&type[]=b` (how the web client sends lists) reaches the schemas as `type: ['a', 'b']`.
    routerOptions: { querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set as the request arrives, with a callback rather than a promise: this runs for every request (#45).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  return app;
}

/**
 * Readable lines when a person watches the terminal (stdout is a TTY, e.g. `npm start`): time, level, message, and
 * the fields on the lines below. Piped or redirected output (a service manager, a log shipper) stays one JSON object
 * per line. LOG_FORMAT=json|pretty overrides the guess.
 */
async function terminalLogStream(config: Pick<Config, 'logFormat'>): Promise<NodeJS.WritableStream | undefined> {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  if (!pretty) return undefined;
  const { default: pinoPretty } = await import('pino-pretty');
  return pinoPretty({ colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: false });
}
