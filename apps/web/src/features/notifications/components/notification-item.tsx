import { Link } from 'react-router';
import { Check, Trash2 } from 'lucide-react';
import type { Notification } from '@reverie/shared';
import { timeAgo } from '@/lib/format';
import { cn } from '@/lib/utils';
import { NotificationIcon } from './notification-icon';

interface Props {
  notification: Notification;
  now: number;
  /** Opening a notification marks it read (and closes the panel). */
  onOpen: (n: Notification) => void;
  onMarkRead: (n: Notification) => void;
  onDelete: (n: Notification) => void;
  busy?: boolean;
}

const actionClass =
  'inline-flex size-8 items-center justify-center rounded-lg text-fg-subtle transition-colors hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40';

export function NotificationItem({ notification: n, now, onOpen, onMarkRead, onDelete, busy }: Props) {
  const body = (
    <>
      <NotificationIcon kind={n.kind} imageUrl={n.imageUrl} />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm leading-snug break-words', n.read ? 'text-fg-muted' : 'font-semibold text-fg')}>{n.title}</span>
        {n.body ? <span className="mt-0.5 line-clamp-2 block text-xs break-words text-fg-muted">{n.body}</span> : null}
        <time dateTime={n.updatedAt} className="mt-1 block text-[11px] text-fg-subtle">
          {timeAgo(n.updatedAt, now)}
        </time>
      </span>
    </>
  );
  const main = 'flex min-w-0 flex-1 items-start gap-3 rounded-xl p-2 text-left';
  return (
    <li
      data-testid="notification"
      data-read={n.read}
      className={cn('group relative flex items-start gap-1 rounded-xl pr-1', !n.read && 'bg-primary/5')}
    >
      {n.link ? (
        <Link
          to={n.link}
          onClick={() => onOpen(n)}
          className={cn(main, 'hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-ring')}
        >
          {body}
        </Link>
      ) : (
        <div className={main}>{body}</div>
      )}
      <div className="flex shrink-0 flex-col items-center gap-0.5 py-1.5">
        {n.read ? null : (
          <button
            type="button"
            className={actionClass}
            disabled={busy}
            onClick={() => onMarkRead(n)}
            aria-label={`Mark “${n.title}” as read`}
          >
            <Check className="size-4" aria-hidden="true" />
          </button>
        )}
        <button type="button" className={actionClass} disabled={busy} onClick={() => onDelete(n)} aria-label={`Delete “${n.title}”`}>
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      {n.read ? null : <span aria-hidden="true" className="absolute top-3 left-1 size-1.5 rounded-full bg-primary" />}
    </li>
  );
}
