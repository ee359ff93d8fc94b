// A bounded pool with a strict first-in-first-out wait line: a freed slot goes to the oldest waiter, never to a
// newcomer, and every waiter learns its place in line (1 = next) whenever it changes.

export interface AcquireOptions {
  signal?: AbortSignal;
  onPosition?: (position: number) => void;
}

interface Waiter<T> {
  resolve: (item: T) => void;
  reject: (err: unknown) => void;
  onPosition?: (position: number) => void;
  detach: () => void;
}

export class PoolClosedError extends Error {
  constructor() {
    super('The pool is closed');
    this.name = 'PoolClosedError';
  }
}

export class SlotPool<T> {
  private readonly free: T[] = [];
  private readonly waiters: Waiter<T>[] = [];
  private closed = false;
  private inUse = 0;

  constructor(items: Iterable<T> = []) {
    for (const item of items) this.free.push(item);
  }

  get active(): number {
    return this.inUse;
  }
  get waiting(): number {
    return this.waiters.length;
  }

  /** Resolves with a slot; rejects with the signal's reason when aborted while waiting. */
  acquire({ signal, onPosition }: AcquireOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.waiters.length === 0 && this.free.length > 0) {
      this.inUse++;
      return Promise.resolve(this.free.shift() as T);
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          this.announceFrom(i);
        }
        reject(signal?.reason);
      };
      const waiter: Waiter<T> = {
        resolve,
        reject,
        onPosition,
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      onPosition?.(this.waiters.length);
    });
  }

  /** Returns a slot: handed straight to the oldest waiter when there is one. */
  release(item: T): void {
    this.inUse--;
    this.give(item);
  }

  /** Adds a new slot (e.g. a replacement for one that was discarded), without counting a release. */
  add(item: T): void {
    this.give(item);
  }

  /** Forgets a slot that is in use (it will not come back); `add` a replacement later if wanted. */
  forget(): void {
    this.inUse--;
  }

  /** Rejects all waiters and returns the idle slots so the owner can dispose of them. */
  close(): T[] {
    this.closed = true;
    for (const w of this.waiters.splice(0)) {
      w.detach();
      w.reject(new PoolClosedError());
    }
    return this.free.splice(0);
  }

  private give(item: T): void {
    if (this.closed) {
      this.free.push(item);
      return;
    }
    const next = this.waiters.shift();
    if (!next) {
      this.free.push(item);
      return;
    }
    next.detach();
    this.inUse++;
    next.resolve(item);
    this.announceFrom(0);
  }

  private announceFrom(index: number): void {
    for (let i = index; i < this.waiters.length; i++) this.waiters[i]!.onPosition?.(i + 1);
  }
}
