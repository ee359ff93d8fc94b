import { RemovalReason, REMOVAL_REASON_LABELS, type RemovalReason as Reason } from '@reverie/shared';
import { cn } from '@/lib/utils';
import { REASON_HINTS } from '../lib/removal-form';

/** The five reasons as a radio group with what each one covers. */
export function RemovalReasonPicker({ value, onChange }: { value: Reason | ''; onChange: (r: Reason) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">Reason</legend>
      {RemovalReason.options.map((r) => (
        <label
          key={r}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            value === r ? 'bg-primary/10 ring-primary/40' : 'bg-surface ring-border hover:bg-surface-raised',
          )}
        >
          <input
            type="radio"
            name="reason"
            value={r}
            checked={value === r}
            onChange={() => onChange(r)}
            className="mt-1 size-4 shrink-0 accent-primary-strong"
          />
          <span>
            <span className="block text-sm font-semibold text-fg">{REMOVAL_REASON_LABELS[r]}</span>
            <span className="block text-xs text-fg-muted">{REASON_HINTS[r]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
