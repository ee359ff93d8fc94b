// "Is this session still signed in?" on every authenticated request, cheaply. This process keeps each answer; behind
// it, Redis (when configured) holds each session's state for every server process; behind that, one indexed lookup.
//
// How long an answer stands depends on whether this process hears the database's announcements: a trigger on
// `refresh_tokens` (migration 0041) announces a session whose token was revoked, re-dated or deleted with NOTIFY on
// SESSIONS_CHANGED_CHANNEL at commit, whichever module or process wrote it, and every process listens
// (Database.listen). While it listens, an answer stands LISTENING_TTL_MS (a session that merely runs out of time is
// seen within it, as Redis's answer is); an announced session is asked of the database again, not of Redis. While the
// listening connection is down, an answer stands SESSION_STATUS_TTL_MS, so another process's revocation is seen
// within a second. A revocation made here is refused here at once, and written to Redis for the others.
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-tokens.ts';

export const SESSIONS_CHANGED_CHANNEL = 'reverie_sessions_changed';
export const SESSION_STATUS_TTL_MS = 1000;
/** How long an answer stands while this process hears every change: as long as Redis keeps one. */
export const LISTENING_TTL_MS = 60_000;
/** How long Redis remembers an active session before asking the database again. */
const REDIS_ACTIVE_TTL_S = 60;
const MAX_LOCAL_ENTRIES = 50_000;

interface Lookup {
  promise: Promise<boolean>;
  /** Set when the session changed while it was looked up: the answer goes to its callers but is not kept. */
  stale: boolean;
}

export class SessionStatusCache {
  private readonly local = new Map<string, { active: boolean; at: number }>();
  private readonly pending = new Map<string, Lookup>();
  /** Sessions announced since their last lookup: the next answer comes from the database (Redis may be behind). */
  private readonly announced = new Set<string>();
  private live = false;

  constructor(
    private readonly lookup: (familyId: string) => Promise<boolean>,
    private readonly shared: { redis: Redis; prefix: string; log: FastifyBaseLogger } | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  isActive(familyId: string): Promise<boolean> {
    const known = this.known(familyId);
    if (known !== undefined) return Promise.resolve(known);
    const pending = this.pending.get(familyId);
    if (pending) return pending.promise;
    const lookup: Lookup = { promise: Promise.resolve(false), stale: false };
    lookup.promise = this.lookUp(familyId, lookup).finally(() => this.pending.delete(familyId));
    this.pending.set(familyId, lookup);
    return lookup.promise;
  }

  /** A notification: this session's tokens were revoked, re-dated or deleted. */
  changed(familyId: string): void {
    this.local.delete(familyId);
    const pending = this.pending.get(familyId);
    if (pending) pending.stale = true;
    if (!this.shared) return;
    if (this.announced.size >= MAX_LOCAL_ENTRIES) this.announced.clear();
    this.announced.add(familyId);
  }

  /** The listening connection is up (true) or down (false): either way, what was kept may be out of date. */
  listening(live: boolean): void {
    this.live = live;
    this.local.clear();
    for (const pending of this.pending.values()) pending.stale = true;
  }

  private async lookUp(familyId: string, lookup: Lookup): Promise<boolean> {
    const fromDatabase = this.announced.delete(familyId);
    const active = (fromDatabase ? undefined : await this.fromRedis(familyId)) ?? (await this.fromDatabase(familyId));
    if (!lookup.stale) this.remember(familyId, active);
    return active;
  }

  private get ttl(): number {
    return this.live ? LISTENING_TTL_MS : SESSION_STATUS_TTL_MS;
  }

  /** This process's answer while it is fresh; undefined when it would take a lookup. */
  private known(familyId: string): boolean | undefined {
    const hit = this.local.get(familyId);
    return hit && this.now() - hit.at < this.ttl ? hit.active : undefined;
  }

  async revoked(familyIds: string[]): Promise<void> {
    if (familyIds.length === 0) return;
    for (const id of familyIds) {
      this.remember(id, false);
      const pending = this.pending.get(id);
      if (pending) pending.stale = true;
    }
    if (!this.shared) return;
    try {
      const multi = this.shared.redis.multi();
      // Kept as long as any access token of the session can live.
      for (const id of familyIds) multi.set(this.key(id), '0', 'EX', ACCESS_TOKEN_TTL_SECONDS + 60);
      await multi.exec();
    } catch (err) {
      this.shared.log.warn({ err }, 'could not share a session revocation through redis; other processes see it from the database');
    }
  }

  private async fromRedis(familyId: string): Promise<boolean | undefined> {
    if (!this.shared) return undefined;
    try {
      const v = await this.shared.redis.get(this.key(familyId));
      return v === null ? undefined : v === '1';
    } catch {
      return undefined;
    }
  }

  private async fromDatabase(familyId: string): Promise<boolean> {
    const active = await this.lookup(familyId);
    if (this.shared) {
      // "Active": NX, a revocation written meanwhile by another process must not be overwritten by this older answer.
      // "Revoked" is final (a session is never signed in again), so it replaces whatever Redis held.
      const key = this.key(familyId);
      const write = active
        ? this.shared.redis.set(key, '1', 'EX', REDIS_ACTIVE_TTL_S, 'NX')
        : this.shared.redis.set(key, '0', 'EX', ACCESS_TOKEN_TTL_SECONDS + 60);
      await write.catch(() => undefined);
    }
    return active;
  }

  private remember(familyId: string, active: boolean) {
    if (this.local.size >= MAX_LOCAL_ENTRIES) {
      const cutoff = this.now() - this.ttl;
      for (const [k, v] of this.local) if (v.at < cutoff) this.local.delete(k);
      if (this.local.size >= MAX_LOCAL_ENTRIES) this.local.clear();
    }
    this.local.set(familyId, { active, at: this.now() });
  }

  private key(familyId: string) {
    return `${this.shared!.prefix}sess:${familyId}`;
  }
}
