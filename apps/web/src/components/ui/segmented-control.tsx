import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface Option<T extends string> {
  value: T;
  label: ReactNode;
  /** A small badge after the label ("Save 20%"). */
  badge?: ReactNode;
}

interface SegmentedControlProps<T extends string> {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  className?: string;
}

/** A pill switch between a few options (a radio group to assistive technology; arrow keys move). */
export function SegmentedControl<T extends string>({ label, value, options, onChange, className }: SegmentedControlProps<T>) {
  const move = (group: HTMLElement, delta: number) => {
    const i = options.findIndex((o) => o.value === value);
    const at = (i + delta + options.length) % options.length;
    const next = options[at];
    if (!next) return;
    onChange(next.value);
    group.querySelectorAll<HTMLButtonElement>('[role="radio"]')[at]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('inline-flex items-center gap-1 rounded-full bg-surface-raised p-1 ring-1 ring-border', className)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
          e.preventDefault();
          move(e.currentTarget, 1);
        } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
          e.preventDefault();
          move(e.currentTarget, -1);
        }
      }}
    >
      {options.map((o) => {
        const checked = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(o.value)}
            className={cn(
              'inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors',
              checked ? 'bg-linear-to-r from-primary-strong to-accent-strong text-white shadow-glow' : 'text-fg-muted hover:text-fg',
            )}
          >
            {o.label}
            {o.badge ? (
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-[11px] font-bold',
                  checked ? 'bg-white/20 text-white' : 'bg-success/15 text-success',
                )}
              >
                {o.badge}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
