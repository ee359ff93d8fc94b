import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(
        'w-full min-w-0 resize-y rounded-xl border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-fg-subtle transition-colors',
        'hover:border-border-strong focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
