import { useParams } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { NotFound } from '@/components/page/not-found';
import { Skeleton } from '@/components/ui/skeleton';
import { RequireSession } from '@/features/auth';
import { useSession } from '@/features/auth';
import { useTicket } from '@/features/support';
import { TicketThread } from '@/features/support';
import { useDocumentTitle } from '@/lib/document-title';
import { getErrorStatus } from '@/lib/request-queue';

function Ticket({ id }: { id: string }) {
  const query = useTicket(id);
  const missing = query.isError && [400, 404].includes(getErrorStatus(query.error) ?? 0);
  useDocumentTitle(query.data ? `${query.data.subject} · Support` : missing ? "This ticket doesn't exist" : 'Support');
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the ticket" className="grid gap-4">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-24 w-full rounded-2xl" />
        <Skeleton className="h-24 w-4/5 justify-self-end rounded-2xl" />
      </div>
    );
  }
  if (missing) return <NotFound what="ticket" back={{ label: 'Back to support', to: '/support' }} />;
  if (query.isError) return <ErrorState description="We could not load this ticket." onRetry={() => void query.refetch()} />;
  return <TicketThread ticket={query.data} />;
}

/** /support/{id}: one ticket's thread with the reply box. */
export default function SupportTicketPage() {
  const { ticketId = '' } = useParams();
  const { user, status } = useSession();
  // The ticket titles the tab once it loads; a guest sees the sign-in prompt under this title.
  useDocumentTitle(user || status === 'loading' ? undefined : 'Support');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-10">
      <RequireSession title="Sign in to read your ticket" description="Tickets belong to your account.">
        {() => <Ticket id={ticketId} />}
      </RequireSession>
    </div>
  );
}
