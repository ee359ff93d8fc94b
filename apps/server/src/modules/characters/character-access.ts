import { ownerPolicy } from '../../lib/access.ts';

/**
 * Who may see a character: the owner and admins always; anyone else only when it is public or unlisted (unlisted
 * characters are reachable by link, never listed). A deleted character is gone for everyone. Denied = 404.
 */
export const characterPolicy = ownerPolicy<{ creatorId: string; visibility: string; deletedAt: Date | null }>({
  what: 'Character',
  ownerId: (c) => c.creatorId,
  isPublic: (c) => c.visibility !== 'private',
});

/** characterPolicy.assert, with deleted rows treated as missing (also for their owner). */
export function assertVisible<T extends { creatorId: string; visibility: string; deletedAt: Date | null }>(
  actor: Parameters<typeof characterPolicy.assert>[0],
  row: T | null | undefined,
): T {
  return characterPolicy.assert(actor, row && !row.deletedAt ? row : null, 'read') as T;
}
