import type { z } from 'zod';
import type { CoinsResponse } from '@reverie/shared';
import { toUser } from '../users/users.mapper.ts';
import type { UserRow } from '../users/users.repo.ts';

export function toCoinsResponse(balance: number, added: number, user: UserRow): z.infer<typeof CoinsResponse> {
  return { coins: balance, added, user: toUser(user) };
}
