// Client-side request queue (product.md §4, §8, §9).
//
// - Every request belongs to an endpoint ("METHOD /path" with id segments normalised to ":id") and has a
//   priority. Each endpoint has a sliding 1-second window; a request runs at once when the window holds
//   fewer starts than its priority's limit (high 10, medium 6, low 3), nothing is queued before it and the
//   endpoint is not backing off. Otherwise it is queued (toast "Request Queued") and the endpoint's queue
//   runs it later, highest priority first, FIFO within a priority, after a 100 ms pause.
// - A request failing with HTTP 429 (any error whose `status` is 429) is retried by the queue up to 3 times
//   after 1 s, 2 s, 4 s (1 s × 2^n capped at 5 s). Each 429 also grows the endpoint's backoff
//   (from 1 s, × the priority's multiplier 1.2/1.5/2, capped at 2/3/5 s); new requests to that endpoint wait
//   it out in the queue (toast "Processing..."). A success resets the multiplier. Retries bypass the window.
// - After the last retry the request is rejected with a `RateLimitError` ("Rate limit exceeded",
//   status 429, `quiet = true`). Quiet errors are "swallowed": `logError` skips them, the query client does
//   not retry them, and the UI must not show them (use `isQuietError`). This is how like-toggle rate-limit
//   errors stay unlogged.
import { toast } from './toast';

export type RequestPriority = 'high' | 'medium' | 'low';

export const QUEUE_CONFIG = {
  windowMs: 1000,
  limits: { high: 10, medium: 6, low: 3 },
  backoffMultiplier: { high: 1.2, medium: 1.5, low: 2 },
  maxBackoffMs: { high: 2000, medium: 3000, low: 5000 },
  baseBackoffMs: 1000,
  queuedPauseMs: 100,
  maxRetries: 3,
  retryBaseMs: 1000,
  retryMaxMs: 5000,
} as const;

export const QUEUED_TOAST_TITLE = 'Request Queued';
export const QUEUED_TOAST_DESCRIPTIONS: Record<RequestPriority, string> = {
  high: 'Request queued - processing shortly',
  medium: 'Request queued - processing in order',
  low: 'Request queued - will process when possible',
};
export const BACKOFF_TOAST_TITLE = 'Processing...';
export function backoffToastDescription(waitMs: number): string {
  return `Please wait ${Math.ceil(waitMs / 1000)}s - managing request rate`;
}

/** Delay before retry number `attempt` (0-based): 1 s × 2^attempt, capped at 5 s. */
export function queueRetryDelay(attempt: number): number {
  return Math.min(QUEUE_CONFIG.retryBaseMs * 2 ** attempt, QUEUE_CONFIG.retryMaxMs);
}

/** Final rejection of a request that stayed rate-limited through all retries. Quiet: never logged or shown. */
export class RateLimitError extends Error {
  readonly status = 429;
  readonly code = 'RATE_LIMITED';
  readonly quiet = true;
  constructor(cause?: unknown) {
    super('Rate limit exceeded', { cause });
    this.name = 'RateLimitError';
  }
}

/** The HTTP status carried by an error (ApiError, RateLimitError or anything with a numeric `status`). */
export function getErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

export function isRateLimitError(error: unknown): boolean {
  return getErrorStatus(error) === 429;
}

/** Errors flagged `quiet = true` must not be logged or shown to the user. */
export function isQuietError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { quiet?: unknown }).quiet === true;
}

/** console.error unless the error is quiet (swallowed rate-limit rejections). */
export function logError(context: string, error: unknown): void {
  if (isQuietError(error)) return;
  console.error(context, error);
}

const ID_SEGMENT = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24,})$/i;

/** "GET /api/characters/:id/likes" for "get", "/api/characters/<uuid>/likes?x=1". */
export function endpointKey(method: string, path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const normalised = pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
  return `${method.toUpperCase()} ${normalised}`;
}

