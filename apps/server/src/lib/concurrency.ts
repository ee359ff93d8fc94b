// At most `n` of some work at once; the rest waits its turn in the order it came. For work that holds memory or a
// thread while it runs (decoding and scaling a picture holds the file and its pixels), so a burst of requests queues
// as small promises instead of all of it running together.

/** Runs `task`s with at most `n` of them under way; each answers what its task answers (or throws what it throws). */
export function limitConcurrency(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(n) || n < 1) throw new Error(`concurrency must be a whole number of at least 1, not ${n}`);
  let running = 0;
  const waiting: Array<() => void> = [];
  // A finished task hands its place to the first in line, or gives it back.
  const release = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else running--;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < n) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
