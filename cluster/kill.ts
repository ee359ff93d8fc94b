// kill -9 of process B while likes, a coin purchase and a chat reply are under way: nothing acknowledged is lost,
// nothing is charged twice, nginx keeps serving from A, the user's reply slot that B held frees within its lease, and
// A saves the words B had streamed as an incomplete reply.
import { randomBytes } from 'node:crypto';
import { api } from '@reverie/shared';
import { expect } from 'vitest';
import { balance, buyCoins, createCharacter, signUp, type Person } from './actors.ts';
import type { Cluster } from './cluster.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Likes every character in turn through nginx, retrying what fails as a client would; counts what it saw. */
async function likeAll(c: Cluster, p: Person, characterIds: string[], log: { failed: string[]; servedAfterKill: number; killed: boolean }) {
  for (const id of characterIds) {
    for (let attempt = 1; ; attempt++) {
      const answer = await p.client.call(c.proxy, api.characters.like, { params: { id }, token: p.token }).catch((err: Error) => err);
      if (!(answer instanceof Error) && answer.status === 200) {
        if (log.killed) log.servedAfterKill++;
        break;
      }
      log.failed.push(answer instanceof Error ? answer.message : `${answer.status} ${answer.text.slice(0, 80)}`);
      if (attempt >= 10) throw new Error(`like ${id} failed ${attempt} times: ${log.failed.slice(-3).join(' | ')}`);
      await sleep(100);
    }
    await sleep(40);
  }
}

export async function killMidTraffic(c: Cluster): Promise<void> {
  const creator = await signUp(c.proxy, 'keeper');
  const characters = [];
  for (let i = 0; i < 8; i++) characters.push(await createCharacter(creator, c.proxy, `Keeper ${i} ${Date.now().toString(36)}`));
  const ids = characters.map((x) => x.id);
  const workers = await Promise.all(Array.from({ length: 8 }, () => signUp(c.proxy, 'worker')));
  const buyer = await signUp(c.proxy, 'buyer');
  const talker = await signUp(c.proxy, 'talker');
  await buyCoins(talker, c.proxy, 5);
  // An account whose session B created just before it dies.
  const late = await signUp(c.direct.b, 'late');

  // A reply being written on B when it dies: its stream ends for the talker, and it holds the talker's only reply
  // slot (CHAT_IN_FLIGHT_PER_USER=1) as a lease B stops renewing.
  c.llm.behave({ kind: 'endless', everyMs: 100 });
  const reply = await talker.client.stream(c.direct.b, api.chat.send, {
    params: { characterId: ids[0]! },
    body: { content: 'Tell me a long story.' },
    token: talker.token,
  });
  await reply.next((e) => e.event === 'token');
  // Long enough for B to save the words so far (CHAT_PROGRESS_MS=500 in the cluster).
  await sleep(1200);

  const log = { failed: [] as string[], servedAfterKill: 0, killed: false };
  const traffic = Promise.all(workers.map((w) => likeAll(c, w, ids, log)));

  // A coin purchase sent to B as it dies; the client retries it through nginx with the same Idempotency-Key.
  const coinsBefore = await balance(buyer, c.proxy);
  const key = `kill-${randomBytes(6).toString('hex')}`;
  const purchase = buyer.client.call(c.direct.b, api.billing.addCoins, {
    body: { amount: 7 },
    token: buyer.token,
    headers: { 'idempotency-key': key },
  });
  purchase.catch(() => {});
  await sleep(150);
  process.kill(-c.b.child.pid!, 'SIGKILL');
  log.killed = true;
  await reply.ended;

  for (let attempt = 1; ; attempt++) {
    const retried = await buyer.client.call(c.proxy, api.billing.addCoins, {
      body: { amount: 7 },
      token: buyer.token,
      headers: { 'idempotency-key': key },
    });
    if (retried.status === 200) break;
    if (attempt >= 10) throw new Error(`the coin purchase retried through nginx failed: ${retried.status} ${retried.text}`);
    await sleep(200);
  }
  await traffic;
  c.llm.behave({ kind: 'reply', parts: ['Once', ' upon', ' a', ' time.'] });

  // The talker's slot, held by dead B, frees within its lease (10 s): a message through nginx answers 200 within
  // 30 s (polled every 500 ms; the refusals before it are 429 and extend nothing).
  const killedAt = Date.now();
  let freedAfterMs: number | undefined;
  const refusals: number[] = [];
  while (Date.now() - killedAt < 30_000) {
    const sent = await talker.client.call(c.proxy, api.chat.send, {
      params: { characterId: ids[0]! },
      body: { content: 'Are you still there?' },
      token: talker.token,
    });
    if (sent.status === 200) {
      freedAfterMs = Date.now() - killedAt;
      break;
    }
    refusals.push(sent.status);
    await sleep(500);
  }
  expect(freedAfterMs, `the reply slot B held was still taken 30 s after the kill (answers: ${refusals.join(', ')})`).toBeDefined();
  expect(new Set(refusals)).toEqual(new Set(refusals.length ? [429] : []));
  console.log(`kill -9 of B: the talker's reply slot was free ${freedAfterMs} ms after the kill (${refusals.length} refusals before)`);

  // A recovered the reply B was writing: the words B had streamed, saved as an incomplete reply.
  await expect
    .poll(
      async () =>
        (
          await c.query<{ status: string; content: string }>(
            `select m.status, m.content from chat_messages m join conversations v on v.id = m.conversation_id
             where v.user_id = $1 and m.role = 'assistant' and m.status = 'incomplete'`,
            [talker.id],
          )
        ).length,
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(1);

  // The survivor serves: the traffic finished, partly after the kill, and the proxy's health answers.
  expect(log.servedAfterKill).toBeGreaterThan(0);
  const probe = await buyer.client.call(c.proxy, api.health.check);
  expect(probe.status).toBe(200);
  console.log(
    `kill -9 of B: ${log.servedAfterKill} likes answered after it, ${log.failed.length} failed in flight and were retried` +
      (log.failed.length ? ` (${log.failed.slice(0, 3).join(' | ')})` : ''),
  );

  // Nothing acknowledged was lost: every like counted, once.
  const counts = await c.query<{ id: string; likes: number; rows: number }>(
    'select c.id, c.likes_count::int as likes, (select count(*)::int from character_likes l where l.character_id = c.id) as rows from characters c where c.id = any($1)',
    [ids],
  );
  expect(counts.map((r) => [r.likes, r.rows])).toEqual(ids.map(() => [workers.length, workers.length]));
  // The session B made works on A.
  expect((await late.client.call(c.proxy, api.auth.me, { token: late.token })).status).toBe(200);

  // No double charge: the purchase B may or may not have finished counts once.
  expect(await balance(buyer, c.proxy)).toBe(coinsBefore + 7);
  const [ledger] = await c.query<{ n: number }>('select count(*)::int as n from coin_ledger where idempotency_key like $1', [`%${key}%`]);
  expect(ledger!.n).toBe(1);
}
