import { useMutation } from '@tanstack/react-query';
import type { User } from '@reverie/shared';
import { api } from '@/lib/api-client';
import { updateSessionUser } from '@/features/auth/session-store';

export interface UpdateMeInput {
  username?: string;
  email?: string;
  bio?: string | null;
}

/** PUT /api/auth/me: a changed e-mail becomes unverified and a new link is mailed. */
export function updateMe(input: UpdateMeInput): Promise<User> {
  return api.put<User>('/api/auth/me', input);
}

export function useUpdateMe() {
  return useMutation({ mutationFn: updateMe, onSuccess: updateSessionUser });
}
