// Age assurance (docs/compliance.md): the second, stronger step after the age gate, asked only where the operator's
// rules require it. NSFW content stays closed to an account in such a region until a check passes.
import { z } from 'zod';

/** What a check came to: `passed` opens NSFW content; the others keep it closed and may be retried. */
export const AgeCheckStatus = z.enum(['pending', 'passed', 'failed', 'unverified', 'abandoned']);
export type AgeCheckStatus = z.infer<typeof AgeCheckStatus>;

/** How the provider checked (the sandbox simulates; Veriff compares a document with a selfie). */
export const AgeCheckMethod = z.enum(['simulated', 'id_document']);
export type AgeCheckMethod = z.infer<typeof AgeCheckMethod>;

/** The viewer's age-assurance standing where they are now. */
export const AgeAssuranceState = z
  .object({
    /** The viewer's region requires age assurance for NSFW content. */
    required: z.boolean(),
    /** `GB`, `US-TX`, … as the operator's proxy or GeoIP said; null when unknown. */
    region: z.string().nullable(),
    /** The account's latest check (none: `not_started`; guests: `not_started`). */
    status: z.union([AgeCheckStatus, z.literal('not_started')]),
    /** NSFW characters, chats, pictures and the NSFW filter are closed now. */
    locked: z.boolean(),
    verifiedAt: z.iso.datetime().nullable(),
    /** The provider a new check goes to; `sandbox` is test mode. */
    provider: z.enum(['sandbox', 'veriff']),
    /** The sentence to show while locked (null when open). */
    message: z.string().nullable(),
  })
  .meta({ id: 'AgeAssuranceState' });
export type AgeAssuranceState = z.infer<typeof AgeAssuranceState>;

export const StartAgeCheckResponse = z.object({ checkId: z.uuid(), url: z.string() }).meta({ id: 'StartAgeCheckResponse' });
export type StartAgeCheckResponse = z.infer<typeof StartAgeCheckResponse>;

/** The sandbox's hosted page simulates these outcomes. */
export const SandboxAgeOutcome = z.enum(['pass', 'fail', 'unverified', 'abandon']);
export type SandboxAgeOutcome = z.infer<typeof SandboxAgeOutcome>;

export const SandboxAgeCheck = z
  .object({ id: z.uuid(), status: AgeCheckStatus, testMode: z.literal(true), createdAt: z.iso.datetime() })
  .meta({ id: 'SandboxAgeCheck' });
export type SandboxAgeCheck = z.infer<typeof SandboxAgeCheck>;

export const CompleteSandboxAgeCheckBody = z.object({ outcome: SandboxAgeOutcome });

/** One check as an admin and the account export see it (never documents or images). */
export const AgeCheckRecord = z
  .object({
    id: z.uuid(),
    provider: z.string(),
    method: z.string(),
    status: AgeCheckStatus,
    region: z.string().nullable(),
    providerRef: z.string(),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
    resetAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AgeCheckRecord' });
export type AgeCheckRecord = z.infer<typeof AgeCheckRecord>;

export const AdminAgeAssurance = z
  .object({
    verified: z.boolean(),
    verifiedAt: z.iso.datetime().nullable(),
    checks: z.array(AgeCheckRecord),
  })
  .meta({ id: 'AdminAgeAssurance' });
export type AdminAgeAssurance = z.infer<typeof AdminAgeAssurance>;

export const AgeWebhookResponse = z.object({ received: z.boolean(), duplicate: z.boolean() });
