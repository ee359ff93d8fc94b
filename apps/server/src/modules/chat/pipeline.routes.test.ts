// One reply pipeline (#40.1): a one-to-one reply and a group reply are refused, priced, capped, refunded, checked by the
// policy (also when a banned phrase is split across stream chunks) and inspected the same way. One table of cases runs
// over both kinds of conversation, and each case's outcome must be the same for both.
import type { ChatReply, GroupSession } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { peerChatApp } from '../../../test/peer-app.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import type { OpenAiPeer, PeerBehaviour } from '../../../test/openai-peer.ts';

let t: TestApp;
let peer: OpenAiPeer;
let owner: BuiltUser;
let members: string[];

beforeAll(async () => {
  // One free message a day, then 2 coins a reply.
  ({ t, peer } = await peerChatApp('pipeline', { chatMessage: 2, dailyFreeMessages: 1 }));
  owner = await buildUser(t);
  members = [
    (await buildCharacter(t, owner, { name: 'Iris', description: 'Iris tends the lighthouse.' })).id,
    (await buildCharacter(t, owner, { name: 'Tomas', description: 'Tomas sails the ferry.' })).id,
  ];
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

/** Where a user sends a message in one kind of conversation. */
interface Kind {
  name: 'one-to-one' | 'group';
  /** A new conversation of this kind for the user; its message URL. */
  open(u: BuiltUser): Promise<string>;
}

const kinds: Kind[] = [
  { name: 'one-to-one', open: async () => `/api/chat/${members[0]}/message` },
  {
    name: 'group',
    open: async (u) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: u.auth,
        payload: { name: 'Harbour', characterIds: members },
      });
      expect(res.statusCode, res.body).toBe(201);
      return `/api/groups/${(res.json() as GroupSession).group.id}/message`;
    },
  },
];

const send = (u: BuiltUser, url: string, content: string, sse = false) =>
  t.app.inject({ method: 'POST', url, headers: { ...u.auth, ...(sse ? { accept: 'text/event-stream' } : {}) }, payload: { content } });
const balance = (u: BuiltUser) => t.modules.billing.services.ledger.balance(u.user.id);
const reply = (...parts: string[]): PeerBehaviour => ({ kind: 'reply', parts });

/** What a case observed: compared between the two kinds, so it holds only what must be the same. */
type Outcome = Record<string, unknown>;

interface Case {
  name: string;
  run(u: BuiltUser, url: string): Promise<Outcome>;
  /** What the product promises (checked on one kind; the other must equal it). */
  expected: Outcome;
}

const cases: Case[] = [
  {
    name: 'priced: the free message first, then 2 coins a reply, then 402 with the cost and the balance',
    async run(u, url) {
      peer.behave(reply('First.'));
      const free = await send(u, url, 'Hello');
      const afterFree = await balance(u);
      peer.behave(reply('Second.'));
      const paid = await send(u, url, 'Again');
      const afterPaid = await balance(u);
      const short = await send(u, url, 'Once more');
      return {
        free: free.statusCode,
        afterFree,
        paid: paid.statusCode,
        afterPaid,
        short: short.statusCode,
        details: short.json().error?.details,
      };
    },
    expected: { free: 200, afterFree: 3, paid: 200, afterPaid: 1, short: 402, details: { cost: 2, balance: 1 } },
  },
  {
    name: 'refused: a message the policy blocks is a 422 before the model is asked, and costs nothing',
    async run(u, url) {
      const asked = peer.requests.length;
      const res = await send(u, url, 'how to make a pipe bomb');
      return { status: res.statusCode, code: res.json().error.code, asked: peer.requests.length - asked, balance: await balance(u) };
    },
    expected: { status: 422, code: 'CONTENT_BLOCKED', asked: 0, balance: 3 },
  },
  {
    name: 'capped: a reply over the daily spending cap is a 402 SPENDING_CAP, and the cap is not passed',
    async run(u, url) {
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/coins/limits',
        headers: u.auth,
        payload: { daily: 2, monthly: null, confirmAbove: null },
      });
      expect(set.statusCode, set.body).toBe(200);
      peer.behave(reply('Free.'));
      await send(u, url, 'Hello');
      peer.behave(reply('Paid.'));
      const paid = await send(u, url, 'Again');
      const capped = await send(u, url, 'Once more');
      return { paid: paid.statusCode, capped: capped.statusCode, error: capped.json().error, balance: await balance(u) };
    },
    expected: {
      paid: 200,
      capped: 402,
      error: expect.objectContaining({ code: 'SPENDING_CAP', details: { cap: 2, spent: 2, period: 'day' } }),
      balance: 1,
    },
  },
  {
    name: 'refunded: the model server failing costs nothing, and says so',
    async run(u, url) {
      peer.behave(reply('Free.'));
      await send(u, url, 'Hello');
      peer.behave({ kind: 'http-error', status: 500, message: 'boom' });
      const failed = await send(u, url, 'Are you there?');
      return { status: failed.statusCode, code: failed.json().error.code, message: failed.json().message, balance: await balance(u) };
    },
    expected: { status: 502, code: 'UNAVAILABLE', message: expect.stringMatching(/^The model server had an internal error\./), balance: 3 },
  },
  {
    name: 'checked: a reply whose banned phrase is split across stream chunks is withheld and refunded',
    async run(u, url) {
      peer.behave(reply('Free.'));
      await send(u, url, 'Hello');
      peer.behave(reply('Here is how to make a pi', 'pe bomb: first you ...'));
      const res = await send(u, url, 'Tell me something', true);
      const done = /event: done\ndata: (.*)/.exec(res.body);
      const message = done ? (JSON.parse(done[1]!) as { message: ChatReply['reply'] }).message : undefined;
      return { status: res.statusCode, replyStatus: message?.status, leaked: res.body.includes('pe bomb'), balance: await balance(u) };
    },
    expected: { status: 200, replyStatus: 'blocked', leaked: false, balance: 3 },
  },
  {
    name: 'inspected: "Why this reply" answers the writer with the prompt as sent, and anyone else with 404',
    async run(u, url) {
      peer.behave(reply('Inspect me.'));
      const res = await send(u, url, 'What do you see?');
      const replyId = (res.json() as ChatReply).reply.id;
      await t.deps.background.drain(); // the inspection is written once the reply is saved
      const mine = await t.app.inject({ url: `/api/messages/${replyId}/inspection/prompt`, headers: u.auth });
      const sent = (peer.requests.at(-1)!.body as { messages: unknown[] }).messages;
      const other = await t.app.inject({ url: `/api/messages/${replyId}/inspection/prompt`, headers: (await buildUser(t)).auth });
      return { mine: mine.statusCode, same: JSON.stringify(mine.json().messages) === JSON.stringify(sent), other: other.statusCode };
    },
    expected: { mine: 200, same: true, other: 404 },
  },
];

describe('one reply pipeline: the same outcome for a one-to-one and a group reply', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const outcomes: Record<string, Outcome> = {};
    for (const kind of kinds) {
      const u = await buildUser(t, { coins: 3 });
      outcomes[kind.name] = await c.run(u, await kind.open(u));
    }
    expect(outcomes.group).toEqual(outcomes['one-to-one']);
    // And the outcome is the one the product promises (one kind is enough: they are equal).
    expect(outcomes['one-to-one']).toEqual(c.expected);
  });
});
