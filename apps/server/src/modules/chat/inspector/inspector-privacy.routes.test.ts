// The inspector's rebuilt prompt shows a viewer only what that viewer may see of a character (issue 47.1): all of it
// to its creator and for a downloadable public card; of another creator's character, what its page shows, with the
// hidden parts named and sized but not quoted; of a character made private since, nothing but that it is hidden. A
// group's prompt leaves out a member made private since, and so does the group reply's rebuild.
import type { ChatReply, GroupReply, GroupSession, RebuiltPrompt } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../test/openai-peer.ts';

const SECRETS = {
  systemPrompt: 'SECRET-SYSTEM always speaks in riddles.',
  postHistoryInstructions: 'SECRET-AFTER keep it short.',
  characterBook: { entries: [{ id: 1, name: 'Lamp', keys: ['lamp'], content: 'SECRET-LORE the lamp is cursed.', enabled: true }] },
};

async function secretive(t: TestApp, owner: BuiltUser, name: string, allowDownload = false): Promise<string> {
  const c = await buildCharacter(t, owner, { name, description: 'A lighthouse keeper.' });
  await t.deps.uow.repos.characters.update(c.id, { ...SECRETS, personality: 'PAGE-PERSONALITY calm.', allowDownload });
  return c.id;
}

const text = (p: RebuiltPrompt) => p.messages.map((m) => m.content).join('\n');

describe("the inspector's rebuilt prompt shows only what the viewer may see", () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let owner: BuiltUser;
  let alice: BuiltUser;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    peer.behave({ kind: 'reply', parts: ['The', ' sea', ' is', ' calm.'] });
    t = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' });
    owner = await buildUser(t);
    alice = await buildUser(t, { coins: 50 });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  async function send(u: BuiltUser, characterId: string, content: string): Promise<ChatReply> {
    const res = await t.app.inject({ method: 'POST', url: `/api/chat/${characterId}/message`, headers: u.auth, payload: { content } });
    expect(res.statusCode, res.body).toBe(200);
    await t.deps.background.drain();
    return res.json() as ChatReply;
  }
  async function rebuilt(u: BuiltUser, messageId: string): Promise<RebuiltPrompt> {
    const res = await t.app.inject({ url: `/api/messages/${messageId}/inspection/prompt`, headers: u.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RebuiltPrompt;
  }

  it("names another creator's hidden parts with their size and never quotes them; the creator sees all", async () => {
    const id = await secretive(t, owner, 'Mira Vale');
    const mine = await rebuilt(owner, (await send(owner, id, 'Where is the lamp?')).reply.id);
    expect(text(mine)).toContain('SECRET-SYSTEM');
    expect(text(mine)).toContain('SECRET-LORE');

    const theirs = await rebuilt(alice, (await send(alice, id, 'Where is the lamp?')).reply.id);
    const all = text(theirs);
    expect(all).not.toMatch(/SECRET-/);
    expect(all).toMatch(/\[hidden: the creator's instructions, \d+ tokens\]/);
    expect(all).toMatch(/\[hidden: the creator's post-history instructions, \d+ tokens\]/);
    expect(all).toMatch(/\[hidden: a lorebook entry of the creator's, \d+ tokens\]/);
    // What the page shows stays.
    expect(all).toContain('PAGE-PERSONALITY');
    expect(all).toContain('Mira Vale');
    expect(theirs.changes.join(' ')).toMatch(/named here, not quoted/);
  });

  it('shows all of a public character whose creator allows downloads (the card can be downloaded anyway)', async () => {
    const id = await secretive(t, owner, 'Open Book', true);
    const theirs = text(await rebuilt(alice, (await send(alice, id, 'The lamp?')).reply.id));
    expect(theirs).toContain('SECRET-SYSTEM');
    expect(theirs).toContain('SECRET-LORE');
  });

  it('shows nothing of a character its creator made private (and renamed) since', async () => {
    const id = await secretive(t, owner, 'Old Name', true);
    const reply = await send(alice, id, 'The lamp?');
    await t.deps.uow.repos.characters.update(id, {
      visibility: 'private',
      name: 'NEWNAME Quiet',
      systemPrompt: 'NEWSECRET written after it went private.',
    });
    const all = text(await rebuilt(alice, reply.reply.id));
    expect(all).not.toMatch(/SECRET|NEWNAME|PAGE-PERSONALITY|lighthouse keeper/);
    expect(all).toMatch(/\[hidden: the character's description, \d+ tokens\]/);
  });

  it('a group leaves out a member made private since: not in the next prompt, not in the rebuild', async () => {
    const mine = (await buildCharacter(t, alice, { name: 'Ada', description: 'Ada rows boats.' })).id;
    const theirs = await secretive(t, owner, 'Lamplighter', true);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: alice.auth,
      payload: { name: 'Crew', characterIds: [mine, theirs] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = (created.json() as GroupSession).group;
    await t.deps.uow.repos.characters.update(theirs, { visibility: 'private', name: 'NEWNAME Hidden' });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/groups/${group.id}/message`,
      headers: alice.auth,
      payload: { content: 'Ada, where is the lamp?', speakerId: mine },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.deps.background.drain();
    const sent = JSON.stringify(peer.requests.at(-1)!.body);
    expect(sent).not.toMatch(/SECRET|NEWNAME|Lamplighter/);
    const all = text(await rebuilt(alice, (res.json() as GroupReply).reply.id));
    expect(all).not.toMatch(/SECRET|NEWNAME/);
    expect(all).toContain('Ada rows boats.');
  });
});
