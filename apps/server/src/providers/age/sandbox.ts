// The sandbox age check (AGE_ASSURANCE_PROVIDER=sandbox, the default): a page of ours, marked TEST MODE, where the
// user picks the outcome (passed, failed, could not verify, abandoned), like the payments sandbox's checkout. Anyone
// can pass it: an operator who must check ages uses a real provider (docs/compliance.md).
import type { AgeCheckProvider, AgeSessionRequest } from './age-provider.ts';

export class SandboxAgeProvider implements AgeCheckProvider {
  readonly name = 'ageAssurance';
  readonly kind = 'sandbox' as const;
  readonly method = 'simulated' as const;

  async health() {
    return { status: 'ok' as const, detail: 'test mode: anyone can pass the sandbox age check' };
  }

  async createSession(req: AgeSessionRequest) {
    return { providerRef: req.checkId, url: `/age-check/sandbox/${req.checkId}` };
  }
}
