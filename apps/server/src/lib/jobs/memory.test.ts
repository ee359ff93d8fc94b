import { describe, expect, it } from 'vitest';
import { createJobQueue, MemoryJobQueue } from './index.ts';
import { queueContract, waitFor } from './test/queue-contract.ts';

describe('in-process job queue', () => {
  queueContract(async () => new MemoryJobQueue('test'));

  it('is what the factory builds without REDIS_URL', () => {
    expect(createJobQueue('images', {}).kind).toBe('memory');
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
