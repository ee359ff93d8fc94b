import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2, Flag } from 'lucide-react';
import { REPORT_REASON_LABELS, ReportReason, type ReportReason as Reason, type ReportSubjectType } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCreateReport } from '../api/create-report';

export interface ReportSubject {
  type: ReportSubjectType;
  id: string;
  /** Shown in the dialog ("Report Aria"). */
  name: string;
  /** The app path of its page, for a removal request (`/characters/…`). */
  url?: string;
}

/** Reason and note for the moderators; says so when it was sent, and shows the server's answer when it was not. */
export function ReportDialog({
  subject,
  open,
  onOpenChange,
}: {
  subject: ReportSubject;
  open: boolean;
  onOpenChange: (v: boolean) => void;
}) {
  const [reason, setReason] = useState<Reason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useCreateReport();
  const noteId = useId();
  const close = (v: boolean) => {
    onOpenChange(v);
    if (!v) {
      setReason('');
      setNote('');
      setError(null);
      report.reset();
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError('Choose a reason.');
    setError(null);
    report.mutate(
      { subjectType: subject.type, subjectId: subject.id, reason, ...(note.trim() ? { note: note.trim() } : {}) },
      { onError: (err) => setError(getErrorMessage(err, 'Could not send the report. Please try again.')) },
    );
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        {report.data ? (
          <ReportSent message={report.data.message} onClose={() => close(false)} />
        ) : (
          <form onSubmit={submit} noValidate>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <Flag className="size-5 text-danger" aria-hidden="true" />
                <span className="min-w-0 break-words">Report {subject.name}</span>
              </DialogTitle>
              <DialogDescription>Moderators review every report. The person you report is never told who reported them.</DialogDescription>
            </DialogHeader>
            <ReasonChoice value={reason} onChange={setReason} />
            <div className="mt-4 grid gap-1.5">
              <Label htmlFor={noteId}>Anything the moderators should know? (optional)</Label>
              <Textarea
                id={noteId}
                rows={3}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                placeholder="Where in it, and why."
              />
            </div>
            {error ? <FormError className="mt-4">{error}</FormError> : null}
            <DialogFooter>
              <Button variant="secondary" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={report.isPending}>
                {report.isPending ? 'Sending...' : 'Send report'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The dialog once the report is in: the server's word on what happens next, and a way out. */
function ReportSent({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div role="status" className="grid justify-items-center gap-3 py-4 text-center">
      <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
      <DialogTitle>Report sent</DialogTitle>
      <DialogDescription>{message}</DialogDescription>
      <Button className="mt-2" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}

/** One radio card per report reason, the chosen one highlighted. */
function ReasonChoice({ value, onChange }: { value: Reason | ''; onChange: (reason: Reason) => void }) {
  return (
    <fieldset className="grid gap-1.5 sm:grid-cols-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">What is wrong?</legend>
      {ReportReason.options.map((r) => (
        <label
          key={r}
          className={cn(
            'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2.5 text-sm ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            value === r ? 'bg-primary/10 text-fg ring-primary/40' : 'bg-surface-raised/50 text-fg-muted ring-border hover:text-fg',
          )}
        >
          <input
            type="radio"
            name="report-reason"
            value={r}
            checked={value === r}
            onChange={() => onChange(r)}
            className="size-4 accent-primary-strong"
          />
          {REPORT_REASON_LABELS[r]}
        </label>
      ))}
    </fieldset>
  );
}
