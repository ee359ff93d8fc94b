import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RateLimitError,
  RequestQueue,
  endpointKey,
  isQuietError,
  logError,
  priorityFor,
  queueRetryDelay,
  type RequestPriority,
} from './request-queue';

const rateLimited = () => Object.assign(new Error('429: Too Many Requests'), { status: 429 });

describe('RequestQueue', () => {
  let notify: ReturnType<typeof vi.fn<(title: string, description: string) => void>>;
  let queue: RequestQueue;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    notify = vi.fn<(title: string, description: string) => void>();
    queue = new RequestQueue({ notify });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[RequestPriority, number, string]>([
    ['high', 10, 'Request queued - processing shortly'],
    ['medium', 6, 'Request queued - processing in order'],
    ['low', 3, 'Request queued - will process when possible'],
  ])('%s: %i per 1 s window run at once, the next is queued with its toast', async (priority, limit, text) => {
    const task = vi.fn(async () => 'ok');
    const results: Promise<string>[] = [];
    for (let i = 0; i < limit; i++) results.push(queue.enqueue(task, { endpoint: 'GET /x', priority }));
    expect(task).toHaveBeenCalledTimes(limit);
    expect(notify).not.toHaveBeenCalled();

    const queued = queue.enqueue(task, { endpoint: 'GET /x', priority });
    expect(task).toHaveBeenCalledTimes(limit);
    expect(notify).toHaveBeenCalledWith('Request Queued', text);
    expect(queue.pendingCount('GET /x')).toBe(1);

    // The window frees at 1000 ms, then the 100 ms pause.
    await vi.advanceTimersByTimeAsync(1099);
    expect(task).toHaveBeenCalledTimes(limit);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(limit + 1);
    await expect(queued).resolves.toBe('ok');
    await Promise.all(results);
  });

  it('keys windows by endpoint', async () => {
    const task = vi.fn(async () => 1);
    for (let i = 0; i < 3; i++) void queue.enqueue(task, { endpoint: 'GET /a', priority: 'low' });
    void queue.enqueue(task, { endpoint: 'GET /b', priority: 'low' });
    expect(task).toHaveBeenCalledTimes(4);
    expect(notify).not.toHaveBeenCalled();
  });

  it('pauses 100 ms before each queued request and runs higher priority first', async () => {
    const order: string[] = [];
    const make = (name: string) => async () => {
      order.push(`${name}@${Date.now()}`);
    };
    for (let i = 0; i < 3; i++) void queue.enqueue(make(`first${i}`), { endpoint: 'GET /x', priority: 'low' });
    const low = queue.enqueue(make('low'), { endpoint: 'GET /x', priority: 'low' });
    const high = queue.enqueue(make('high'), { endpoint: 'GET /x', priority: 'high' });
    await vi.advanceTimersByTimeAsync(0);
    // The window (3 starts) is full for low but not for high (limit 10): high runs after the 100 ms pause.
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toContain('high@100');
    await vi.advanceTimersByTimeAsync(2000);
    await Promise.all([low, high]);
    expect(order.slice(3)).toEqual(['high@100', 'low@1100']);
  });

  it('retries a 429 after 1 s, 2 s and 4 s, then rejects quietly', async () => {
    const calls: number[] = [];
    const task = vi.fn(async () => {
      calls.push(Date.now());
      throw rateLimited();
    });
    const result = queue.enqueue(task, { endpoint: 'POST /api/characters/:id/likes', priority: 'medium' });
    const settled = result.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([0, 1000, 3000, 7000]);
    const error = await settled;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ message: 'Rate limit exceeded', status: 429, quiet: true });
    expect(isQuietError(error)).toBe(true);
  });

  it('retry delays are 1 s × 2^n capped at 5 s', () => {
    expect([0, 1, 2, 3, 4].map(queueRetryDelay)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('resolves when a retry succeeds and does not retry other errors', async () => {
    const flaky = vi.fn<() => Promise<string>>().mockRejectedValueOnce(rateLimited()).mockResolvedValue('done');
    const ok = queue.enqueue(flaky, { endpoint: 'GET /f', priority: 'high' });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(ok).resolves.toBe('done');
    expect(flaky).toHaveBeenCalledTimes(2);

    const boom = Object.assign(new Error('500: oops'), { status: 500 });
    const failing = vi.fn(async () => {
      throw boom;
    });
    await expect(queue.enqueue(failing, { endpoint: 'GET /g', priority: 'high' })).rejects.toBe(boom);
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('grows backoff by the priority multiplier up to its maximum', async () => {
    const failing = async () => {
      throw rateLimited();
    };
    const cases: [RequestPriority, number[]][] = [
      ['high', [1200, 1440, 1728, 2000]],
      ['medium', [1500, 2250, 3000, 3000]],
      ['low', [2000, 4000, 5000, 5000]],
    ];
    for (const [priority, expected] of cases) {
      const endpoint = `GET /${priority}`;
      const seen: number[] = [];
      const settled = queue.enqueue(failing, { endpoint, priority }).catch(() => undefined);
      await vi.advanceTimersByTimeAsync(0);
      seen.push(queue.getBackoff(endpoint));
      for (const delay of [1000, 2000, 4000]) {
        await vi.advanceTimersByTimeAsync(delay);
        seen.push(queue.getBackoff(endpoint));
      }
      await settled;
      expect(seen).toEqual(expected);
    }
  });

  it('makes new requests wait out the backoff with the "Processing..." toast', async () => {
    const endpoint = 'POST /api/chat/:id/message';
    const first = vi.fn<() => Promise<string>>().mockRejectedValueOnce(rateLimited()).mockResolvedValue('a');
    const firstResult = queue.enqueue(first, { endpoint, priority: 'medium' });
    await vi.advanceTimersByTimeAsync(0); // the 429 arrives
    const second = vi.fn(async () => 'b');
    const secondResult = queue.enqueue(second, { endpoint, priority: 'medium' });
    expect(second).not.toHaveBeenCalled();
    expect(notify).toHaveBeenNthCalledWith(1, 'Request Queued', 'Request queued - processing in order');
    await vi.advanceTimersByTimeAsync(0);
    expect(notify).toHaveBeenNthCalledWith(2, 'Processing...', 'Please wait 2s - managing request rate');
    // backoff 1500 ms, then the 100 ms pause
    await vi.advanceTimersByTimeAsync(1599);
    expect(second).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(second).toHaveBeenCalledTimes(1);
    await expect(Promise.all([firstResult, secondResult])).resolves.toEqual(['a', 'b']);
  });

  it('drops a queued request when its signal aborts', async () => {
    const task = vi.fn(async () => 1);
    for (let i = 0; i < 3; i++) void queue.enqueue(task, { endpoint: 'GET /x', priority: 'low' });
    const controller = new AbortController();
    const queued = queue.enqueue(task, { endpoint: 'GET /x', priority: 'low', signal: controller.signal });
    controller.abort(new Error('gone'));
    await expect(queued).rejects.toThrow('gone');
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(3);
  });
});

describe('priorityFor and endpointKey', () => {
  it.each<[string, string, RequestPriority]>([
    ['POST', '/api/auth/refresh', 'high'],
    ['POST', '/api/auth/login', 'high'],
    ['GET', '/api/auth/me', 'high'],
    ['GET', '/api/users/5f0c1e7a-1b2c-4d5e-8f90-123456789abc', 'high'],
    ['GET', '/api/subscriptions/status', 'high'],
    ['POST', '/api/chat/42/message', 'medium'],
    ['POST', '/api/characters/42/likes', 'medium'],
    ['POST', '/api/image-generation/generate', 'medium'],
    ['GET', '/api/characters/42', 'medium'],
    ['GET', '/api/characters?page=2', 'low'],
    ['GET', '/api/search?q=x', 'low'],
    ['GET', '/api/users/42/likedCharacters', 'low'],
    ['GET', '/api/categories/7/characters', 'low'],
  ])('%s %s → %s', (method, path, expected) => {
    expect(priorityFor(method, path)).toBe(expected);
  });

  it('normalises ids and strips the query', () => {
    expect(endpointKey('post', '/api/characters/42/likes?x=1')).toBe('POST /api/characters/:id/likes');
    expect(endpointKey('GET', '/api/users/5f0c1e7a-1b2c-4d5e-8f90-123456789abc')).toBe('GET /api/users/:id');
  });
});

describe('logError', () => {
  it('skips quiet errors', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logError('like toggle', new RateLimitError());
    expect(spy).not.toHaveBeenCalled();
    logError('like toggle', new Error('boom'));
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
