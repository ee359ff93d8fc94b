// bench:memory's recall quality (bench/memory.ts): a long conversation where the user mentions 50 facts once each
// among small talk, then 50 questions about them in other words. recall@5: the share of questions whose fact is
// among the 5 passages the app's RecallService returns (the context window, the newest 40 messages, excluded).
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { MemoryJobQueue } from '../apps/server/src/lib/jobs/index.ts';
import type { Embedder } from '../apps/server/src/providers/embeddings/index.ts';
import { MemoryIndexer, type IndexJob } from '../apps/server/src/modules/memory/indexer.service.ts';
import { RecallService } from '../apps/server/src/modules/memory/recall.service.ts';
import { bytesToVector, dot } from '../apps/server/src/modules/memory/vector.ts';
import { freshConversation, memoryUow, prng, rowsOf, type Seeded, vectorIndexOf } from './memory-seed.ts';
import { WINDOW } from './memory-recall.ts';
import { WORD_CANDIDATES } from '../apps/server/src/modules/memory/recall-read.repo.ts';

/** [what the user said once, what they ask much later] */
export const FACTS: [string, string][] = [
  ['My sister Clara moved to Lisbon last spring to teach piano.', 'Where did my sibling relocate to, the one who gives music lessons?'],
  ['I am allergic to peanuts, so I always check the labels twice.', 'Which food would make me ill if I ate it?'],
  [
    'Our old dog Biscuit was a beagle who howled at the mailman every morning.',
    'What breed was the family pet that barked at the postman?',
  ],
  ['I broke my left wrist skateboarding when I was twelve.', 'Which bone did I fracture as a kid, and doing what?'],
  ['My favourite film is Spirited Away; I have watched it maybe thirty times.', 'Which movie do I love rewatching most?'],
  ['I work night shifts as a nurse at the children’s hospital.', 'What is my job, and at what hours?'],
  ['I am learning Japanese with an app on the train every morning.', 'Which language am I studying during my commute?'],
  ['My grandmother’s recipe for plum dumplings is the only thing I can really cook.', 'What dish from my granny do I know how to make?'],
  ['I ran my first marathon in Berlin in four hours and ten minutes.', 'How long did that long race in Germany take me?'],
  ['I am terrified of deep water ever since I nearly drowned at a lake camp.', 'Why am I scared of swimming far from the shore?'],
  ['My best friend Tomas owns a tiny bakery that sells cardamom buns.', 'What does my closest pal’s shop make?'],
  ['I drive a rusty green 1998 Volvo that I refuse to replace.', 'What kind of car do I have?'],
  ['I was born in Galway, on the west coast of Ireland.', 'Which town do I originally come from?'],
  ['My birthday is the ninth of November.', 'On what date should you wish me many happy returns?'],
  ['I play bass guitar in a cover band called The Late Trains.', 'What instrument do I play with my group?'],
  ['I have been vegetarian for about six years now.', 'Do I eat steak or chicken?'],
  ['My cat Miso sleeps on my keyboard whenever I try to work.', 'Which pet keeps lying on my computer?'],
  ['I studied marine biology but ended up in accounting.', 'What was my university degree in?'],
  ['I am saving money for a trip to Iceland to see the northern lights.', 'What holiday am I putting cash aside for?'],
  ['My dad was a lighthouse keeper on a small island in Norway.', 'What did my father do for a living?'],
  ['I collect vintage fountain pens, I own about forty of them.', 'What old writing tools do I gather as a hobby?'],
  ['I cannot stand the taste of coriander, it tastes like soap to me.', 'Which herb do I hate?'],
  ['I have a scar above my right eyebrow from a hockey puck.', 'How did I get the mark on my face?'],
  ['My partner Sam proposed to me on a ferry to Skye.', 'Where did I get engaged?'],
  ['I am afraid of spiders, even the little ones in the bath.', 'Which creepy crawlies frighten me?'],
  ['I grew up with four older brothers in a very loud house.', 'How many siblings did I have as a child?'],
  ['I volunteer at an animal shelter every Saturday morning.', 'What do I do at weekends to help out?'],
  ['My first job was selling ice cream on the beach in Brighton.', 'What did I do for work when I was young?'],
  ['I am colour blind, I mix up red and green all the time.', 'Is there anything wrong with my eyesight?'],
  ['My favourite book is The Count of Monte Cristo.', 'Which novel do I like best?'],
  ['I moved into a flat above a flower shop in March.', 'Where is my new home?'],
  ['I keep bees in the back garden, three hives so far.', 'What insects do I look after?'],
  ['I once met the Dalai Lama at an airport in Delhi.', 'Which famous spiritual leader did I run into while travelling?'],
  ['I am left-handed and my school tried to make me write with the other hand.', 'Which hand do I hold a pen with?'],
  ['My mother teaches chemistry at a secondary school.', 'What subject does my mum teach?'],
  ['I get terrible migraines when the weather changes.', 'What gives me bad headaches?'],
  ['I have been sober for three years now and I am proud of it.', 'How long since I last had alcohol?'],
  ['My little brother is getting married in Vienna in August.', 'Whose wedding is coming up this summer?'],
  ['I sing in a church choir even though I am not religious.', 'Where do I perform with other singers?'],
  ['I lost my grandfather’s watch on a train to Edinburgh.', 'What family heirloom did I misplace while travelling?'],
  ['I am building a wooden canoe in my garage.', 'What boat am I making by hand?'],
  ['My favourite season is autumn because of the smell of wet leaves.', 'Which time of year do I like most?'],
  ['I speak fluent Portuguese from growing up near Porto.', 'Which foreign language do I know well?'],
  ['I hate flying and always take the train if I can.', 'How do I prefer to travel, and why not by plane?'],
  ['I have a tattoo of a swallow on my shoulder.', 'What ink do I have on my body?'],
  ['My favourite drink is cold brew coffee with oat milk.', 'What do I like to order at a café?'],
  ['I failed my driving test three times before I passed.', 'How many attempts did it take me to get my licence?'],
  ['My neighbour plays the trumpet at midnight and it drives me mad.', 'Who keeps me awake with loud music?'],
  ['I won a regional chess tournament when I was fifteen.', 'What competition did I win as a teenager?'],
  ['I want to open a small bookshop with a cafe one day.', 'What is my dream business?'],
];

