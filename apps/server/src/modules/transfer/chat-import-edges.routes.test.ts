// SillyTavern chats as they really are: out-of-range dates (#47.9), replies longer than 64,000 characters (#46.14),
// and group chat files with no header line (#46.15). Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatImportResponse } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { created, multipart, quickUser, type Caller } from '../characters/test/helpers.ts';

let t: TestApp;
let alice: Caller;
beforeAll(async () => {
  t = await createTestApp();
  alice = await quickUser(t);
});
afterAll(() => t.close());

const jsonl = (lines: unknown[]) => Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
const HEADER = { user_name: 'Juno', character_name: 'Mara', create_date: '2024-6-1@10h05m09s', chat_metadata: {} };
const reply = (mes: string, send_date: unknown) => ({ name: 'Mara', is_user: false, send_date, mes });

function importChat(who: Caller, characterId: string, bytes: Buffer) {
  const mp = multipart('file', 'chat.jsonl', 'application/jsonl', bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/characters/${characterId}/import-chat`,
    headers: { ...who.auth, ...mp.headers },
    payload: mp.payload,
  });
}

describe('SillyTavern chat import edges', () => {
  it.each([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['year 275760+', '+275761-01-01T00:00:00Z'],
    ['NaN strings', 'NaN'],
    ['a negative timestamp', -62198755200000],
    ['a huge number', 1e20],
  ])('keeps a message whose date is out of range (%s) and says so', async (_what, date) => {
    const mara = await created(t, alice, { name: 'Mara' });
    const res = await importChat(alice, mara.id, jsonl([HEADER, reply('First.', 'June 1, 2024 10:05am'), reply('Second.', date)]));
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json() as ChatImportResponse;
    expect(result.messages).toBe(2);
    if (date !== 'NaN') expect(result.warnings.join(' ')).toMatch(/1 date was out of range/);
  });

  it('imports a reply of 73,741 characters (a real chat) and still refuses one over 256,000', async () => {
    const mara = await created(t, alice, { name: 'Mara' });
    const long = 'The tide turns. '.repeat(4609).slice(0, 73_741);
    const ok = await importChat(alice, mara.id, jsonl([HEADER, reply(long, 'June 1, 2024 10:05am')]));
    expect(ok.statusCode, ok.body).toBe(201);
    const tooLong = await importChat(alice, mara.id, jsonl([HEADER, reply('x'.repeat(256_001), 'June 1, 2024 10:05am')]));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/the limit is 256,000/);
  });

  it('says that a group chat file is a group chat, and what to do', async () => {
    const mara = await created(t, alice, { name: 'Mara' });
    const lines = [
      { name: 'Juno', is_user: true, send_date: 'June 1, 2024 10:05am', mes: 'Hello, both of you.' },
      { name: 'Mara', is_user: false, send_date: 'June 1, 2024 10:06am', mes: 'Hm.', extra: {} },
      { name: 'Ilse', is_user: false, send_date: 'June 1, 2024 10:07am', mes: 'Bonsoir.', extra: {} },
    ];
    const res = await importChat(alice, mara.id, jsonl(lines));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toEqual({ rule: 'group_chat', field: 'file' });
    expect(res.json().message).toMatch(/^This is a SillyTavern group chat \(2 speakers: Mara, Ilse\)\. Group chats cannot be imported yet/);
    // A group chat saved with a metadata line first (no user_name, no character_name) is named the same way, not
    // imported as one character's chat with another character's lines in it.
    const withMetadata = await importChat(alice, mara.id, jsonl([{ chat_metadata: { integrity: 'x' } }, ...lines]));
    expect(withMetadata.statusCode, withMetadata.body).toBe(422);
    expect(withMetadata.json().message).toMatch(/^This is a SillyTavern group chat \(2 speakers: Mara, Ilse\)/);
  });
});
