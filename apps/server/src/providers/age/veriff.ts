// Veriff (AGE_ASSURANCE_PROVIDER=veriff), from its public API documentation: POST /v1/sessions with the API key in
// X-AUTH-CLIENT opens a session whose `verification.url` the user is sent to; the decision webhook posts the outcome
// signed with X-HMAC-SIGNATURE, the hex HMAC-SHA256 of the raw body with the shared secret. A document check says who
// someone is; the age is read from the date of birth in the decision (never stored) and must be 18 or more.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AgeCheckStatus } from '@reverie/shared';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { AgeCheckProvider, AgeDecision, AgeSessionRequest } from './age-provider.ts';

const SessionAnswer = z.object({
  status: z.string(),
  verification: z.object({ id: z.string().min(1).max(100), url: z.string().url() }),
});

const Decision = z.object({
  status: z.string(),
  verification: z.object({
    id: z.string().min(1).max(100),
    status: z.string(),
    code: z.number().optional(),
    decisionTime: z.string().nullish(),
    person: z.object({ dateOfBirth: z.string().nullish() }).nullish(),
  }),
});

const TIMEOUT_MS = 10_000;

/** Full years between a YYYY-MM-DD birth date and `at`. */
export function yearsOld(dateOfBirth: string, at: Date): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < mo || (at.getUTCMonth() + 1 === mo && at.getUTCDate() < d)) age -= 1;
  return age;
}

/** Veriff's decision, in our words; an approval without a birth date showing 18+ is "could not verify". */
function statusOf(d: z.infer<typeof Decision>['verification']): AgeCheckStatus {
  switch (d.status) {
    case 'approved': {
      const at = d.decisionTime ? new Date(d.decisionTime) : new Date();
      const age = d.person?.dateOfBirth ? yearsOld(d.person.dateOfBirth, Number.isNaN(at.getTime()) ? new Date() : at) : undefined;
      if (age === undefined) return 'unverified';
      return age >= 18 ? 'passed' : 'failed';
    }
    case 'declined':
      return 'failed';
    case 'resubmission_requested':
      return 'unverified';
    case 'expired':
    case 'abandoned':
      return 'abandoned';
    default:
      return 'pending'; // review: a person at Veriff decides later
  }
}

export class VeriffAgeProvider implements AgeCheckProvider {
  readonly name = 'ageAssurance';
  readonly kind = 'veriff' as const;
  readonly method = 'id_document' as const;

  constructor(private readonly cfg: { apiKey: string; sharedSecret: string; apiUrl: string }) {}

  async health() {
    return { status: 'ok' as const, detail: 'Veriff identity verification' };
  }

  async createSession(req: AgeSessionRequest) {
    const body = JSON.stringify({ verification: { callback: req.returnUrl, vendorData: req.checkId } });
    let res: Response;
    try {
      res = await fetch(`${this.cfg.apiUrl}/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-client': this.cfg.apiKey },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AppError(503, 'UNAVAILABLE', 'The age-check service could not be reached. Try again in a minute.');
    }
    const parsed = SessionAnswer.safeParse(await res.json().catch(() => undefined));
    if (!res.ok || !parsed.success || parsed.data.status !== 'success') {
      throw new AppError(503, 'UNAVAILABLE', 'The age-check service could not start a check. Try again in a minute.');
    }
    return { providerRef: parsed.data.verification.id, url: parsed.data.verification.url };
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): AgeDecision {
    const sig = headers['x-hmac-signature'];
    const given = typeof sig === 'string' && /^[0-9a-f]{64}$/i.test(sig) ? Buffer.from(sig.toLowerCase(), 'hex') : undefined;
    const expected = createHmac('sha256', this.cfg.sharedSecret).update(rawBody).digest();
    if (!given || !timingSafeEqual(given, expected))
      throw AppError.badRequest('The webhook signature (X-HMAC-SIGNATURE) is missing or wrong');
    const client = headers['x-auth-client'];
    if (client !== undefined && client !== this.cfg.apiKey) throw AppError.badRequest('The webhook names another API key (X-AUTH-CLIENT)');
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw AppError.badRequest('The webhook body is not JSON');
    }
    const parsed = Decision.safeParse(json);
    if (!parsed.success) throw AppError.badRequest('The webhook is not a Veriff decision');
    return { providerRef: parsed.data.verification.id, status: statusOf(parsed.data.verification) };
  }
}
