// Every piece of background work the server does, in one list: queue consumers, schedules, loops and start tasks,
// each with its owning module. A module's handler is one of its services; nothing else starts background work.
// Which processes run them: PROCESS_ROLE=all (the default) and worker run every one; web runs none (docs/deployment.md).
import type { FastifyBaseLogger } from 'fastify';
import type { AppModules } from './app.ts';
import type { Config } from './config.ts';
import { JobRunner, within, type Job } from './lib/jobs/work.ts';
import { localScheduleLock, RedisScheduleLock } from './lib/jobs/schedule.ts';
import type { Redis } from './lib/redis.ts';
import type { MailQueue } from './providers/mail/index.ts';

/** Who owns a job: a module, or the mail provider (its queue outlives every module that sends mail). */
export type JobOwner = keyof AppModules | 'mail';

/** How long stopping may take before the process goes on closing (main.ts exits after 10 s whatever happens). */
export const STOP_WITHIN_MS = 8_000;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function backgroundJobs(
  m: AppModules,
  config: Pick<Config, 'seedContent' | 'notifications' | 'chat'>,
  mail: MailQueue | undefined,
): Job<JobOwner>[] {
  const sweepMs = config.notifications.sweepMinutes * MINUTE;
  const sandbox = m.billing.services.payments.sandbox;
  const placement = m.characters.services.placement;
  const jobs: (Job<JobOwner> | false | undefined)[] = [
    // Pictures: the queue of image jobs; jobs a restart lost go back in line, and ones stuck far too long are ended
    // and refunded.
    { kind: 'queue', name: 'image-generation', module: 'images', queue: 'image-generation', consumer: m.images.services.workers },
    {
      kind: 'schedule',
      name: 'image-jobs-recovery',
      module: 'images',
      everyMs: 5 * MINUTE,
      atStart: true,
      handler: () => m.images.services.jobs.recover(),
    },
    // Memory (issue 41): the index of every message, after each save or edit; and what the queue missed (messages
    // written while the embedding model downloaded, everything again after the model changed), newest conversations first.
    { kind: 'queue', name: 'memory-index', module: 'memory', queue: 'memory-index', consumer: m.memory.services.indexer },
    {
      kind: 'schedule',
      name: 'memory-backfill',
      module: 'memory',
      everyMs: MINUTE,
      handler: () => m.memory.services.indexer.backfill(),
    },
    // The journal of memories: every MEMORY_JOURNAL_EVERY saved replies, the chat model writes up to 3 new facts.
    { kind: 'queue', name: 'memory-journal', module: 'memory', queue: 'memory-journal', consumer: m.memory.services.journal },
    // Data exports (zip files made from the account's records).
    { kind: 'queue', name: 'account-export', module: 'account', queue: 'account-export', consumer: m.account.services.exports },
    // Replies left half-written by a process that died (chat/recovery.ts keeps its own clock: 3 × CHAT_PROGRESS_MS).
    { kind: 'loop', name: 'reply-recovery', module: 'chat', everyMs: 3 * config.chat.progressMs, loop: m.chat.services.recovery },
    // Characters that write first where users allowed it, once their pause has run out (chat/first-messages.ts).
    {
      kind: 'schedule',
      name: 'first-messages',
      module: 'chat',
      everyMs: config.chat.firstMessagesEveryMs,
      handler: () => m.chat.services.firstMessages.runDue(),
    },
    // Mail: queued messages, their retries, and those other processes or a restart left (providers/mail/queue.ts).
    mail && { kind: 'loop', name: 'mail-delivery', module: 'mail', everyMs: MINUTE, loop: mail },
    // The sandbox card processor renews, ends and retries memberships on its own clock, like Stripe does.
    sandbox && { kind: 'schedule', name: 'sandbox-renewals', module: 'billing', everyMs: MINUTE, handler: () => sandbox.runDue() },
    // Web Push: one job per device for a notification that pushes (modules/notifications/push-delivery.ts).
    { kind: 'queue', name: 'push-delivery', module: 'notifications', queue: 'push-delivery', consumer: m.notifications.services.delivery },
    // Notification digests by mail and "monthly coins ready".
    {
      kind: 'schedule',
      name: 'notification-sweep',
      module: 'notifications',
      everyMs: sweepMs,
      handler: () => m.notifications.services.sweeps.run(),
    },
    // Retention (privacy policy): closed reports and queue items, closed tickets and removal requests after two
    // years; accounts whose deletion delay has passed are erased; expired data exports are dropped.
    {
      kind: 'schedule',
      name: 'moderation-retention',
      module: 'moderation',
      everyMs: sweepMs,
      handler: () => m.moderation.services.queue.purgeClosed(),
    },
    {
      kind: 'schedule',
      name: 'support-retention',
      module: 'support',
      everyMs: sweepMs,
      handler: () => m.support.services.support.purgeClosed(),
    },
    { kind: 'schedule', name: 'account-deletion', module: 'account', everyMs: sweepMs, handler: () => m.account.services.deletion.sweep() },
    { kind: 'schedule', name: 'export-expiry', module: 'account', everyMs: sweepMs, handler: () => m.account.services.exports.sweep() },
    // Portrait files where each character's visibility says (private ones only by signed link), at start and daily.
    { kind: 'schedule', name: 'portrait-placement', module: 'characters', everyMs: DAY, atStart: true, handler: () => placement.run() },
    // The catalogue's portraits, then its gallery pictures, render on the first start.
    config.seedContent && {
      kind: 'at-start',
      name: 'seed-art',
      module: 'characters',
      handler: async () => {
        await m.characters.services.seeder.renderArt();
        await m.images.services.seeder.run();
      },
    },
  ];
  return jobs.filter((j): j is Job<JobOwner> => !!j);
}

export interface StartedModules {
  /** Stops every module's jobs (each bounded by STOP_WITHIN_MS), then lets each module close what it holds. */
  stop(): Promise<void>;
}

/** Starts the jobs of every module this process's role runs; stop() ends them, then calls each module's stop(). */
export function startModules(
  modules: AppModules,
  jobs: readonly Job<JobOwner>[],
  o: {
    role: Config['processRole'];
    redis: Redis | undefined;
    redisPrefix: string;
    log: FastifyBaseLogger;
    /** False: schedules run at start only, never on their clock (test apps; AppOverrides.manualSchedules). */
    ticking?: boolean;
  },
): StartedModules {
  const lock = o.redis ? new RedisScheduleLock(o.redis, o.redisPrefix) : localScheduleLock;
  const owners = [...new Set(jobs.map((j) => j.module))];
  const runners =
    o.role === 'web'
      ? []
      : owners.map((owner) => ({
          owner,
          runner: new JobRunner(
            jobs.filter((j) => j.module === owner),
            { lock, log: o.log },
          ),
        }));
  for (const { runner } of runners) runner.start();
  return {
    async stop() {
      await Promise.all(
        runners.map(async ({ owner, runner }) => {
          if (!(await within(STOP_WITHIN_MS, runner.stop())))
            o.log.warn({ module: owner }, 'background work still running at shutdown; left to the queue');
        }),
      );
      for (const module of Object.values(modules) as { stop?: () => Promise<void> }[]) await module.stop?.();
    },
  };
}