const SMALL_TALK = [
  'That sounds lovely.',
  'Tell me more about your day.',
  'Honestly I am a bit tired today.',
  'Ha, that made me laugh.',
  'What are you up to this evening?',
  'I keep thinking about what you said earlier.',
  'The weather has been strange lately.',
  'Do you ever just want to stay in bed all day?',
  'I made some tea and sat by the window.',
  'You always know what to say.',
  'Work was busy but fine.',
  'I should really go to sleep earlier.',
  'Let us talk about something fun.',
  'I am not sure, what do you think?',
  'That is a good point.',
  'I watched the rain for a while.',
  'Sometimes I miss the old days.',
  'Anyway, how are you feeling?',
  'I went for a short walk around the block.',
  'It was a quiet afternoon.',
  'I like talking to you like this.',
  'Maybe tomorrow will be better.',
  'I had leftovers for dinner again.',
  'Nothing much happened really.',
  'The neighbours were noisy again last night.',
  'Good morning, sleepy head.',
  'I cannot believe it is already Thursday.',
  'That story was wonderful, go on.',
  'I laughed so hard at that.',
  'Let me think about it for a moment.',
];

/** Small talk, with the facts said once each by the user, spread evenly before the context window. */
async function plant(database: Database, s: Seeded, filler: number): Promise<{ conversationId: string; factIds: string[] }> {
  const conversationId = await freshConversation(database, s, 0);
  const rand = prng(50);
  const total = filler + FACTS.length;
  const every = Math.floor((total - WINDOW - 10) / FACTS.length);
  const rows: { role: string; content: string; fact?: number }[] = [];
  for (let i = 0, f = 0; i < total; i++) {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    if (role === 'user' && f < FACTS.length && Math.floor(i / every) > f) rows.push({ role, content: FACTS[f]![0], fact: f++ });
    else rows.push({ role, content: [0, 1].map(() => SMALL_TALK[Math.floor(rand() * SMALL_TALK.length)]).join(' ') });
  }
  const factIds: string[] = [];
  for (const r of rows) {
    const [row] = rowsOf<{ id: string }>(
      await database.db.execute(sql`insert into chat_messages (conversation_id, role, content, swipes, created_at)
        values (${conversationId}, ${r.role}, ${r.content}, '{}'::text[], now() - ${rows.length} * interval '1 minute')
        returning id`),
    );
    if (r.fact !== undefined) factIds[r.fact] = row!.id;
  }
  if (factIds.length !== FACTS.length) throw new Error(`planted ${factIds.length} of ${FACTS.length} facts`);
  return { conversationId, factIds };
}

export interface Quality {
  embedder: string;
  hits: number;
  questions: number;
  recallAt5: number;
  indexSeconds: number;
  /**
   * Of each question's 5 nearest messages by exact cosine, the share among the 512 / 256 nearest by signs, and (with
   * pgvector) among the 20 its HNSW index returns for recall.
   */
  shortlist?: { at512: number; at256: number; hnsw?: number };
}

const signOf = (x: number) => (x > 0 ? 1 : x < 0 ? -1 : 0);

