// Notifications: written once per event (likes folded per character while unread), read and cleared by their owner,
// pushed to the owner's open tabs through the bus. Event sources call the fire-and-forget methods after their own
// transaction has committed; `notify` is the general entry point (image jobs, moderation decisions).
import type { Notification, NotificationKind, NotificationStreamEvent } from '@reverie/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { ownerPolicy } from '../../lib/access.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { BusListener, NotificationBus } from './notifications.bus.ts';
import { toNotification } from './notifications.mapper.ts';
import type { NotificationData, NotificationRow, NotificationsRepo } from './notifications.repo.ts';

/**
 * What a notification says comes from `kind` and `data` (notifications.text.ts lists the fields each kind reads);
 * `groupKey` folds further events into the unread row with that key, `dedupeKey` makes a key count once per user.
 */
export interface NotificationInput {
  kind: NotificationKind;
  data?: NotificationData;
  /** An app path (`/characters/…`); never an outside address. */
  link?: string | null;
  imageUrl?: string | null;
  groupKey?: string;
  dedupeKey?: string;
}

type Repos = { notifications: NotificationsRepo; users: UsersRepo; characters: CharactersRepo };

const notificationPolicy = ownerPolicy<NotificationRow>({ what: 'Notification', ownerId: (n) => n.userId });
const FANOUT_BATCH = 500;

