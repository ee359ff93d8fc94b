import { useState } from 'react';
import { Link } from 'react-router';
import { BellOff, CheckCheck, Mail } from 'lucide-react';
import type { Notification } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

// Each request answers from its mutation's promise, not from mutate's own callbacks: those are dropped when the panel
// closes before the answer (opening a notification closes it, and so does any click outside it) or when another row's
// request starts first, and the failure's toast with them.
const failed = (what: string) => (err: unknown) =>
  toast({ title: `Could not ${what}`, description: getErrorMessage(err, 'Please try again.'), variant: 'destructive' });

function Tabs({ unreadOnly, onChange }: { unreadOnly: boolean; onChange: (v: boolean) => void }) {
  const tab = (value: boolean, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={unreadOnly === value}
      onClick={() => onChange(value)}
      className={cn(
        'h-8 rounded-full px-3 text-xs font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring',
        unreadOnly === value ? 'bg-surface-hover text-fg ring-1 ring-border-strong' : 'text-fg-muted hover:text-fg',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="tablist" aria-label="Show" className="flex gap-1">
      {tab(false, 'All')}
      {tab(true, 'Unread')}
    </div>
  );
}

/** The bell's panel: the newest notifications, read and delete, mark all read, links to their subjects. */
export function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const query = useNotifications(unreadOnly);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useDeleteNotification();
  const now = useNow(60_000);
  const unread = query.data?.unreadCount ?? 0;

  const open = (n: Notification) => {
    if (!n.read) void markRead.mutateAsync(n.id).catch(failed('mark it read'));
    onNavigate();
  };

  return (
    <div className="flex max-h-[min(70dvh,36rem)] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 pt-3.5 pb-3">
        <h2 className="text-base font-semibold text-fg">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => void markAll.mutateAsync().catch(failed('mark them read'))}
        >
          <CheckCheck aria-hidden="true" />
          Mark all read
        </Button>
      </div>
      <div className="flex items-center justify-between px-4 py-2">
        <Tabs unreadOnly={unreadOnly} onChange={setUnreadOnly} />
        <span className="text-xs text-fg-subtle" aria-live="polite">
          {unread === 0 ? 'No unread' : `${unread} unread`}
        </span>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 pb-2">
        {query.isPending ? (
          <NotificationsLoading />
        ) : query.isError ? (
          <NotificationsLoadError onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <NoNotifications unreadOnly={unreadOnly} />
        ) : (
          <ul aria-label="Notifications" className="grid gap-1">
            {query.data.items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                now={now}
                onOpen={open}
                busy={remove.isPending && remove.variables === n.id}
                onMarkRead={(x) => void markRead.mutateAsync(x.id).catch(failed('mark it read'))}
                onDelete={(x) => void remove.mutateAsync(x.id).catch(failed('delete it'))}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-border px-4 py-2.5">
        <Link
          to="/settings#notifications"
          onClick={onNavigate}
          className="inline-flex items-center gap-1.5 text-xs text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Mail className="size-3.5" aria-hidden="true" />
          Daily e-mail digest settings
        </Link>
      </div>
    </div>
  );
}

/** Three placeholder rows while the notifications load. */
function NotificationsLoading() {
  return (
    <div role="status" aria-label="Loading notifications" className="grid gap-2 p-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The list could not be loaded: said so, with a way to ask again. */
function NotificationsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="m-2 rounded-xl border border-danger/30 bg-danger-strong/5 p-4 text-center text-sm text-fg-muted">
      <p>We could not load your notifications.</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The empty list: caught up (unread tab) or nothing yet, and what will appear here. */
function NoNotifications({ unreadOnly }: { unreadOnly: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-1 ring-primary/25"
      >
        <BellOff className="size-6" />
      </span>
      <p className="font-semibold text-fg">{unreadOnly ? 'You are all caught up' : 'No notifications yet'}</p>
      <p className="text-sm text-fg-muted">New followers, likes, replies to your tickets and account news appear here.</p>
    </div>
  );
}
