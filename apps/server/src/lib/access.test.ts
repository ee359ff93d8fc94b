import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { ownerPolicy, type Actor } from './access.ts';

interface Note {
  id: string;
  authorId: string;
  shared: boolean;
}

const notes = ownerPolicy<Note>({ what: 'Note', ownerId: (n) => n.authorId, isPublic: (n) => n.shared });
const owner: Actor = { userId: 'u-1', role: 'user' };
const stranger: Actor = { userId: 'u-2', role: 'user' };
const admin: Actor = { userId: 'u-9', role: 'admin' };
const privateNote: Note = { id: 'n-1', authorId: 'u-1', shared: false };
const publicNote: Note = { id: 'n-2', authorId: 'u-1', shared: true };

function notFound(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('ownerPolicy', () => {
  it('lets the owner and admins read and write', () => {
    for (const actor of [owner, admin]) {
      expect(notes.assert(actor, privateNote, 'read')).toBe(privateNote);
      expect(notes.assert(actor, privateNote, 'write')).toBe(privateNote);
    }
  });

  it("answers 404 (not 403) for another user's private row, for reading and writing", () => {
    for (const access of ['read', 'write'] as const) {
      const err = notFound(() => notes.assert(stranger, privateNote, access));
      expect(err.status).toBe(404);
      expect(err.message).toBe('Note not found');
    }
  });

  it('lets anyone, even anonymous, read a public row but never write it', () => {
    expect(notes.assert(null, publicNote, 'read')).toBe(publicNote);
    expect(notes.assert(stranger, publicNote, 'read')).toBe(publicNote);
    expect(notFound(() => notes.assert(stranger, publicNote, 'write')).status).toBe(404);
    expect(notFound(() => notes.assert(null, publicNote, 'write')).status).toBe(404);
  });

  it('answers the same 404 for a missing row', () => {
    expect(notFound(() => notes.assert(owner, undefined, 'read')).message).toBe('Note not found');
    expect(notFound(() => notes.assert(admin, null, 'write')).status).toBe(404);
  });

  it('treats rows without an isPublic rule as private', () => {
    const users = ownerPolicy<{ id: string }>({ what: 'User', ownerId: (u) => u.id });
    expect(users.can(stranger, { id: 'u-1' }, 'read')).toBe(false);
    expect(users.can(owner, { id: 'u-1' }, 'write')).toBe(true);
  });
});