export class NotificationsService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<Repos>;
      bus: NotificationBus;
      background: BackgroundTasks;
      log: Pick<FastifyBaseLogger, 'warn'>;
      /** A notification was written (or took in another event): Web Push sends it on when its kind pushes. */
      written?: (row: NotificationRow) => Promise<unknown>;
    },
  ) {}

  private get repos() {
    return this.deps.uow.repos;
  }

  /** Writes one notification and pushes it to the user's open tabs. Undefined when its dedupe key was already used. */
  async notify(userId: string, input: NotificationInput): Promise<Notification | undefined> {
    if (input.link && !input.link.startsWith('/')) throw new Error('notification links are app paths');
    const row = await this.repos.notifications.add(userId, { ...input, data: input.data ?? {} });
    if (!row) return undefined;
    const notification = toNotification(row);
    await this.push(userId, { type: 'notification', notification, unreadCount: await this.repos.notifications.unreadCount(userId) });
    const written = this.deps.written;
    if (written) this.deps.background.run('push-notification', async () => void (await written(row)));
    return notification;
  }

  /**
   * notify, after the reply: inside a transaction, once it has committed (nothing is announced for a rollback).
   * Failures are logged, never thrown at the caller.
   */
  notifyLater(userId: string, input: NotificationInput): void {
    this.deps.uow.afterCommit(() => this.deps.background.run('notify', async () => void (await this.notify(userId, input))));
  }

  /** A new follower (called once the follow row exists; a repeated follow is not an event). */
  followed(followerId: string, followeeId: string): void {
    this.deps.background.run('notify-follower', async () => {
      const follower = await this.repos.users.findById(followerId);
      if (!follower || follower.suspendedAt) return;
      await this.notify(followeeId, {
        kind: 'follower',
        data: { followerId, followerName: follower.username },
        link: `/creators/${followerId}`,
        imageUrl: follower.avatarUrl,
      });
    });
  }

  /** A like on someone's character, folded into one unread notification per character ("Aria got 12 new likes"). */
  liked(likerId: string, characterId: string): void {
    this.deps.background.run('notify-like', async () => {
      const c = await this.repos.characters.findById(characterId);
      if (!c || c.deletedAt || c.creatorId === likerId) return;
      await this.notify(c.creatorId, {
        kind: 'likes',
        data: { characterId, characterName: c.name },
        link: `/characters/${characterId}`,
        imageUrl: c.thumbnailUrl ?? c.avatarUrl,
        groupKey: `likes:${characterId}`,
      });
    });
  }

  /**
   * Everyone following `creatorId` hears about a new public character (once per character, however often this is
   * called). Returns how many were notified. For the character-creation flow to call after it commits.
   */
  async notifyFollowersOfNewCharacter(creatorId: string, characterId: string): Promise<number> {
    const { characters, notifications } = this.repos;
    const c = await characters.findById(characterId);
    if (!c || c.creatorId !== creatorId || c.deletedAt || c.visibility !== 'public') return 0;
    const rows = await notifications.addForFollowers(creatorId, {
      kind: 'new_character',
      data: { creatorId, creatorName: c.creatorUsername, characterId, characterName: c.name, tagline: c.tagline.slice(0, 140) },
      link: `/characters/${characterId}`,
      imageUrl: c.thumbnailUrl ?? c.avatarUrl,
      dedupeKey: `new_character:${characterId}`,
    });
    for (let i = 0; i < rows.length; i += FANOUT_BATCH) {
      const batch = rows.slice(i, i + FANOUT_BATCH);
      await Promise.all(
        batch.map(async (row) =>
          this.push(row.userId, {
            type: 'notification',
            notification: toNotification(row),
            unreadCount: await notifications.unreadCount(row.userId),
          }),
        ),
      );
    }
    return rows.length;
  }

  async list(actor: Actor, q: { unreadOnly: boolean; page: number; limit: number }) {
    const { rows, total } = await this.repos.notifications.page(actor.userId, {
      unreadOnly: q.unreadOnly,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return {
      items: rows.map(toNotification),
      page: q.page,
      limit: q.limit,
      total,
      hasMore: (q.page - 1) * q.limit + rows.length < total,
      unreadCount: await this.unreadCount(actor.userId),
    };
  }

  unreadCount(userId: string): Promise<number> {
    return this.repos.notifications.unreadCount(userId);
  }

  /** Only the owner: another user's id answers 404, like a missing one. Staff get no way into other people's notices. */
  private async own(actor: Actor, id: string): Promise<NotificationRow> {
    return notificationPolicy.assert({ userId: actor.userId, role: 'user' }, await this.repos.notifications.find(id), 'write');
  }

  async markRead(actor: Actor, id: string) {
    await this.own(actor, id);
    const row = (await this.repos.notifications.markRead(id))!;
    const unreadCount = await this.unreadCount(actor.userId);
    await this.push(actor.userId, { type: 'read', ids: [id], unreadCount });
    return { notification: toNotification(row), unreadCount };
  }

  /**
   * The thing a notification asked for was done (this month's coins were claimed): it is marked read and its text
   * says so. Nothing happens when there is no such notification.
   */
  async resolve(userId: string, dedupeKey: string, patch: NotificationData): Promise<void> {
    const row = await this.repos.notifications.resolve(userId, dedupeKey, patch);
    if (!row) return;
    await this.push(userId, { type: 'read', ids: [row.id], unreadCount: await this.unreadCount(userId) });
  }

  async markAllRead(actor: Actor) {
    const ids = await this.repos.notifications.markAllRead(actor.userId);
    const unreadCount = await this.unreadCount(actor.userId);
    if (ids.length) await this.push(actor.userId, { type: 'read', ids: [], unreadCount });
    return { updated: ids.length, unreadCount };
  }

  async remove(actor: Actor, id: string) {
    await this.own(actor, id);
    await this.repos.notifications.softDelete(id);
    const unreadCount = await this.unreadCount(actor.userId);
    await this.push(actor.userId, { type: 'deleted', id, unreadCount });
    return { success: true, unreadCount };
  }

  /** Listens to one user's events (an open stream); returns the unsubscribe function. */
  subscribe(userId: string, listener: BusListener): () => void {
    return this.deps.bus.subscribe(userId, listener);
  }

  /** Closes every open stream of the user in every process (the account was suspended). */
  endStreams(userId: string): Promise<void> {
    return this.deps.bus.publish({ userId, end: true });
  }

  private async push(userId: string, event: NotificationStreamEvent): Promise<void> {
    try {
      await this.deps.bus.publish({ userId, event });
    } catch (err) {
      this.deps.log.warn({ err }, 'could not push a notification event; the bell catches up on its next load');
    }
  }
}
