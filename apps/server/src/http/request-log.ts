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

type LogFn = (...args: unknown[]) => void;
interface PinoLike {
  level: string;
  child(bindings: Record<string, unknown>, opts?: Record<string, unknown>): PinoLike;
  isLevelEnabled?(level: string): boolean;
  [method: string]: unknown;
}

/**
 * Fastify makes a pino child logger (with the request id) for every request, even when the request logs
 * nothing — ~7% of a trivial route's CPU. This stand-in creates the real child only when something is
 * actually written at an enabled level (or a grandchild is asked for).
 */
export class LazyChildLogger {
  private real: PinoLike | undefined;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Record<string, unknown>,
    private readonly opts: Record<string, unknown>,
  ) {}

  private get logger(): PinoLike {
    return (this.real ??= this.parent.child(this.bindings, this.opts));
  }

  private write(level: string, args: unknown[]) {
    if (!this.real && !this.opts.level && this.parent.isLevelEnabled && !this.parent.isLevelEnabled(level)) return;
    (this.logger[level] as LogFn)(...args);
  }

  get level(): string {
    return this.real?.level ?? (this.opts.level as string | undefined) ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  child(bindings: Record<string, unknown>, opts?: Record<string, unknown>) {
    return this.logger.child(bindings, opts);
  }
}

/** Fastify `childLoggerFactory` option: see LazyChildLogger. */
export function lazyChildLoggerFactory(logger: unknown, bindings: unknown, opts: unknown) {
  return new LazyChildLogger(logger as PinoLike, bindings as Record<string, unknown>, (opts ?? {}) as Record<string, unknown>) as never;
}
