// The journal's contract, both ways: what a client may send (a bounded text without control characters, a pin) and
// what the server answers (parsed by the same schemas the web client reads with).
import { describe, expect, it } from 'vitest';
import { buildPath } from '../api/path.ts';
import { memoryEndpoints } from '../api/memory.ts';
import { AddMemoryBody, EditMemoryBody, JournalMemory, MAX_MEMORY_CHARS, MemoryJournal, MemoryParams } from './memory.ts';

const ID = '0b0f3c1e-5a0e-4d7e-9a37-1b2c3d4e5f60';
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('the journal of memories: requests', () => {
  it('takes a trimmed memory, pinned or not', () => {
    expect(AddMemoryBody.parse({ text: '  You adopted a cat named Miso in March.  ' })).toEqual({
      text: 'You adopted a cat named Miso in March.',
    });
    expect(AddMemoryBody.parse({ text: 'x'.repeat(MAX_MEMORY_CHARS), pinned: true })).toMatchObject({ pinned: true });
  });

  it('refuses an empty, a too long and a control-character memory with a sentence', () => {
    expect(messages(AddMemoryBody.safeParse({ text: '   ' }))).toEqual(['A memory cannot be empty']);
    expect(messages(AddMemoryBody.safeParse({ text: 'x'.repeat(MAX_MEMORY_CHARS + 1) }))).toEqual([
      'A memory can be at most 300 characters',
    ]);
    expect(messages(AddMemoryBody.safeParse({ text: 'a\u0000b' }))).toEqual(['Control characters are not allowed']);
    expect(messages(AddMemoryBody.safeParse({ text: 'two\nlines' }))).toEqual(['Control characters are not allowed']);
    expect(messages(AddMemoryBody.safeParse({}))).toEqual(['Write the memory']);
  });

  it('edits the text, the pin or both, never nothing', () => {
    expect(EditMemoryBody.parse({ pinned: false })).toEqual({ pinned: false });
    expect(EditMemoryBody.parse({ text: ' New ' })).toEqual({ text: 'New' });
    expect(messages(EditMemoryBody.safeParse({}))).toEqual(['Send a new text or pinned']);
    expect(messages(EditMemoryBody.safeParse({ pinned: 'yes' }))).toEqual(['pinned must be true or false']);
  });

  it('names a memory by its conversation and its own id', () => {
    expect(MemoryParams.safeParse({ id: ID, memoryId: 'nope' }).success).toBe(false);
    expect(buildPath(memoryEndpoints.editMemory, { id: ID, memoryId: ID })).toBe(`/api/conversations/${ID}/memories/${ID}`);
    expect(buildPath(memoryEndpoints.journal, { id: ID })).toBe(`/api/conversations/${ID}/memories`);
  });
});

describe('the journal of memories: answers', () => {
  const memory = {
    id: ID,
    text: 'You adopted a cat named Miso in March.',
    pinned: false,
    source: 'model',
    messageIds: [ID],
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
  };

  it('reads a memory and a journal as the server writes them', () => {
    expect(JournalMemory.parse(memory)).toEqual(memory);
    expect(MemoryJournal.parse({ items: [memory], max: 200 }).items).toHaveLength(1);
    expect(memoryEndpoints.addMemory.response.parse(memory)).toEqual(memory);
  });

  it('refuses an answer with an unknown source or a missing field', () => {
    expect(JournalMemory.safeParse({ ...memory, source: 'robot' }).success).toBe(false);
    const { messageIds: _, ...withoutIds } = memory;
    expect(JournalMemory.safeParse(withoutIds).success).toBe(false);
  });
});
