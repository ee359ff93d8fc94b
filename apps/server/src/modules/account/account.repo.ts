// Account data: export rows, what an export reads from other modules' tables (the ledger, invoices, pictures), and
// the erasure of a deleted account, which touches most tables at once (one transaction, run by the service).
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eraseCharacters } from './erase-characters.repo.ts';
import {
  accountExports,
  characters,
  coinLedger,
  conversations,
  personas,
  emailTokens,
  favorites,
  follows,
  imageJobs,
  images,
  invoices,
  memoryJournal,
  notificationDigests,
  notifications,
  refreshTokens,
  speechSettings,
  subscriptions,
  users,
} from '../../db/schema/index.ts';

export type AccountExportRow = typeof accountExports.$inferSelect;
/** An export's row (its zip is in media storage, at `fileKey`). */
export type AccountExportInfo = AccountExportRow;
export type PublicCharactersChoice = 'delete' | 'anonymise';

const info = {
  id: accountExports.id,
  userId: accountExports.userId,
  status: accountExports.status,
  sizeBytes: accountExports.sizeBytes,
  error: accountExports.error,
  createdAt: accountExports.createdAt,
  readyAt: accountExports.readyAt,
  expiresAt: accountExports.expiresAt,
  fileKey: accountExports.fileKey,
};

/** Files of erased rows, removed from storage once the erasure has committed. */
export interface ErasedFiles {
  keys: string[];
  urls: string[];
}

export class AccountRepo {
  constructor(private readonly db: DbOrTx) {}

  // ---- exports ----

  /** A new pending export, or undefined when one is already being prepared (the partial unique index). */
  async insertPending(userId: string): Promise<AccountExportInfo | undefined> {
    const [row] = await this.db.insert(accountExports).values({ userId }).onConflictDoNothing().returning(info);
    return row;
  }

  async exportInfo(id: string): Promise<AccountExportInfo | undefined> {
    const [row] = await this.db.select(info).from(accountExports).where(eq(accountExports.id, id));
    return row;
  }

  exportsOf(userId: string, limit: number): Promise<AccountExportInfo[]> {
    return this.db
      .select(info)
      .from(accountExports)
      .where(eq(accountExports.userId, userId))
      .orderBy(desc(accountExports.createdAt))
      .limit(limit);
  }

  /** Only a pending export becomes ready (a job run twice does not overwrite). */
  async markReady(id: string, fileKey: string, sizeBytes: number, expiresAt: Date): Promise<boolean> {
    const rows = await this.db
      .update(accountExports)
      .set({ status: 'ready', fileKey, sizeBytes, readyAt: new Date(), expiresAt })
      .where(and(eq(accountExports.id, id), eq(accountExports.status, 'pending')))
      .returning({ id: accountExports.id });
    return rows.length > 0;
  }

  async markFailed(id: string, error: string): Promise<boolean> {
    const rows = await this.db
      .update(accountExports)
      .set({ status: 'failed', error })
      .where(and(eq(accountExports.id, id), eq(accountExports.status, 'pending')))
      .returning({ id: accountExports.id });
    return rows.length > 0;
  }

  /**
   * The sweep: expired exports lose their file (the row stays, so the list can say "expired"; the keys returned are
   * removed from storage by the service), and an export still pending long after it was asked for (its job lost with a
   * restarted process) is failed so a new one can be asked.
   */
  async sweepExports(now: Date, staleBefore: Date): Promise<{ expired: string[]; stale: number }> {
    const old = this.db.$with('old').as(
      this.db
        .select({ id: accountExports.id, fileKey: accountExports.fileKey })
        .from(accountExports)
        .where(and(isNotNull(accountExports.fileKey), lte(accountExports.expiresAt, now))),
    );
    const expired = await this.db
      .with(old)
      .update(accountExports)
      .set({ fileKey: null })
      .from(old)
      .where(eq(accountExports.id, old.id))
      .returning({ fileKey: old.fileKey });
    const stale = await this.db
      .update(accountExports)
      .set({ status: 'failed', error: 'The export took too long and was stopped. Please ask for a new one.' })
      .where(and(eq(accountExports.status, 'pending'), lt(accountExports.createdAt, staleBefore)))
      .returning({ id: accountExports.id });
    return { expired: expired.flatMap((e) => (e.fileKey ? [e.fileKey] : [])), stale: stale.length };
  }

  // ---- what an export reads ----

