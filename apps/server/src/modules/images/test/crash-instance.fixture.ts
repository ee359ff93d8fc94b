// A second server instance for images.queue.test.ts, run as its own process: the whole app on the test's PostgreSQL
// database, Redis and data folder, working the image queue with short locks. The test kills it with SIGKILL while it
// holds a job (a crash: no clean-up, the job's lock is never released).
import { composeApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { BullJobQueue } from '../../../lib/jobs/index.ts';
import type { ImageJobData } from '../jobs.service.ts';

const config = loadConfig(process.env);
const queue = new BullJobQueue<ImageJobData, unknown>('image-generation', {
  redisUrl: config.redisUrl!,
  prefix: `${config.redisPrefix}bull`,
  lockDurationMs: 1_000,
  stalledIntervalMs: 500,
  maxStalledCount: Number(process.env.TEST_MAX_STALLED ?? '2'),
});
await queue.ready();
await composeApp(config, { imageQueue: queue });
process.stdout.write('ready\n');
