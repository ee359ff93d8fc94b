import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';

/** A refusal at the user's own daily or monthly coin cap (402 SPENDING_CAP), as opposed to a short balance. */
export function isSpendingCap(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'SPENDING_CAP';
}

/** Where a cap is raised: shown beside a SPENDING_CAP refusal wherever a costly action reports it. */
export function SpendingCapLink({ className }: { className?: string }) {
  return (
    <Link to="/settings#spending-limits" className={className}>
      Change my spending limits
    </Link>
  );
}
