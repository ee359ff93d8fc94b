import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { STEPS, stepErrors, type FieldErrors } from '../lib/form';

/** The five steps as a numbered row; any step can be opened, a step with errors is marked. */
export function CreatorStepper({ step, errors, onSelect }: { step: number; errors: FieldErrors; onSelect: (step: number) => void }) {
  return (
    <nav aria-label="Creator steps">
      <ol className="grid grid-cols-5 gap-1 sm:gap-2">
        {STEPS.map((s, i) => {
          const current = i === step;
          const bad = stepErrors(errors, i).length > 0;
          const done = i < step && !bad;
          return (
            <li key={s.id} className="min-w-0">
              <button
                type="button"
                onClick={() => onSelect(i)}
                aria-current={current ? 'step' : undefined}
                // Holds the number and short title it shows (WCAG 2.5.3).
                aria-label={`Step ${i + 1} ${s.short}: ${s.title}${bad ? ' (needs attention)' : ''}`}
                className={cn(
                  'group flex w-full flex-col items-center gap-1.5 rounded-xl px-1 py-2 text-center transition-colors focus-visible:outline-2 focus-visible:outline-ring sm:flex-row sm:px-2 sm:text-left',
                  current ? 'bg-primary/10' : 'hover:bg-surface-raised',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'relative inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ring-1',
                    current
                      ? 'bg-linear-to-br from-primary-strong to-accent-strong text-white ring-transparent'
                      : done
                        ? 'bg-success/15 text-success ring-success/30'
                        : 'bg-surface-raised text-fg-muted ring-border',
                  )}
                >
                  {done ? <Check className="size-4" /> : i + 1}
                  {bad ? <span className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-danger ring-2 ring-bg" /> : null}
                </span>{' '}
                <span
                  aria-hidden="true"
                  className={cn('w-full truncate text-[11px] leading-tight font-medium sm:text-sm', current ? 'text-fg' : 'text-fg-muted')}
                >
                  {s.short}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
