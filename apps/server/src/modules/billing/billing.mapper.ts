import type { z } from 'zod';
import type { CoinsResponse, SpendingLimitsResponse } from '@reverie/shared';
import { toUser } from '../users/users.mapper.ts';
import type { UserRow } from '../users/users.repo.ts';
import type { SpendingLimitsView } from './spending-limits.ts';

export function toCoinsResponse(balance: number, added: number, user: UserRow): z.infer<typeof CoinsResponse> {
  return { coins: balance, added, user: toUser(user) };
}

export function toLimits(v: SpendingLimitsView): SpendingLimitsResponse {
  const cap = (c: SpendingLimitsView['daily']) => ({
    cap: c.cap,
    spent: c.spent,
    resetsAt: c.resetsAt.toISOString(),
    pending: c.pending ? { cap: c.pending.cap, from: c.pending.from.toISOString() } : null,
  });
  return { daily: cap(v.daily), monthly: cap(v.monthly), confirmAbove: v.confirmAbove, raiseDelayMinutes: v.raiseDelayMinutes };
}