  ledgerOf(userId: string) {
    return this.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.createdAt));
  }

  invoicesOf(userId: string) {
    return this.db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.createdAt));
  }

  subscriptionsOf(userId: string) {
    return this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt));
  }

  picturesOf(userId: string) {
    return this.db
      .select({
        id: images.id,
        prompt: images.prompt,
        negativePrompt: images.negativePrompt,
        characterId: images.characterId,
        source: images.source,
        visibility: images.visibility,
        nsfw: images.nsfw,
        width: images.width,
        height: images.height,
        fileKey: images.fileKey,
        createdAt: images.createdAt,
      })
      .from(images)
      .where(and(eq(images.ownerId, userId), eq(images.status, 'ready')))
      .orderBy(asc(images.createdAt));
  }

  async followingOf(userId: string): Promise<Array<{ username: string; since: Date }>> {
    return this.db
      .select({ username: users.username, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.followerId, userId))
      .orderBy(asc(follows.createdAt));
  }

  // ---- deletion ----

  /** A membership that would renew (active or past due, not set to end): deleting must not leave it billing. */
  async hasRenewingMembership(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          sql`${subscriptions.endedAt} is null`,
          inArray(subscriptions.status, ['active', 'past_due']),
          eq(subscriptions.cancelAtPeriodEnd, false),
        ),
      )
      .limit(1);
    return !!row;
  }

  async schedule(userId: string, dueAt: Date, choice: PublicCharactersChoice): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ deletionDueAt: dueAt, deletionPublicCharacters: choice, updatedAt: new Date() })
      .where(and(eq(users.id, userId), sql`${users.erasedAt} is null`))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Cancels a scheduled deletion that has not run yet. */
  async unschedule(userId: string): Promise<{ username: string } | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ deletionDueAt: null, deletionPublicCharacters: null, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNotNull(users.deletionDueAt), sql`${users.erasedAt} is null`))
      .returning({ username: users.username });
    return row;
  }

  async dueForErasure(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(lte(users.deletionDueAt, now), sql`${users.erasedAt} is null`))
      .orderBy(asc(users.deletionDueAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * Erases one account whose deletion is due (locks its row; a second sweep finds nothing to do). Personal rows go;
   * public characters follow the owner's choice; the user row stays with no personal data, so the coin ledger,
   * invoices and memberships keep an (anonymous) account for accounting. Returns the files to remove, or undefined
   * when the account is no longer due (undone meanwhile, or already erased).
   */
  async erase(userId: string, now: Date): Promise<ErasedFiles | undefined> {
    const [row] = await this.db
      .select({ choice: users.deletionPublicCharacters, avatarUrl: users.avatarUrl, bannerUrl: users.bannerUrl })
      .from(users)
      .where(and(eq(users.id, userId), lte(users.deletionDueAt, now), sql`${users.erasedAt} is null`))
      .for('update');
    if (!row) return undefined;
    const files: ErasedFiles = { keys: [], urls: [row.avatarUrl ?? '', row.bannerUrl ?? ''].filter(Boolean) };

    const pictures = await this.db
      .delete(images)
      .where(eq(images.ownerId, userId))
      .returning({ fileKey: images.fileKey, thumbKey: images.thumbKey });
    for (const p of pictures) files.keys.push(...[p.fileKey, p.thumbKey].filter((k): k is string => !!k));
    await this.db.delete(imageJobs).where(eq(imageJobs.ownerId, userId));
    await this.db.delete(conversations).where(eq(conversations.userId, userId));
    // The journal of memories (its group memories went with the conversations; its character memories go here).
    await this.db.delete(memoryJournal).where(eq(memoryJournal.userId, userId));
    const personaRows = await this.db.delete(personas).where(eq(personas.userId, userId)).returning({ avatarUrl: personas.avatarUrl });
    for (const p of personaRows) if (p.avatarUrl) files.urls.push(p.avatarUrl);

    // Private and unlisted characters always go; public ones too when the owner chose so.
    const doomed = and(eq(characters.creatorId, userId), row.choice === 'anonymise' ? ne(characters.visibility, 'public') : undefined);
    // Characters others still have conversations or groups with become tombstones (erase-characters.repo.ts).
    files.urls.push(...(await eraseCharacters(this.db, userId, doomed, now)));

    await this.db.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
    await this.db.delete(favorites).where(eq(favorites.userId, userId));
    await this.db.delete(notifications).where(eq(notifications.userId, userId));
    await this.db.delete(notificationDigests).where(eq(notificationDigests.userId, userId));
    await this.db.delete(speechSettings).where(eq(speechSettings.userId, userId));
    await this.db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await this.db.delete(emailTokens).where(eq(emailTokens.userId, userId));
    const exportRows = await this.db
      .delete(accountExports)
      .where(eq(accountExports.userId, userId))
      .returning({ fileKey: accountExports.fileKey });
    for (const e of exportRows) if (e.fileKey) files.keys.push(e.fileKey);

    const tag = userId.replace(/-/g, '').slice(0, 12);
    await this.db
      .update(users)
      .set({
        username: `deleted-${tag}`,
        email: `deleted-${userId}@deleted.invalid`,
        passwordHash: null,
        googleSub: null,
        avatarUrl: null,
        bannerUrl: null,
        bio: null,
        role: 'user',
        preferences: { selectedTags: [], completedOnboarding: false, nsfwEnabled: false },
        settings: { emailNotifications: false, showNsfwByDefault: false, language: 'en' },
        emailVerifiedAt: null,
        deletionDueAt: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    return files;
  }
}
