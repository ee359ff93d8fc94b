import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Send } from 'lucide-react';
import { MAX_TICKET_MESSAGE, type TicketDetail } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { dateTime } from '@/lib/format';
import { useReplyToTicket } from '../api/reply-ticket';
import { CATEGORY_LABELS, STATUS_HINTS } from '../lib/labels';
import { TicketMessages } from './ticket-messages';
import { TicketStatusBadge } from './ticket-status-badge';

function ReplyForm({ ticket }: { ticket: TicketDetail }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToTicket();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (message.trim().length < 2) return setError('Write a reply first.');
    setError(null);
    reply.mutate(
      { id: ticket.id, message: message.trim() },
      { onSuccess: () => setMessage(''), onError: (err) => setError(getErrorMessage(err, 'Could not send your reply. Please try again.')) },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-2xl bg-surface p-4 ring-1 ring-border" noValidate>
      <Label htmlFor={id}>Your reply</Label>
      <Textarea
        id={id}
        rows={4}
        maxLength={MAX_TICKET_MESSAGE}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        placeholder="Add details or answer the team's questions."
      />
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" disabled={reply.isPending} className="justify-self-end">
        <Send aria-hidden="true" />
        {reply.isPending ? 'Sending...' : 'Send reply'}
      </Button>
    </form>
  );
}

/** One ticket: subject, status, the thread, and the reply box (closed tickets take no reply). */
export function TicketThread({ ticket }: { ticket: TicketDetail }) {
  return (
    <div className="grid gap-5">
      <Link
        to="/support"
        className="inline-flex items-center gap-1.5 text-sm text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All tickets
      </Link>
      <header className="grid gap-2 border-b border-border pb-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-fg">{ticket.subject}</h1>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="text-sm text-fg-muted">
          {CATEGORY_LABELS[ticket.category]} · opened {dateTime(ticket.createdAt)}
        </p>
        <p className="text-sm text-fg-subtle">{STATUS_HINTS[ticket.status]}</p>
      </header>
      <TicketMessages messages={ticket.messages} />
      {ticket.status === 'closed' ? (
        <p className="rounded-2xl bg-surface p-4 text-sm text-fg-muted ring-1 ring-border">
          This ticket is closed.{' '}
          <Link to="/support" className="font-semibold text-primary hover:underline">
            Open a new ticket
          </Link>{' '}
          if you need more help.
        </p>
      ) : (
        <ReplyForm ticket={ticket} />
      )}
    </div>
  );
}
