import { ownerPolicy } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';

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

/**
 * For changes (edit, delete, portrait): the owner and admins. Anyone else gets 403 for a character they can see
 * (public or unlisted: it exists, it is just not theirs) and 404 for one they cannot (private, deleted, missing).
 */
export function assertWritable<T extends { creatorId: string; visibility: string; deletedAt: Date | null }>(
  actor: Parameters<typeof characterPolicy.assert>[0],
  row: T | null | undefined,
): T {
  const visible = assertVisible(actor, row);
  if (!characterPolicy.can(actor, visible, 'write')) throw AppError.forbidden('Only the creator of this character can change it.');
  return visible;
}
