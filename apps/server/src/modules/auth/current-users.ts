// The signed-in users' own rows, kept in this process for `GET /api/auth/me` (#45): the app asks for it on every
// page, and a database round trip was four fifths of that request's CPU.
//
// Kept true by the database, not by the code that writes: a trigger on `users` (migration 0038) announces every
// changed or deleted row with NOTIFY on USERS_CHANGED_CHANNEL at commit, whichever module or process wrote it, and
// every process listens (Database.listen). A row changed while it was being read is not kept. While the listening
// connection is down nothing is kept and every read goes to the database; what was kept is dropped when it comes
// back. An entry also ends after ENTRY_TTL_MS, a safety net only.
//
// Only for showing a user their own account: code that decides on the row (coins before a spend, a role check)
// reads it in its transaction, as before.
import type { UserRow } from '../users/users.repo.ts';

export const USERS_CHANGED_CHANNEL = 'reverie_users_changed';
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface Loading {
  promise: Promise<UserRow | undefined>;
  /** Set when the row changed while it was read: the answer goes to its callers but is not kept. */
  stale: boolean;
}

export class CurrentUsers {
  private readonly rows = new Map<string, { row: UserRow; at: number }>();
  private readonly loading = new Map<string, Loading>();
  private live = false;

  constructor(
    private readonly load: (id: string) => Promise<UserRow | undefined>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The user's row: from this process while it is known to be current, otherwise from the database. */
  get(id: string): Promise<UserRow | undefined> {
    const hit = this.rows.get(id);
    if (hit && this.now() - hit.at < ENTRY_TTL_MS) return Promise.resolve(hit.row);
    if (!this.live) return this.load(id);
    const pending = this.loading.get(id);
    if (pending) return pending.promise;
    const entry: Loading = { promise: this.read(id), stale: false };
    this.loading.set(id, entry);
    return entry.promise;
  }

  private async read(id: string): Promise<UserRow | undefined> {
    try {
      const row = await this.load(id);
      const entry = this.loading.get(id);
      if (row && this.live && entry && !entry.stale) this.keep(id, row);
      return row;
    } finally {
      this.loading.delete(id);
    }
  }

  private keep(id: string, row: UserRow) {
    if (this.rows.size >= MAX_ENTRIES) this.rows.delete(this.rows.keys().next().value!);
    this.rows.set(id, { row, at: this.now() });
  }

  /** A notification: this row changed or went away. */
  changed(id: string): void {
    this.rows.delete(id);
    const pending = this.loading.get(id);
    if (pending) pending.stale = true;
  }

  /** The listening connection is up (true) or down (false): either way, what was kept may be out of date. */
  listening(live: boolean): void {
    this.live = live;
    this.rows.clear();
    for (const pending of this.loading.values()) pending.stale = true;
  }
}
