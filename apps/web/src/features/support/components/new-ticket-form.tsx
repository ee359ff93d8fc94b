import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Send } from 'lucide-react';
import { MAX_TICKET_MESSAGE, TicketCategory, type TicketCategory as Category } from '@reverie/shared';
import { FormError, FormField } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateTicket } from '../api/create-ticket';
import { CATEGORY_LABELS } from '../lib/labels';

/** Subject, category and the first message; on success the new ticket's thread opens. */
export function NewTicketForm() {
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<Category>('account');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTicket();
  const navigate = useNavigate();
  const ids = { category: useId(), message: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (subject.trim().length < 3) return setError('The subject needs at least 3 characters.');
    if (message.trim().length < 2) return setError('Write a message so that we know how to help.');
    setError(null);
    create.mutate(
      { subject: subject.trim(), category, message: message.trim() },
      {
        onSuccess: (ticket) => {
          toast({
            title: 'Ticket opened',
            description: 'We will answer in the thread and tell you with a notification.',
            variant: 'success',
          });
          void navigate(`/support/${ticket.id}`);
        },
        onError: (err) => setError(getErrorMessage(err, 'Could not open the ticket. Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label="New ticket">
      <FormField
        label="Subject"
        name="subject"
        value={subject}
        maxLength={120}
        onChange={(e) => setSubject(e.target.value)}
        placeholder="What is it about?"
        required
      />
      <div className="grid gap-1.5">
        <Label htmlFor={ids.category}>Category</Label>
        <Select id={ids.category} value={category} onChange={(e) => setCategory(e.target.value as Category)}>
          {TicketCategory.options.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.message}>Message</Label>
        <Textarea
          id={ids.message}
          rows={6}
          maxLength={MAX_TICKET_MESSAGE}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="Tell us what happened, what you expected, and any error message you saw."
        />
        <p className="justify-self-end text-xs text-fg-subtle tabular-nums">
          {message.length}/{MAX_TICKET_MESSAGE}
        </p>
      </div>
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        <Send aria-hidden="true" />
        {create.isPending ? 'Sending...' : 'Open ticket'}
      </Button>
    </form>
  );
}
