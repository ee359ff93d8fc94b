import { Avatar } from '@/components/ui/avatar';
import { Tooltip } from '@/components/ui/tooltip';
import type { ShellUser } from '@/features/auth';
import { cn } from '@/lib/utils';

export function SidebarFooter({ user, collapsed }: { user: ShellUser | null; collapsed: boolean }) {
  const name = user?.username ?? 'Guest User';
  const detail = user?.email ?? 'Not signed in';
  return (
    <div className={cn('flex items-center gap-3 border-t border-border p-3', collapsed && 'justify-center px-0')}>
      <Tooltip content={`${name} · ${detail}`} side="right" disabled={!collapsed}>
        <span tabIndex={collapsed ? 0 : undefined} className="rounded-full">
          <Avatar name={name} src={user?.avatarUrl} size="sm" />
        </span>
      </Tooltip>
      {collapsed ? null : (
        <div className="min-w-0">
          <p className="text-sm font-semibold text-fg [overflow-wrap:anywhere]">{name}</p>
          <p className="text-xs text-fg-subtle [overflow-wrap:anywhere]">{detail}</p>
        </div>
      )}
    </div>
  );
}
