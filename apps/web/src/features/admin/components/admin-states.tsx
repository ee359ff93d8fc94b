import { Lock, SearchX } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { LinkButton } from '@/components/page/link-button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorStatus } from '@/lib/request-queue';

/** A failed console load in words: not staff (403), not found, or a retry. */
export function AdminError({ error, onRetry, what = 'this' }: { error: unknown; onRetry: () => void; what?: string }) {
  const status = getErrorStatus(error);
  if (status === 403) {
    return (
      <EmptyState
        icon={<Lock />}
        title="This area is for moderators and administrators"
        description="Your account has no access to the admin console. If you should have it, ask an administrator."
        action={<LinkButton to="/">Back to Reverie</LinkButton>}
      />
    );
  }
  if (status === 404 || status === 400) {
    return (
      <EmptyState
        icon={<SearchX />}
        title="Not found"
        description={`We could not find ${what}. It may have been removed.`}
        action={<LinkButton to="/admin">Back to the queue</LinkButton>}
      />
    );
  }
  return <ErrorState description={`We could not load ${what}.`} onRetry={onRetry} />;
}

export function AdminLoading({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-2xl" />
      ))}
    </div>
  );
}
