import { useSearchParams } from 'react-router';
import { FileWarning, LifeBuoy, PlusCircle } from 'lucide-react';
import { TicketStatus, type TicketStatus as Status } from '@reverie/shared';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { RequireSession } from '@/features/auth';
import { NewTicketForm } from '@/features/support';
import { TicketList } from '@/features/support';

/** /support: the caller's tickets (filterable by status) and a new ticket. The filter and page live in the URL. */
export default function SupportPage() {
  const [params, setParams] = useSearchParams();
  const parsed = TicketStatus.safeParse(params.get('status'));
  const status: Status | undefined = parsed.success ? parsed.data : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (next: { status?: Status; page?: number }) => {
    const p = new URLSearchParams();
    if (next.status) p.set('status', next.status);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };
  return (
    <Page
      title="Support"
      description="Ask us anything about your account, coins, chats or safety. We answer here and tell you with a notification."
      icon={<LifeBuoy />}
      actions={
        <LinkButton to="/content-removal" variant="secondary" size="sm">
          <FileWarning aria-hidden="true" />
          Request content removal
        </LinkButton>
      }
    >
      <RequireSession
        title="Sign in to contact support"
        description="Tickets belong to your account, so that only you and the support team can read them."
      >
        {() => (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
            <TicketList status={status} page={page} onStatus={(s) => update({ status: s })} onPage={(p) => update({ status, page: p })} />
            <section
              aria-labelledby="new-ticket"
              className="rounded-2xl bg-surface p-5 ring-1 ring-border lg:sticky lg:top-[calc(var(--header-h)+1.5rem)]"
            >
              <h2 id="new-ticket" className="mb-4 flex items-center gap-2 text-lg font-semibold text-fg">
                <PlusCircle className="size-5 text-primary" aria-hidden="true" />
                New ticket
              </h2>
              <NewTicketForm />
            </section>
          </div>
        )}
      </RequireSession>
    </Page>
  );
}
