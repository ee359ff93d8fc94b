// Two characters' conversations of one reader, written straight into a fresh data directory (no model needed), for the
// journeys that read chats as a person finds them (long-chat, chat-opening). The server then starts on that directory.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';

export type SeedDb = Awaited<ReturnType<typeof openDatabase>>['db'];

export interface SeededChats {
  dataDir: string;
  /** The two characters (Mira Vale, Oren Thorne). */
  mira: string;
  oren: string;
}

/**
 * A verified, onboarded reader (`email`, `password`) with one conversation with each of two characters; `fill` writes
 * their messages (`conversations.mira`, `conversations.oren`).
 */
export async function seedTwoChats(
  tag: string,
  account: { email: string; password: string },
  fill: (db: SeedDb, conversations: { mira: string; oren: string }) => Promise<void>,
): Promise<SeededChats> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `reverie-${tag}-`));
  const database = await openDatabase({ kind: 'embedded', dataDir, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const db = database.db;
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
    const { email, password } = account;
    const [user] = await rows<{ id: string }>(sql`insert into users (username, email, password_hash, email_verified_at, preferences)
      values (${email.split('@')[0]}, ${email}, ${await hashPassword(password)}, now(),
        ${JSON.stringify({ selectedTags: ['fantasy'], completedOnboarding: true, nsfwEnabled: false })}::jsonb) returning id`);
    const [maker] = await rows<{ id: string }>(
      sql`insert into users (username, email) values (${`${tag}_maker`}, ${`${tag}_maker@example.com`}) returning id`,
    );
    const character = async (name: string) =>
      (
        await rows<{ id: string }>(sql`insert into characters (creator_id, name, tagline, greeting, visibility)
          values (${maker!.id}, ${name}, 'A talker', 'Hello there.', 'public') returning id`)
      )[0]!.id;
    const conversation = async (characterId: string) =>
      (
        await rows<{ id: string }>(sql`insert into conversations (user_id, character_id) values (${user!.id}, ${characterId}) returning id`)
      )[0]!.id;
    const mira = await character('Mira Vale');
    const oren = await character('Oren Thorne');
    await fill(db, { mira: await conversation(mira), oren: await conversation(oren) });
    return { dataDir, mira, oren };
  } finally {
    await database.close();
  }
}
