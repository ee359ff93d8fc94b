// The list of background work: every job named once and owned by a module the app has; a web process starts none
// of it, a worker all of it; stopping ends the jobs first, then lets each module close what it holds.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.ts';
import type { AppModules } from './app.ts';
import { backgroundJobs, startModules, type JobOwner } from './jobs.ts';
import type { Job } from './lib/jobs/work.ts';

const log = { warn: () => {}, error: () => {} } as never;

describe('background jobs', () => {
  it('names every job once, each owned by a module of the app (or the mail provider)', async () => {
    const t = await createTestApp();
    try {
      // The seed art only with SEED_CONTENT (listed, not run: this app was built without it).
      const jobs = backgroundJobs(t.modules, { ...t.config, seedContent: true }, undefined);
      const names = jobs.map((j) => j.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual(
        expect.arrayContaining(['image-generation', 'account-export', 'reply-recovery', 'notification-sweep', 'seed-art']),
      );
      for (const j of jobs) expect(Object.keys(t.modules)).toContain(j.module);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('starts nothing in a web process and everything in a worker; stop ends the jobs, then the modules', async () => {
    const events: string[] = [];
    const jobs: Job<JobOwner>[] = [
      {
        kind: 'queue',
        name: 'q',
        module: 'images',
        queue: 'q',
        consumer: { start: () => void events.push('consume'), stop: async () => void events.push('consumer stopped') },
      },
      { kind: 'schedule', name: 's', module: 'account', everyMs: 60_000, atStart: true, handler: async () => void events.push('schedule') },
    ];
    const modules = {
      images: { stop: async () => void events.push('images closed') },
      account: { stop: async () => void events.push('account closed') },
    } as unknown as AppModules;
    const options = { redis: undefined, redisPrefix: 'rv:', log };

    const web = startModules(modules, jobs, { ...options, role: 'web' });
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual([]);
    await web.stop();
    expect(events).toEqual(['images closed', 'account closed']);

    events.length = 0;
    const worker = startModules(modules, jobs, { ...options, role: 'worker' });
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual(['consume', 'schedule']);
    await worker.stop();
    expect(events).toEqual(['consume', 'schedule', 'consumer stopped', 'images closed', 'account closed']);
  });
});
