// Google sign-in: the OAuth backend when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, otherwise disabled.
import type { Config } from '../../config.ts';
import type { HealthRegistry } from '../health.ts';
import { createDisabledGoogleSignIn } from './disabled.ts';
import type { GoogleSignIn } from './google.ts';
import { createOAuthGoogleSignIn } from './oauth.ts';

export type { GoogleProfile, GoogleSignIn } from './google.ts';

export function createGoogleSignIn(config: Pick<Config, 'google'>, deps: { health: HealthRegistry }): GoogleSignIn {
  return deps.health.register(config.google ? createOAuthGoogleSignIn(config.google) : createDisabledGoogleSignIn());
}
