import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'coins' | 'createdAt'>>;

const lower = (s: string) => s.trim().toLowerCase();

/** The only place that reads or writes the users table (coins excepted: see LedgerService). */
export class UsersRepo {
  constructor(private readonly db: Db) {}

  async findById(id: string, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id));
    return row;
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

  async create(values: NewUser, tx: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row!;
  }

  async update(id: string, patch: UserPatch, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }
}

/** Postgres unique violations on users map to a message a person understands. */
export function uniqueViolationField(err: unknown): 'email' | 'username' | undefined {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const rec = e as { code?: string; constraint?: string; message?: string };
  if (rec?.code !== '23505') return undefined;
  const where = `${rec.constraint ?? ''} ${rec.message ?? ''}`;
  if (where.includes('email')) return 'email';
  if (where.includes('username')) return 'username';
  return undefined;
}
