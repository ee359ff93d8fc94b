import { useState } from 'react';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useUnreadCount } from '../api/get-unread-count';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { NotificationPanel } from './notification-panel';

const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/** The header bell of a signed-in user: the unread count, live, and the panel. */
export function NotificationBell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  useLiveNotifications(userId);
  const unread = useUnreadCount().data ?? 0;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className={cn(
          buttonVariants({ variant: 'ghost', size: 'icon-sm' }),
          'relative data-[state=open]:bg-surface-raised data-[state=open]:text-fg',
        )}
      >
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span
            data-testid="unread-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-linear-to-r from-primary-strong to-accent-strong px-1 text-[10px] leading-none font-bold text-white ring-2 ring-bg"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-[110] w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-2xl border border-border-strong bg-surface-raised shadow-2xl shadow-black/60 animate-fade-in focus:outline-none"
        >
          <NotificationPanel onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
