import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

export type { UserRow };
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'coins' | 'createdAt'>>;

const lower = (s: string) => s.trim().toLowerCase();

/** The users table (coins excepted: the billing ledger owns them). */
export class UsersRepo {
  constructor(private readonly db: DbOrTx) {}

  async findById(id: string): Promise<UserRow | undefined> {
    // Prepared once: read on hot paths (every chat message).
    const query = reusable(this.db, 'users_by_id', () =>
      this.db
        .select()
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(statementName('users_by_id')),
    );
    const [row] = await query.execute({ id });
    return row;
  }

  /** Just the username (what a chat prompt calls the person), prepared once. */
  async usernameOf(id: string): Promise<string | undefined> {
    const query = reusable(this.db, 'users_username', () =>
      this.db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(statementName('users_username')),
    );
    const [row] = await query.execute({ id });
    return row?.username;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${lower(email)}`);
    return row;
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${lower(username)}`);
    return row;
  }

  findByEmailOrUsername(value: string): Promise<UserRow | undefined> {
    return value.includes('@') ? this.findByEmail(value) : this.findByUsername(value);
  }

  async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.googleSub, sub));
    return row;
  }

  async create(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  /** Inserts accounts that do not exist yet (by id, username or e-mail); returns the ids inserted. Seeding only. */
  async insertMissing(values: NewUser[]): Promise<string[]> {
    if (values.length === 0) return [];
    const rows = await this.db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
    return rows.map((r) => r.id);
  }

  async existingIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async update(id: string, patch: UserPatch): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** ADMIN_EMAILS at start: verified accounts with these (lower-case) addresses become admins; returns how many changed. */
  async promoteToAdmin(emails: string[]): Promise<number> {
    if (emails.length === 0) return 0;
    const rows = await this.db
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(
        sql`lower(${users.email}) in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )}) and ${users.emailVerifiedAt} is not null and ${users.role} <> 'admin'`,
      )
      .returning({ id: users.id });
    return rows.length;
  }
}

/** Which unique column a Postgres unique violation on users hit, so the service can say it in words. */
export function uniqueViolationField(err: unknown): 'email' | 'username' | undefined {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const rec = e as { code?: string; constraint?: string; message?: string };
  if (rec?.code !== '23505') return undefined;
  const where = `${rec.constraint ?? ''} ${rec.message ?? ''}`;
  if (where.includes('email')) return 'email';
  if (where.includes('username')) return 'username';
  return undefined;
}
