import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A native select styled like the inputs (keyboard and screen readers behave as the platform does). */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <span className={cn('relative block', className)}>
      <select
        className={cn(
          'h-10 w-full min-w-0 appearance-none rounded-xl border border-border bg-surface pr-9 pl-3 text-sm text-fg transition-colors',
          'hover:border-border-strong focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle" />
    </span>
  );
}
