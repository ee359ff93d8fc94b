// Messages written straight into a conversation, for tests, journeys and benchmarks of long chats and search in chats
// (no model, no charge): given texts, or `count` generated ones in one INSERT … SELECT generate_series.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { chatMessages, conversations } from '../schema/index.ts';

/**
 * Adds the texts in order (user and character taking turns, the user first) and returns their ids. In a group chat,
 * `speakers` names who writes each reply, in turn.
 */
export async function addChatMessages(db: DbOrTx, conversationId: string, texts: string[], speakers: string[] = []): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, content] of texts.entries()) {
    const user = i % 2 === 0;
    const speakerId = user || speakers.length === 0 ? null : speakers[Math.floor(i / 2) % speakers.length]!;
    const [row] = await db
      .insert(chatMessages)
      .values({ conversationId, role: user ? 'user' : 'assistant', content, swipes: user ? [] : [content], speakerId })
      .returning({ id: chatMessages.id });
    ids.push(row!.id);
  }
  await db.execute(sql`update ${conversations} set message_count = message_count + ${texts.length} where id = ${conversationId}`);
  return ids;
}

/**
 * `count` messages in one statement: "Message n: " and words drawn from `vocabulary` (seeded, so runs repeat),
 * a minute apart, ending now.
 */
export async function fillConversation(db: DbOrTx, conversationId: string, count: number, vocabulary: string[], wordsPerMessage = 14) {
  const vocab = sql.raw(`ARRAY[${vocabulary.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`);
  await db.execute(sql`insert into ${chatMessages} (conversation_id, role, content, swipes, created_at)
    select ${conversationId}::uuid, case when g % 2 = 1 then 'user' else 'assistant' end, x.t,
      case when g % 2 = 1 then '{}'::text[] else array[x.t] end, now() - (${count} - g) * interval '1 minute'
    from generate_series(1, ${count}) g
    cross join lateral (select 'Message ' || g || ': ' || (
      select string_agg((${vocab})[1 + floor(random() * ${vocabulary.length})::int], ' ') from generate_series(1, ${wordsPerMessage} + (g % 3) * 0)
    ) as t) x`);
  await db.execute(sql`update ${conversations} set message_count = message_count + ${count} where id = ${conversationId}`);
}
