import type { TicketStatus } from '@reverie/shared';
import { cn } from '@/lib/utils';
import { STATUS_LABELS } from '../lib/labels';

const TONE: Record<TicketStatus, string> = {
  open: 'bg-accent/15 text-accent ring-accent/30',
  waiting: 'bg-primary/15 text-primary ring-primary/30',
  resolved: 'bg-success/15 text-success ring-success/30',
  closed: 'bg-surface-raised text-fg-muted ring-border',
};

export function TicketStatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        TONE[status],
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
