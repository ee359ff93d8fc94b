// Generic form parts: a labelled field, the red error box and the green success box.
import { useId, type ComponentProps, type ReactNode } from 'react';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

type FieldProps = Omit<ComponentProps<'input'>, 'id'> & { label: string; invalid?: boolean; hint?: ReactNode };

/** A labelled input; `invalid` marks it for assistive technology (the message itself sits in the form's error box). */
export function FormField({ label, invalid, hint, className, ...props }: FieldProps) {
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={invalid || undefined} aria-describedby={hint ? `${id}-hint` : undefined} {...props} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The red error box of a form (role=alert so it is announced). */
export function FormError({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      data-testid="form-error"
      className={cn(
        'flex items-start gap-2 rounded-xl border border-danger/40 bg-danger-strong/10 px-3 py-2.5 text-sm text-danger',
        className,
      )}
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 grow">{children}</div>
    </div>
  );
}

export function FormSuccess({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-start gap-2 rounded-xl border border-success/40 bg-success/10 px-3 py-2.5 text-sm text-success', className)}
    >
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 grow">{children}</div>
    </div>
  );
}