/**
 * Priority of a call (product.md §7 endpoints):
 *
 * | priority | calls                                                                                         |
 * |----------|-----------------------------------------------------------------------------------------------|
 * | high     | everything under /api/auth/ (csrf, login, register, refresh, me, logout, ...),                |
 * |          | GET /api/users/:id (profile), GET /api/subscriptions/status, GET /api/coins/info,             |
 * |          | anything under /api/payments/ and /api/subscriptions/ (money)                                 |
 * | low      | GET bulk lists: /api/characters, /api/search, /api/images, /api/tags, /api/categories[...],  |
 * |          | /api/conversations, /api/chat/history, /api/notifications, /api/creators/top,               |
 * |          | /api/users/:id/{likedCharacters,following,followers}, /api/favorites, /api/support/tickets,  |
 * |          | /api/legal/*, /api/faq, /api/images/models                                                    |
 * | medium   | everything else: chat messages, likes, favourites, follows, image generation, other writes   |
 * |          | and single-item reads                                                                          |
 */
export function priorityFor(method: string, path: string): RequestPriority {
  const m = method.toUpperCase();
  const p = endpointKey(m, path).slice(m.length + 1);
  if (p.startsWith('/api/auth/')) return 'high';
  if (p.startsWith('/api/payments/') || p.startsWith('/api/subscriptions/')) return 'high';
  if (m === 'GET' && (p === '/api/users/:id' || p === '/api/coins/info')) return 'high';
  if (m === 'GET' && LOW_PRIORITY_LISTS.some((re) => re.test(p))) return 'low';
  return 'medium';
}

const LOW_PRIORITY_LISTS: readonly RegExp[] = [
  /^\/api\/characters\/?$/,
  /^\/api\/search\/?$/,
  /^\/api\/images(?:\/models)?\/?$/,
  /^\/api\/tags\/?$/,
  /^\/api\/categories(?:\/:id\/characters)?\/?$/,
  /^\/api\/conversations\/?$/,
  /^\/api\/chat\/history\/?$/,
  /^\/api\/notifications\/?$/,
  /^\/api\/creators\/top\/?$/,
  /^\/api\/users\/:id\/(?:likedCharacters|following|followers)\/?$/,
  /^\/api\/favorites\/?$/,
  /^\/api\/support\/tickets\/?$/,
  /^\/api\/legal\//,
  /^\/api\/faq\/?$/,
];

export interface RequestQueueOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  notify?: (title: string, description: string) => void;
}

export interface EnqueueOptions {
  endpoint: string;
  priority?: RequestPriority;
  /** Aborting while still queued removes the request and rejects with the signal's reason. */
  signal?: AbortSignal;
}

interface Entry {
  task: () => Promise<unknown>;
  priority: RequestPriority;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  cleanup: () => void;
}

interface EndpointState {
  starts: number[];
  backoffMs: number;
  backoffUntil: number;
  queue: Entry[];
  pumping: boolean;
  /** Set while the pump waits for the window; called when a new request becomes the head of the queue. */
  wake: (() => void) | null;
}

const PRIORITY_RANK: Record<RequestPriority, number> = { high: 0, medium: 1, low: 2 };

export class RequestQueue {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly notify: (title: string, description: string) => void;
  private endpoints = new Map<string, EndpointState>();

  constructor(options: RequestQueueOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.notify = options.notify ?? ((title, description) => void toast({ title, description }));
  }

  /** Runs `task` under the endpoint's rate window, queueing and retrying on 429 as described above. */
  enqueue<T>(task: () => Promise<T>, { endpoint, priority = 'medium', signal }: EnqueueOptions): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const state = this.stateFor(endpoint);
    if (state.queue.length === 0 && !state.pumping && state.backoffUntil <= this.now() && this.windowWait(state, priority) === 0) {
      state.starts.push(this.now());
      return this.execute(task, state, priority);
    }

