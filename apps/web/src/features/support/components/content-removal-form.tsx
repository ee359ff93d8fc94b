import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Send } from 'lucide-react';
import { SWORN_STATEMENT, type ContentRemovalResponse } from '@reverie/shared';
import { FormError, FormField } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { useRequestRemoval } from '../api/request-removal';
import { checkRemovalForm, type RemovalFormValues } from '../lib/removal-form';
import { RemovalReasonPicker } from './removal-reason-picker';

function Received({ result }: { result: ContentRemovalResponse }) {
  return (
    <section role="status" aria-label="Request received" className="grid gap-3 rounded-2xl bg-success/10 p-6 ring-1 ring-success/30">
      <CheckCircle2 className="size-8 text-success" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-fg">Request received</h2>
      <p className="text-sm text-fg-muted">{result.message}</p>
      <p className="text-sm text-fg-muted">
        Reference{' '}
        <span className="rounded-lg bg-surface px-2 py-1 font-mono text-base font-bold text-fg ring-1 ring-border">{result.reference}</span>
      </p>
      <p className="text-sm text-fg-muted">
        A person reviews every request; reports about minors and non-consensual content come first. How we decide is in the{' '}
        <Link to="/legal/content-policy" className="font-medium text-primary hover:underline">
          Content Policy
        </Link>
        .
      </p>
    </section>
  );
}

/** Anyone, signed in or not, asks for content to be removed; the answer carries the reference number. */
export function ContentRemovalForm({ initial }: { initial: Pick<RemovalFormValues, 'subjectUrl' | 'contactEmail'> }) {
  const [v, setV] = useState<RemovalFormValues>({ ...initial, reason: '', name: '', details: '', swornStatement: false });
  const [error, setError] = useState<string | null>(null);
  const send = useRequestRemoval();
  const ids = { details: useId() };
  const set = <K extends keyof RemovalFormValues>(key: K, value: RemovalFormValues[K]) => setV((prev) => ({ ...prev, [key]: value }));

  if (send.data) return <Received result={send.data} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkRemovalForm(v);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    send.mutate(checked.body, { onError: (err) => setError(getErrorMessage(err, 'Could not send your request. Please try again.')) });
  };
  const copyright = v.reason === 'copyright';

  return (
    <form onSubmit={submit} noValidate aria-label="Content-removal request" className="grid gap-5">
      <FormField
        label="Address of the content"
        name="subjectUrl"
        type="url"
        inputMode="url"
        value={v.subjectUrl}
        onChange={(e) => set('subjectUrl', e.target.value)}
        placeholder="https://…/characters/…"
        hint="The page of the character or image, as it appears in your browser's address bar."
      />
      <RemovalReasonPicker value={v.reason} onChange={(r) => set('reason', r)} />
      <FormField
        label="Your e-mail address"
        name="contactEmail"
        type="email"
        autoComplete="email"
        value={v.contactEmail}
        onChange={(e) => set('contactEmail', e.target.value)}
        hint="We send the acknowledgement and our decision here. We never show it to the person who posted the content."
      />
      <FormField
        label={copyright ? 'Your full name (your electronic signature)' : 'Your name (optional)'}
        name="name"
        autoComplete="name"
        value={v.name}
        maxLength={120}
        onChange={(e) => set('name', e.target.value)}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={ids.details}>What should be removed, and why</Label>
        <Textarea
          id={ids.details}
          rows={6}
          maxLength={5000}
          value={v.details}
          onChange={(e) => set('details', e.target.value)}
          placeholder={
            copyright
              ? 'Identify your work (title, where it is published) and what on Reverie copies it.'
              : 'Describe what you saw and why it should come down.'
          }
        />
      </div>
      {copyright ? (
        <label className="flex cursor-pointer items-start gap-3 rounded-xl bg-surface-raised/60 p-3 text-sm text-fg-muted ring-1 ring-border">
          <input
            type="checkbox"
            checked={v.swornStatement}
            onChange={(e) => set('swornStatement', e.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-primary-strong"
          />
          <span>{SWORN_STATEMENT}</span>
        </label>
      ) : null}
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" disabled={send.isPending} className="justify-self-start">
        <Send aria-hidden="true" />
        {send.isPending ? 'Sending...' : 'Send request'}
      </Button>
    </form>
  );
}
