// Refunds in the ledger (issue #32): a chat reply that fails or is withheld gives its coins back automatically, and
// the coins page (GET /api/coins/info) names each charge and shows its refund linked to it (`refundOf`).
import type { ChatSession, CoinMovement } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFile, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';

describe('refunds beside their charges', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let characterId: string;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    // No free messages: every reply is paid in coins (2 each), so every refund is a ledger row.
    const file = await catalogFile('refunds', { chatMessage: 2, dailyFreeMessages: 0 });
    t = await createTestApp({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: peer.baseUrl,
      LLM_MODEL: 'peer-model',
      LLM_RETRIES: '0',
      BILLING_CATALOG_FILE: file,
    });
    const owner = await buildUser(t);
    characterId = (await buildCharacter(t, owner, { name: 'Ledger Person' })).id;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (u: BuiltUser, what: 'message' | 'regenerate' | 'continue', payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/chat/${characterId}/${what}`, headers: u.auth, payload });
  const movements = async (u: BuiltUser) =>
    ((await t.app.inject({ url: '/api/coins/info', headers: u.auth })).json() as { movements: CoinMovement[] }).movements;
  const session = async (u: BuiltUser) => (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;

  it('refunds a failed reply, a withheld one and a failed regenerate, each row naming the charge it gives back', async () => {
    const u = await buildUser(t, { coins: 20 });
    peer.behave({ kind: 'reply', parts: ['Fine.'] });
    expect((await post(u, 'message', { content: 'Hello.' })).statusCode).toBe(200);
    const conversationId = (await session(u)).conversation.id;

    peer.behave({ kind: 'http-error', status: 500, message: 'boom' });
    expect((await post(u, 'message', { content: 'Still there?' })).statusCode).toBe(502);
    peer.behave({ kind: 'reply', parts: ['She is', ' only 12', ' years old', ' and we have', ' sex', ' tonight.'] });
    const withheld = await post(u, 'message', { content: 'Tell me a story.' });
    expect(withheld.json()).toMatchObject({ reply: { status: 'blocked' } });
    peer.behave({ kind: 'http-error', status: 500, message: 'boom' });
    expect((await post(u, 'regenerate', { conversationId })).statusCode).toBe(502);

    // 4 replies charged 2 each, 3 of them given back: 2 coins spent.
    expect((await session(u)).cost.balance).toBe(18);
    const list = await movements(u);
    const byId = new Map(list.map((m) => [m.id, m]));
    const refunds = list.filter((m) => m.reason === 'allowance_refund');
    expect(refunds.map((r) => r.label)).toEqual([
      'Refund: the regenerated reply failed or was withheld',
      'Refund: the chat reply failed or was withheld',
      'Refund: the chat reply failed or was withheld',
    ]);
    for (const r of refunds) {
      const charge = byId.get(r.refundOf!);
      expect(charge).toMatchObject({ delta: -r.delta });
    }
    expect(byId.get(refunds[0]!.refundOf!)!.label).toBe('Regenerated reply');
    expect(list.filter((m) => m.label === 'Chat message beyond the free allowance')).toHaveLength(3);
    // Charges are not refunds: they link to nothing.
    expect(list.filter((m) => m.delta < 0).every((m) => m.refundOf === null)).toBe(true);
  });

  it('names a continue as such, and a refund never links to another user’s charge', async () => {
    const u = await buildUser(t, { coins: 10 });
    peer.behave({ kind: 'reply', parts: ['Once upon a time'] });
    expect((await post(u, 'message', { content: 'A story?' })).statusCode).toBe(200);
    const conversationId = (await session(u)).conversation.id;
    peer.behave({ kind: 'reply', parts: [' there was a ship.'] });
    expect((await post(u, 'continue', { conversationId })).statusCode).toBe(200);
    const list = await movements(u);
    expect(list.map((m) => m.label)).toEqual(['Continued reply', 'Chat message beyond the free allowance', expect.any(String)]);
    const other = await movements(await buildUser(t, { coins: 3 }));
    expect(other.every((m) => m.refundOf === null)).toBe(true);
  });
});
