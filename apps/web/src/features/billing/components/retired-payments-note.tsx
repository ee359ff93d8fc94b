import { useAuthConfig } from '@/features/auth';

/**
 * product.md §7's line about retired payment methods. It speaks to people who knew the old methods, so it shows only on
 * servers that are not in production (the server says so in GET /api/auth/config `devNotices`).
 */
export function RetiredPaymentsNote({ className }: { className?: string }) {
  const config = useAuthConfig();
  if (!config.data?.devNotices) return null;
  return <p className={className}>Crypto and alternative card-processor payments are no longer supported.</p>;
}
