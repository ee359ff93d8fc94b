// "Is this session still signed in?" on every authenticated request, cheaply: an in-process answer lives at most
// SESSION_STATUS_TTL_MS; behind it, Redis (when configured) holds each session's state for every server process;
// behind that, one indexed lookup. A revocation writes "revoked" to both caches at once, so this process refuses
// the session immediately and every other process within SESSION_STATUS_TTL_MS.
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-tokens.ts';

export const SESSION_STATUS_TTL_MS = 1000;
/** How long Redis remembers an active session before asking the database again. */
const REDIS_ACTIVE_TTL_S = 60;
const MAX_LOCAL_ENTRIES = 50_000;

export class SessionStatusCache {
  private readonly local = new Map<string, { active: boolean; at: number }>();

  constructor(
    private readonly lookup: (familyId: string) => Promise<boolean>,
    private readonly shared: { redis: Redis; prefix: string; log: FastifyBaseLogger } | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async isActive(familyId: string): Promise<boolean> {
    const known = this.known(familyId);
    if (known !== undefined) return known;
    const active = (await this.fromRedis(familyId)) ?? (await this.fromDatabase(familyId));
    this.remember(familyId, active);
    return active;
  }

  /** This process's answer while it is fresh; undefined when it would take a lookup. */
  private known(familyId: string): boolean | undefined {
    const hit = this.local.get(familyId);
    return hit && this.now() - hit.at < SESSION_STATUS_TTL_MS ? hit.active : undefined;
  }

  async revoked(familyIds: string[]): Promise<void> {
    if (familyIds.length === 0) return;
    for (const id of familyIds) this.remember(id, false);
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
      // NX: a revocation written meanwhile by another process must not be overwritten by this older answer.
      await this.shared.redis.set(this.key(familyId), active ? '1' : '0', 'EX', REDIS_ACTIVE_TTL_S, 'NX').catch(() => undefined);
    }
    return active;
  }

  private remember(familyId: string, active: boolean) {
    if (this.local.size >= MAX_LOCAL_ENTRIES) {
      const cutoff = this.now() - SESSION_STATUS_TTL_MS;
      for (const [k, v] of this.local) if (v.at < cutoff) this.local.delete(k);
      if (this.local.size >= MAX_LOCAL_ENTRIES) this.local.clear();
    }
    this.local.set(familyId, { active, at: this.now() });
  }

  private key(familyId: string) {
    return `${this.shared!.prefix}sess:${familyId}`;
  }
}
