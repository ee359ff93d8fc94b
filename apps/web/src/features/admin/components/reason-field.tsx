import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** Why: required for every action, kept in the audit log (and shown to the owner for decisions about content). */
export function ReasonField({ value, onChange, label = 'Reason' }: { value: string; onChange: (v: string) => void; label?: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={3}
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="What you decided and why. It is kept in the audit log."
      />
      <p className="text-xs text-fg-subtle">Kept in the audit log. Decisions about content also show it to the owner.</p>
    </div>
  );
}
