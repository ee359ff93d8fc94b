import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useAuthDialogs } from '@/features/auth';
import type { ShellUser } from '@/features/auth';
import { signOut } from '@/features/auth';
import { InstallAppItem, useIosInstallSteps } from './install-app';

const itemClass =
  'flex h-11 cursor-pointer sm:h-9 items-center gap-2.5 rounded-lg px-2.5 text-sm text-fg-muted outline-none select-none data-[highlighted]:bg-surface-hover data-[highlighted]:text-fg [&_svg]:size-4';

function UserMenu({ user }: { user: ShellUser }) {
  const iosSteps = useIosInstallSteps();
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Account menu for ${user.username}`}
          className="group inline-flex min-h-11 items-center gap-1 rounded-full p-0.5 pr-1.5 sm:min-h-0 ring-1 ring-border transition-colors hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=open]:bg-surface-raised"
        >
          <Avatar name={user.username} src={user.avatarUrl} size="sm" />
          <ChevronDown aria-hidden="true" className="size-3.5 text-fg-subtle transition-transform group-data-[state=open]:rotate-180" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-[110] w-64 rounded-2xl border border-border-strong bg-surface-raised p-1.5 shadow-2xl shadow-black/60 animate-fade-in"
          >
            <div className="flex items-center gap-3 px-2.5 py-2.5">
              <Avatar name={user.username} src={user.avatarUrl} size="md" />
              <div className="min-w-0">
                <p className="text-sm font-semibold text-fg [overflow-wrap:anywhere]">{user.username}</p>
                <p className="text-xs text-fg-subtle [overflow-wrap:anywhere]">{user.email}</p>
              </div>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={`/user-profile/${user.id}`}>
                <UserRound aria-hidden="true" />
                Profile
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/settings">
                <Settings aria-hidden="true" />
                Account
              </Link>
            </DropdownMenu.Item>
            {user.role === 'admin' || user.role === 'moderator' ? (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/admin">
                  <ShieldCheck aria-hidden="true" />
                  Admin console
                </Link>
              </DropdownMenu.Item>
            ) : null}
            <InstallAppItem className={itemClass} onIosSteps={iosSteps.open} />
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
              <LogOut aria-hidden="true" />
              Sign out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {iosSteps.dialog}
    </>
  );
}

/** Sign Up / Sign In for guests; the user menu (product.md §2 Shell) for a signed-in user; a placeholder while the profile loads. */
export function AccountActions({ user, loading = false }: { user: ShellUser | null; loading?: boolean }) {
  const { openSignIn, openSignUp } = useAuthDialogs();
  if (user) return <UserMenu user={user} />;
  if (loading)
    return <span aria-label="Loading your account" role="status" className="size-9 animate-pulse rounded-full bg-surface-raised" />;
  return (
    <div className="flex items-center gap-1.5">
      <Button size="sm" className="px-2.5 shadow-none sm:px-3" onClick={openSignUp}>
        Sign Up
      </Button>
      <Button size="sm" variant="secondary" className="px-2.5 sm:px-3" onClick={openSignIn}>
        Sign In
      </Button>
    </div>
  );
}
