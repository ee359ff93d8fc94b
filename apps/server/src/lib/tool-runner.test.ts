import { afterAll, describe, expect, it } from 'vitest';
import { ToolRunner } from './tool-runner.ts';

const runner = new ToolRunner();
afterAll(() => runner.close());
const job = { timeoutMs: 5_000, maxStdout: 1024 * 1024 };

describe('the tool runner (tools started from a helper process)', () => {
  it('hands back what a tool wrote, its exit code, and what it was given on stdin', async () => {
    const r = await runner.run('sh', ['-c', 'cat; echo oops >&2; exit 3'], { ...job, input: Buffer.from('héllo') });
    expect(r).toMatchObject({ code: 3, stderr: 'oops\n', timedOut: false, tooLarge: false });
    expect(r.stdout.toString('utf8')).toBe('héllo');
  });

  it('kills a tool that runs too long or writes too much, and says why', async () => {
    expect(await runner.run('sleep', ['5'], { ...job, timeoutMs: 100 })).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    const big = await runner.run('head', ['-c', '100000', '/dev/zero'], { ...job, maxStdout: 1000 });
    expect(big.tooLarge).toBe(true);
  });

  it('reports a tool that is not installed, and starts a new helper after the old one is gone', async () => {
    expect((await runner.run('no-such-tool-here', [], job)).error).toMatch(/ENOENT/);
    runner.close();
    expect((await runner.run('echo', ['again'], job)).stdout.toString()).toBe('again\n');
  });

  it('runs jobs side by side', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => runner.run('echo', [String(i)], job)));
    expect(results.map((r) => r.stdout.toString().trim())).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });
});
