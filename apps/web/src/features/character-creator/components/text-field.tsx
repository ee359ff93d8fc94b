import { useId, type ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { formatNumber } from '@/lib/format';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the field visited (its own errors show from then on). */
  onBlur?: () => void;
  max: number;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  /** Rows of a multi-line field; absent = one line. */
  rows?: number;
  required?: boolean;
  /** The form scrolls an erroring field into view by this name. */
  name: string;
}

/** A labelled input or textarea with a live "n / max" counter and its error right under it. */
export function TextField({ label, value, onChange, onBlur, max, error, hint, placeholder, rows, required, name }: TextFieldProps) {
  const id = useId();
  const over = value.length > max;
  const near = !over && value.length > max * 0.9;
  const describedBy = [hint ? `${id}-hint` : null, `${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const control = cn(
    'w-full min-w-0 rounded-xl border border-border bg-surface px-3 text-sm text-fg placeholder:text-fg-subtle transition-colors',
    'hover:border-border-strong focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60',
    'aria-invalid:border-danger',
  );
  const common = {
    id,
    name,
    value,
    placeholder,
    required,
    'aria-invalid': error || over ? true : undefined,
    'aria-describedby': describedBy,
    onBlur,
  } as const;
  return (
    <div className="grid gap-1.5" data-field={name}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>
          {label}
          {required ? (
            <span aria-hidden="true" className="ml-0.5 text-danger">
              *
            </span>
          ) : null}
        </Label>
        <span
          id={`${id}-count`}
          aria-live={over ? 'polite' : undefined}
          className={cn('text-xs tabular-nums', over ? 'font-semibold text-danger' : near ? 'text-warning' : 'text-fg-subtle')}
        >
          <span className="sr-only">Characters used: </span>
          {formatNumber(value.length)} / {formatNumber(max)}
        </span>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-0.5 text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea
          {...common}
          rows={rows}
          onChange={(e) => onChange(e.target.value)}
          className={cn(control, 'resize-y py-2 leading-relaxed')}
        />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} className={cn(control, 'h-10')} />
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="flex items-start gap-1.5 text-sm text-danger">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
