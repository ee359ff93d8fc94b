import { Link } from 'react-router';
import type { SpendingCapDetails } from '@reverie/shared';
import { ApiError } from '@/lib/api-client';

/** A refusal at the user's own daily or monthly coin cap (402 SPENDING_CAP), as opposed to a short balance. */
export function isSpendingCap(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'SPENDING_CAP';
}

/** The cap that refused, from the error's details (the server's `{ cap, spent, period }`); null when absent. */
export function spendingCapOf(error: unknown): SpendingCapDetails | null {
  if (!isSpendingCap(error)) return null;
  const d = (error as ApiError).details;
  if (!d || typeof d.cap !== 'number' || typeof d.spent !== 'number' || (d.period !== 'day' && d.period !== 'month')) return null;
  return { cap: d.cap, spent: d.spent, period: d.period };
}

/**
 * Where a cap is raised: shown beside a SPENDING_CAP refusal wherever a costly action reports it; with the refusal's
 * details it names the cap ("Raise my daily limit").
 */
export function SpendingCapLink({ className, cap }: { className?: string; cap?: SpendingCapDetails | null }) {
  return (
    <Link to="/settings#spending-limits" className={className}>
      {cap ? `Raise my ${cap.period === 'day' ? 'daily' : 'monthly'} limit` : 'Change my spending limits'}
    </Link>
  );
}
