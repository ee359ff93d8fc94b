import type { AuthConfigResponse, AuthResponse } from '@reverie/shared';
import type { Config } from '../../config.ts';
import { toUser } from '../users/users.mapper.ts';
import type { SignedIn } from './auth.service.ts';

export function toAuthResponse(result: SignedIn, extra: Pick<AuthResponse, 'isNewUser' | 'requiresEmailVerification'> = {}): AuthResponse {
  return { ...result.tokens, user: toUser(result.user), ...extra };
}

export function toAuthConfig(config: Pick<Config, 'google' | 'requireEmailVerification' | 'sandboxTopUp' | 'env'>): AuthConfigResponse {
  return {
    googleClientId: config.google?.clientId ?? null,
    requireEmailVerification: config.requireEmailVerification,
    addCoinsEnabled: config.sandboxTopUp,
    devNotices: config.env !== 'production',
  };
}
