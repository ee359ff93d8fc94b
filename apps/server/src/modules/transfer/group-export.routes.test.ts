// A group chat in the account's data export: the file is named after the group and each reply after its speaker.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';

let t: TestApp;
let peer: OpenAiPeer;
beforeAll(async () => {
  peer = await startOpenAiPeer();
  t = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('exporting a group chat', () => {
  it('names the chat file after the group and labels each reply with the member who wrote it', async () => {
    const u = await buildUser(t, { coins: 20 });
    const alice = await buildCharacter(t, u, { name: 'Alice Moreau', description: 'Alice keeps the lighthouse.' });
    const bob = await buildCharacter(t, u, { name: 'Bob', description: 'Bob mends nets.' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: u.auth,
      payload: { name: 'Harbour crew', characterIds: [alice.id, bob.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = (created.json() as { group: { id: string } }).group.id;
    peer.behave({ kind: 'reply', parts: ['The lamp is lit.'] });
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/groups/${groupId}/speak`,
      headers: u.auth,
      payload: { characterId: alice.id },
    });
    expect(first.statusCode, first.body).toBe(200);
    peer.behave({ kind: 'reply', parts: ['Nets first.'] });
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/groups/${groupId}/speak`,
      headers: u.auth,
      payload: { characterId: bob.id },
    });
    expect(second.statusCode, second.body).toBe(200);

    const res = await t.app.inject({ url: '/api/transfer/everything', headers: u.auth });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(res.rawPayload);
    const chat = Object.keys(files).find((f) => f.startsWith('chats/'));
    expect(chat).toMatch(/^chats\/harbour-crew-\d{4}-\d{2}-\d{2}\.jsonl$/);
    const lines = Buffer.from(files[chat!]!)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { character_name?: string; name?: string; mes?: string });
    expect(lines[0]!.character_name).toBe('Harbour crew');
    const said = lines.slice(1).map((l) => [l.name, l.mes]);
    expect(said).toEqual(
      expect.arrayContaining([
        ['Alice Moreau', 'The lamp is lit.'],
        ['Bob', 'Nets first.'],
      ]),
    );
  });
});
