import { AlertTriangle } from 'lucide-react';
import type { QueueKind, QueueStatus } from '@reverie/shared';
import { cn } from '@/lib/utils';
import { KIND_LABELS, QUEUE_STATUS_LABELS } from '../lib/labels';

const pill = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap ring-1';

export function KindBadge({ kind }: { kind: QueueKind }) {
  const tone: Record<QueueKind, string> = {
    report: 'bg-accent/15 text-accent ring-accent/30',
    removal_request: 'bg-primary/15 text-primary ring-primary/30',
    blocked_content: 'bg-danger-strong/15 text-danger ring-danger/30',
    ticket: 'bg-success/10 text-success ring-success/30',
  };
  return <span className={cn(pill, tone[kind])}>{KIND_LABELS[kind]}</span>;
}

export function PriorityBadge({ priority }: { priority: 'high' | 'normal' }) {
  if (priority !== 'high') return null;
  return (
    <span className={cn(pill, 'bg-danger-strong text-white ring-danger')}>
      <AlertTriangle className="size-3" aria-hidden="true" />
      High
    </span>
  );
}

export function QueueStatusBadge({ status }: { status: QueueStatus }) {
  const tone: Record<QueueStatus, string> = {
    open: 'bg-surface-raised text-fg ring-border-strong',
    resolved: 'bg-success/10 text-success ring-success/30',
    dismissed: 'bg-surface-raised text-fg-subtle ring-border',
  };
  return <span className={cn(pill, tone[status])}>{QUEUE_STATUS_LABELS[status]}</span>;
}

/** Initials in a circle: the console never loads avatars from other sites. */
export function Initials({ name, className }: { name: string; className?: string }) {
  const letters = name.replace(/^@/, '').slice(0, 2).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-bold text-primary ring-1 ring-primary/30',
        className,
      )}
    >
      {letters}
    </span>
  );
}
