import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { MAX_TICKET_MESSAGE, type TicketDetail } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { TicketMessages } from '@/features/support';
import { TicketStatusBadge } from '@/features/support';
import { CATEGORY_LABELS } from '@/features/support';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useReplyAsStaff } from '../api/reply-ticket';
import { Panel } from './fact-list';

type After = 'waiting' | 'resolved' | 'closed';

/** A ticket's thread as the team sees it, and the answer (signed "Reverie Support"; the user is notified). */
export function StaffTicket({ ticket }: { ticket: TicketDetail }) {
  const [message, setMessage] = useState('');
  const [after, setAfter] = useState<After>('waiting');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyAsStaff();
  const ids = { message: useId(), status: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (message.trim().length < 2) return setError('Write the answer first.');
    setError(null);
    reply.mutate(
      { id: ticket.id, message: message.trim(), status: after },
      {
        onSuccess: () => {
          setMessage('');
          toast({ title: 'Answer sent', description: 'The user was notified.', variant: 'success' });
        },
        onError: (err) => setError(getErrorMessage(err, 'Could not send the answer.')),
      },
    );
  };
  return (
    <Panel title="Ticket" action={<TicketStatusBadge status={ticket.status} />}>
      <p className="text-lg font-semibold break-words text-fg">{ticket.subject}</p>
      <p className="text-xs text-fg-subtle">{CATEGORY_LABELS[ticket.category]}</p>
      <TicketMessages messages={ticket.messages} viewer="staff" />
      <form onSubmit={submit} noValidate className="grid gap-3 border-t border-border pt-4">
        <Label htmlFor={ids.message}>Answer as Reverie Support</Label>
        <Textarea
          id={ids.message}
          rows={4}
          maxLength={MAX_TICKET_MESSAGE}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="The user sees this in their ticket and gets a notification."
        />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.status}>Then mark it</Label>
            <Select id={ids.status} value={after} onChange={(e) => setAfter(e.target.value as After)}>
              <option value="waiting">Awaiting the user</option>
              <option value="resolved">Resolved</option>
              <option value="closed">Closed</option>
            </Select>
          </div>
          <Button type="submit" disabled={reply.isPending}>
            <Send aria-hidden="true" />
            {reply.isPending ? 'Sending...' : 'Send answer'}
          </Button>
        </div>
        {error ? <FormError>{error}</FormError> : null}
      </form>
    </Panel>
  );
}