    this.notify(QUEUED_TOAST_TITLE, QUEUED_TOAST_DESCRIPTIONS[priority]);
    return new Promise<T>((resolve, reject) => {
      const entry: Entry = {
        task,
        priority,
        resolve: resolve as (value: unknown) => void,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      const onAbort = () => {
        const index = state.queue.indexOf(entry);
        if (index >= 0) state.queue.splice(index, 1);
        entry.cleanup();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const at = state.queue.findIndex((e) => PRIORITY_RANK[e.priority] > PRIORITY_RANK[priority]);
      if (at < 0) state.queue.push(entry);
      else state.queue.splice(at, 0, entry);
      if (at === 0) state.wake?.();
      void this.pump(state);
    });
  }

  /** Current backoff of an endpoint in ms (0 when none). */
  getBackoff(endpoint: string): number {
    return this.endpoints.get(endpoint)?.backoffMs ?? 0;
  }

  /** Number of requests waiting (for one endpoint, or all). */
  pendingCount(endpoint?: string): number {
    if (endpoint !== undefined) return this.endpoints.get(endpoint)?.queue.length ?? 0;
    let total = 0;
    for (const state of this.endpoints.values()) total += state.queue.length;
    return total;
  }

  /** Forgets windows and backoff; queued requests are rejected (tests, logout). */
  reset(): void {
    for (const state of this.endpoints.values()) {
      for (const entry of state.queue.splice(0)) {
        entry.cleanup();
        entry.reject(new Error('Request queue reset'));
      }
    }
    this.endpoints = new Map();
  }

  private stateFor(endpoint: string): EndpointState {
    let state = this.endpoints.get(endpoint);
    if (!state) {
      state = { starts: [], backoffMs: 0, backoffUntil: 0, queue: [], pumping: false, wake: null };
      this.endpoints.set(endpoint, state);
    }
    return state;
  }

  /** Milliseconds until the endpoint's window has room for one more request of this priority. */
  private windowWait(state: EndpointState, priority: RequestPriority): number {
    const now = this.now();
    while (state.starts.length > 0 && (state.starts[0] ?? 0) <= now - QUEUE_CONFIG.windowMs) state.starts.shift();
    const limit = QUEUE_CONFIG.limits[priority];
    if (state.starts.length < limit) return 0;
    const blocking = state.starts[state.starts.length - limit] ?? now;
    return Math.max(1, blocking + QUEUE_CONFIG.windowMs - now);
  }

  private async pump(state: EndpointState): Promise<void> {
    if (state.pumping) return;
    state.pumping = true;
    try {
      while (state.queue.length > 0) {
        const head = state.queue[0];
        if (!head) break;
        const backoffWait = state.backoffUntil - this.now();
        if (backoffWait > 0) {
          this.notify(BACKOFF_TOAST_TITLE, backoffToastDescription(backoffWait));
          await this.sleep(backoffWait);
          continue;
        }
        const windowWait = this.windowWait(state, head.priority);
        if (windowWait > 0) {
          // A higher-priority arrival may fit the window sooner: it wakes this wait.
          await new Promise<void>((resolve) => {
            state.wake = resolve;
            void this.sleep(windowWait).then(() => resolve());
          });
          state.wake = null;
          continue;
        }
        await this.sleep(QUEUE_CONFIG.queuedPauseMs);
        const entry = state.queue[0];
        if (!entry) break;
        // The head may have changed during the pause (abort, higher-priority arrival): re-check its window.
        if (entry !== head && this.windowWait(state, entry.priority) > 0) continue;
        state.queue.shift();
        entry.cleanup();
        state.starts.push(this.now());
        this.execute(entry.task, state, entry.priority).then(entry.resolve, entry.reject);
      }
    } finally {
      state.pumping = false;
    }
  }

  private async execute<T>(task: () => Promise<T>, state: EndpointState, priority: RequestPriority): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await task();
        state.backoffMs = 0;
        return result;
      } catch (error) {
        if (!isRateLimitError(error)) throw error;
        this.growBackoff(state, priority);
        if (attempt >= QUEUE_CONFIG.maxRetries) throw new RateLimitError(error);
        await this.sleep(queueRetryDelay(attempt));
      }
    }
  }

  private growBackoff(state: EndpointState, priority: RequestPriority): void {
    const grown = Math.max(state.backoffMs, QUEUE_CONFIG.baseBackoffMs) * QUEUE_CONFIG.backoffMultiplier[priority];
    state.backoffMs = Math.min(Math.round(grown), QUEUE_CONFIG.maxBackoffMs[priority]);
    state.backoffUntil = this.now() + state.backoffMs;
  }
}

/** The app-wide queue every API call goes through. */
export const requestQueue = new RequestQueue();
