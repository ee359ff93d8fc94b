// Long synchronous work written once as a generator that yields at natural pause points (between lines, fields,
// rules), then run either at once (`runToEnd`: the small inputs of every request) or in slices with the event loop
// given a turn between them (`runInTurns`: a whole imported chat, #47.4), with the same steps and the same answer.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Runs every step at once and returns the generator's result. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the steps in slices of about `sliceMs`, letting other callbacks (requests, timers) run between slices. */
export async function runInTurns<T>(steps: Generator<void, T>, sliceMs = 10): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart < sliceMs) continue;
    await nextTurn();
    sliceStart = performance.now();
  }
}