/**
 * How close recall's coarse pass (recall.service.ts: the vectors ranked by their signs, the best 512 scored in full)
 * stays to exact cosine for this embedder's vectors: for each question, its 5 nearest messages outside the window by
 * exact cosine, and how many of them are among the nearest 512 and 256 by sign agreement (what the coarse pass's SQL
 * computes from the stored signs, here from the stored vectors themselves); with pgvector, how many are among the 20
 * its HNSW index returns (MemoryVectorsRepo.nearest, as recall asks).
 */
async function shortlistKeeps(database: Database, conversationId: string, excluded: string[], embedder: Embedder) {
  const model = embedder.info().model;
  const { iterative, enabled } = await vectorIndexOf(database);
  const rows = rowsOf<{ message_id: string; vector: Uint8Array }>(
    await database.db.execute(sql`select message_id, vector from chat_message_embeddings
      where conversation_id = ${conversationId} and model = ${model}`),
  ).filter((r) => !excluded.includes(r.message_id));
  const stored = rows.map((r) => bytesToVector(r.vector));
  const signs = stored.map((v) => Int8Array.from(v, signOf));
  const kept = { at512: 0, at256: 0, hnsw: 0 };
  const queries = await embedder.embed(
    FACTS.map(([, question]) => question),
    'query',
  );
  for (const q of queries) {
    const qs = Int8Array.from(q, signOf);
    const exact = stored.map((v, i) => [dot(q, v), i] as const).sort((a, b) => b[0] - a[0]);
    // As the SQL: the agreement of the signs over the root of the stored vector's non-zero ones (vector.ts signMasks).
    const agreement = (s: Int8Array) =>
      s.reduce((acc, x, d) => acc + x * qs[d]!, 0) / Math.sqrt(s.reduce((n, x) => n + (x ? 1 : 0), 0) || 1);
    const coarse = signs.map((s, i) => [agreement(s), i] as const).sort((a, b) => b[0] - a[0]);
    const nearest = exact.slice(0, 5).map(([, i]) => i);
    const rankOf = new Map(coarse.map(([, i], rank) => [i, rank]));
    kept.at512 += nearest.filter((i) => rankOf.get(i)! < 512).length;
    kept.at256 += nearest.filter((i) => rankOf.get(i)! < 256).length;
    if (!enabled) continue;
    const found = await memoryUow(database).repos.memoryVectors.nearest({
      conversationId,
      model,
      query: q,
      excluded,
      limit: WORD_CANDIDATES,
      iterative,
    });
    const ids = new Set('rows' in found ? found.rows.map((r) => r.id) : []);
    kept.hnsw += nearest.filter((i) => ids.has(rows[i]!.message_id)).length;
  }
  const share = (n: number) => n / (queries.length * 5);
  return { at512: share(kept.at512), at256: share(kept.at256), ...(enabled ? { hnsw: share(kept.hnsw) } : {}) };
}

export async function benchQuality(database: Database, s: Seeded, filler: number, embedders: Embedder[]): Promise<Quality[]> {
  const { conversationId, factIds } = await plant(database, s, filler);
  const uow = memoryUow(database);
  const excluded = rowsOf<{ id: string }>(
    await database.db.execute(
      sql`select id from chat_messages where conversation_id = ${conversationId} order by seq desc limit ${WINDOW}`,
    ),
  ).map((r) => r.id);
  const out: Quality[] = [];
  for (const embedder of embedders) {
    const queue = new MemoryJobQueue<IndexJob, unknown>('memory-index');
    const indexer = new MemoryIndexer({
      uow,
      embedder,
      vectorIndex: await vectorIndexOf(database),
      queue,
      log: { warn: () => {}, error: () => {} },
    });
    const t = performance.now();
    await indexer.indexConversation(conversationId);
    const indexSeconds = (performance.now() - t) / 1000;
    // With pgvector, as the backfill schedule does: the HNSW index of a new vector size (a real model's) is built.
    while ((await indexer.copyToPgvector()) > 0);
    await queue.close();
    const recall = new RecallService({ uow, embedder, vectorIndex: await vectorIndexOf(database), log: { warn: () => {} } });
    let hits = 0;
    for (const [i, [, question]] of FACTS.entries()) {
      const got = await recall.recall({
        conversationId,
        text: question,
        excluded,
        limit: 5,
        tokenBudget: 100_000,
        countTokens: (x) => Math.ceil(x.length / 4),
      });
      if (got.some((p) => p.messageId === factIds[i])) hits += 1;
    }
    const off = embedder.info().state === 'off';
    const name = off ? 'words only' : `words + ${embedder.info().model}`;
    const shortlist = off ? undefined : await shortlistKeeps(database, conversationId, excluded, embedder);
    out.push({ embedder: name, hits, questions: FACTS.length, recallAt5: hits / FACTS.length, indexSeconds, shortlist });
  }
  return out;
}
