// Age assurance: the built-in sandbox (AGE_ASSURANCE_PROVIDER=sandbox, the default) or Veriff (=veriff).
import type { AgeConfig } from '../../modules/age/age.config.ts';
import type { HealthRegistry } from '../health.ts';
import type { AgeCheckProvider } from './age-provider.ts';
import { SandboxAgeProvider } from './sandbox.ts';
import { VeriffAgeProvider } from './veriff.ts';

export type { AgeCheckProvider, AgeDecision } from './age-provider.ts';

export function createAgeProvider(config: Pick<AgeConfig, 'provider' | 'veriff'>, deps: { health: HealthRegistry }): AgeCheckProvider {
  const provider: AgeCheckProvider =
    config.provider === 'veriff' && config.veriff ? new VeriffAgeProvider(config.veriff) : new SandboxAgeProvider();
  return deps.health.register(provider);
}
