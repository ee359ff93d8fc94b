import { describe, expect, it } from 'vitest';
import { createJobQueue, MemoryJobQueue } from './index.ts';
import { queueContract, record, waitFor } from './queue-contract.ts';

describe('in-process job queue', () => {
  queueContract(async () => new MemoryJobQueue('test'));

  it('is what the factory builds without REDIS_URL', () => {
    expect(createJobQueue('images', {}).kind).toBe('memory');
  });

  it('hands a job interrupted by a worker shutdown to the next worker instead of failing it', async () => {
    const q = new MemoryJobQueue<{ n: number }, { doubled: number }>('test');
    const completed = record(q, 'completed');
    const failed = record(q, 'failed');
    const first = q.process(
      (job) =>
        new Promise((_, reject) => {
          job.signal.addEventListener('abort', () => reject(new Error('shutting down')));
        }),
    );
    const job = await q.add('double', { n: 5 });
    await waitFor(async () => (await q.getJob(job.id))?.state === 'active');
    await first.close();
    expect((await q.getJob(job.id))?.state).toBe('waiting');
    q.process(async (j) => ({ doubled: j.data.n * 2 }));
    await waitFor(() => completed.length === 1);
    expect(failed).toEqual([]);
    await q.close();
  });

  it('forgets the oldest finished jobs beyond its limit', async () => {
    const q = new MemoryJobQueue<{ n: number }, number>('test', { keepFinished: 2 });
    q.process(async (j) => j.data.n);
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) ids.push((await q.add('x', { n })).id);
    await waitFor(async () => (await q.getJob(ids[2]!))?.state === 'completed');
    expect(await q.getJob(ids[0]!)).toBeUndefined();
    expect((await q.getJob(ids[1]!))?.returnValue).toBe(1);
    await q.close();
  });
});
