// An age-assurance provider as the age module sees it: it opens a check session the user is sent to, and (for a
// real provider) tells the outcome through a signed webhook. Each backend turns its own objects into these shapes.
import type { AgeCheckMethod, AgeCheckStatus } from '@reverie/shared';
import type { ProviderHealth } from '../health.ts';

export interface AgeSessionRequest {
  /** Our check's id (sent to the provider as its vendor data). */
  checkId: string;
  /** Where the provider sends the user back when they are done. */
  returnUrl: string;
}

/** A decision the provider reported, reduced to what the module keeps. */
export interface AgeDecision {
  /** The provider's session id. */
  providerRef: string;
  /** `pending` when the provider has not decided yet (a manual review). */
  status: AgeCheckStatus;
}

export interface AgeCheckProvider extends ProviderHealth {
  readonly kind: 'sandbox' | 'veriff';
  readonly method: AgeCheckMethod;
  /** Opens a session; `url` is where the user does the check. */
  createSession(req: AgeSessionRequest): Promise<{ providerRef: string; url: string }>;
  /**
   * Verifies a webhook delivery on its raw body and headers and reads its decision; throws a 400 AppError when the
   * signature is missing or wrong. Undefined for the sandbox, whose page decides in this server.
   */
  parseWebhook?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): AgeDecision;
}
