import type { AdminAgeAssurance, AgeAssuranceState, AgeCheckRecord, AgeCheckStatus } from '@reverie/shared';
import type { AgeCheckRow } from './age.repo.ts';
import { AGE_LOCKED_MESSAGE, type AgeStanding } from './age.service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAgeState(s: AgeStanding, provider: 'sandbox' | 'veriff'): AgeAssuranceState {
  return {
    required: s.required,
    region: s.region,
    status: s.passed ? 'passed' : ((s.latest?.status as AgeCheckStatus | undefined) ?? 'not_started'),
    locked: s.locked,
    verifiedAt: iso(s.passed?.decidedAt ?? null),
    provider,
    message: s.locked ? AGE_LOCKED_MESSAGE : null,
  };
}

export function toAgeCheckRecord(r: AgeCheckRow): AgeCheckRecord {
  return {
    id: r.id,
    provider: r.provider,
    method: r.method,
    status: r.status as AgeCheckStatus,
    region: r.region,
    providerRef: r.providerRef,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    resetAt: iso(r.resetAt),
  };
}

export function toAdminAgeAssurance(rows: AgeCheckRow[]): AdminAgeAssurance {
  const passed = rows.find((r) => r.status === 'passed' && !r.resetAt);
  return { verified: !!passed, verifiedAt: iso(passed?.decidedAt ?? null), checks: rows.map(toAgeCheckRecord) };
}

export function toSandboxAgeCheck(r: AgeCheckRow) {
  return { id: r.id, status: r.status as AgeCheckStatus, testMode: true as const, createdAt: r.createdAt.toISOString() };
}
