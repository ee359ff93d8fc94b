import { describe, expect, it } from 'vitest';
import { PoolClosedError, SlotPool } from './slot-pool.ts';

describe('SlotPool', () => {
  it('hands out free slots, then queues first-in-first-out with positions', async () => {
    const pool = new SlotPool(['a', 'b']);
    expect(await pool.acquire()).toBe('a');
    expect(await pool.acquire()).toBe('b');
    const pos: Record<string, number[]> = { c: [], d: [], e: [] };
    const c = pool.acquire({ onPosition: (p) => pos.c!.push(p) });
    const d = pool.acquire({ onPosition: (p) => pos.d!.push(p) });
    const e = pool.acquire({ onPosition: (p) => pos.e!.push(p) });
    expect(pool.waiting).toBe(3);
    pool.release('a');
    expect(await c).toBe('a');
    expect(pos).toEqual({ c: [1], d: [2, 1], e: [3, 2] });
    pool.release('b');
    expect(await d).toBe('b');
    expect(pos.e).toEqual([3, 2, 1]);
    pool.release('a');
    expect(await e).toBe('a');
    expect(pool.active).toBe(2);
  });

  it('does not let a newcomer jump the line when a slot frees', async () => {
    const pool = new SlotPool([1]);
    await pool.acquire();
    const waiting = pool.acquire();
    pool.release(1);
    // The slot already belongs to the waiter; a new request must queue behind nobody but still wait.
    const late = pool.acquire();
    expect(await waiting).toBe(1);
    expect(pool.waiting).toBe(1);
    pool.release(1);
    expect(await late).toBe(1);
  });

  it('removes an aborted waiter and moves the ones behind it up', async () => {
    const pool = new SlotPool(['x']);
    await pool.acquire();
    const ac = new AbortController();
    const positions: number[] = [];
    const first = pool.acquire({ signal: ac.signal });
    const second = pool.acquire({ onPosition: (p) => positions.push(p) });
    ac.abort(new Error('user left'));
    await expect(first).rejects.toThrow('user left');
    expect(positions).toEqual([2, 1]);
    pool.release('x');
    expect(await second).toBe('x');
  });

  it('rejects waiters when closed', async () => {
    const pool = new SlotPool(['x']);
    await pool.acquire();
    const w = pool.acquire();
    expect(pool.close()).toEqual([]);
    await expect(w).rejects.toBeInstanceOf(PoolClosedError);
    await expect(pool.acquire()).rejects.toBeInstanceOf(PoolClosedError);
  });
});
