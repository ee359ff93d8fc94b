import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './concurrency.ts';

/** A task that runs until its `finish` is called, counting how many run at once. */
function gate() {
  let now = 0;
  let most = 0;
  const started: string[] = [];
  const finishers = new Map<string, (fail?: boolean) => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve, reject) => {
      now++;
      most = Math.max(most, now);
      started.push(name);
      finishers.set(name, (fail) => {
        now--;
        if (fail) reject(new Error(`${name} failed`));
        else resolve(name);
      });
    });
  const tick = () => new Promise((r) => setImmediate(r));
  return { task, started, finish: (name: string, fail?: boolean) => finishers.get(name)!(fail), most: () => most, tick };
}

describe('limitConcurrency', () => {
  it('runs at most n tasks at once, the rest in the order they came, each answering its own result', async () => {
    const g = gate();
    const limited = limitConcurrency(2);
    const results = ['a', 'b', 'c', 'd', 'e'].map((n) => limited(g.task(n)));
    await g.tick();
    expect(g.started).toEqual(['a', 'b']);
    g.finish('b');
    await g.tick();
    expect(g.started).toEqual(['a', 'b', 'c']);
    g.finish('a');
    g.finish('c');
    await g.tick();
    expect(g.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    g.finish('d');
    g.finish('e');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(g.most()).toBe(2);
  });

  it('gives a failed task’s place to the next and passes the failure to its caller', async () => {
    const g = gate();
    const limited = limitConcurrency(1);
    const first = limited(g.task('a'));
    const second = limited(g.task('b'));
    await g.tick();
    g.finish('a', true);
    await expect(first).rejects.toThrow('a failed');
    await g.tick();
    expect(g.started).toEqual(['a', 'b']);
    g.finish('b');
    await expect(second).resolves.toBe('b');
    // The place came back: a new task starts at once.
    const third = limited(g.task('c'));
    await g.tick();
    expect(g.started).toEqual(['a', 'b', 'c']);
    g.finish('c');
    await expect(third).resolves.toBe('c');
    expect(g.most()).toBe(1);
  });

  it('refuses a limit that is not a whole number of at least 1', () => {
    expect(() => limitConcurrency(0)).toThrow(/at least 1/);
    expect(() => limitConcurrency(1.5)).toThrow(/at least 1/);
  });
});
