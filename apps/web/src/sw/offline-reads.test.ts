import { describe, expect, it } from 'vitest';
import { isOfflineReadable } from './offline-reads';

describe('what the service worker keeps for reading offline', () => {
  it('keeps the chat list, chats, characters, groups and the session user', () => {
    for (const p of ['/api/conversations', '/api/chat/6f1c', '/api/characters/6f1c', '/api/groups', '/api/groups/6f1c', '/api/auth/me'])
      expect(isOfflineReadable(p), p).toBe(true);
  });

  it('never keeps live state, writes under those paths, or anything else', () => {
    for (const p of [
      '/api/chat/status',
      '/api/chat/test',
      '/api/chat/6f1c/message',
      '/api/coins/info',
      '/api/notifications',
      '/api/images',
    ])
      expect(isOfflineReadable(p), p).toBe(false);
  });
});
