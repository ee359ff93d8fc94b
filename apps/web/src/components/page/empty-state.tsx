import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** A friendly, on-brand panel for lists that have nothing in them yet. */
export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <section
      aria-label={title}
      className={cn(
        'relative flex flex-col items-center justify-center gap-3 overflow-hidden rounded-3xl border border-dashed border-border-strong bg-surface/60 px-6 py-14 text-center',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 size-64 -translate-x-1/2 rounded-full bg-primary/10 blur-3xl"
      />
      <span
        aria-hidden="true"
        className="relative inline-flex size-14 items-center justify-center rounded-2xl bg-linear-to-br from-primary-strong/25 to-accent-strong/25 text-primary ring-1 ring-primary/30 [&_svg]:size-7"
      >
        {icon}
      </span>
      <h2 className="relative text-lg font-semibold text-fg">{title}</h2>
      <p className="relative max-w-md text-sm text-fg-muted">{description}</p>
      {action ? <div className="relative mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </section>
  );
}
