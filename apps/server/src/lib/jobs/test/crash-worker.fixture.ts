// A second "app instance" for bullmq.test.ts, run as its own process: it takes one job, says so on stdout, and
// then hangs until the test kills it with SIGKILL (a crash: no cleanup, the job's lock is never released).
import { BullJobQueue } from '../bullmq.ts';

const [redisUrl, prefix, name] = process.argv.slice(2) as [string, string, string];
const queue = new BullJobQueue<{ n: number }, { doubled: number; by: string }>(name, {
  redisUrl,
  prefix,
  lockDurationMs: 1_000,
  stalledIntervalMs: 500,
});
queue.process(async (job) => {
  await job.updateProgress(0.25);
  process.stdout.write(`took ${job.id}\n`);
  return new Promise(() => {});
});
process.stdout.write('ready\n');
