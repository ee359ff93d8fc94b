import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { reloadIntoUpdate } from '@/lib/pwa';

/**
 * Two notes that float over the top of the page (no layout shift, clear of the composer): the network is gone (reading still works, sending does
 * not), and a new build is ready to take over (never a silent half-update: the user chooses when to reload).
 */
export function AppStatusNotes({ online, updateReady }: { online: boolean; updateReady: boolean }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[calc(var(--header-h)+0.5rem)] z-[60] flex flex-col items-center gap-2 px-3 lg:pl-(--sidebar-w)">
      {!online ? (
        <p
          role="status"
          className="pointer-events-auto flex max-w-md items-start gap-2 rounded-2xl bg-surface-raised px-4 py-2.5 text-sm text-fg shadow-xl shadow-black/50 ring-1 ring-border-strong"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>You are offline. Chats you have opened can still be read; sending needs the network.</span>
        </p>
      ) : null}
      {updateReady ? (
        <div
          role="status"
          className="pointer-events-auto flex max-w-md items-center gap-3 rounded-2xl bg-surface-raised py-2 pr-2 pl-4 text-sm text-fg shadow-xl shadow-black/50 ring-1 ring-border-strong"
        >
          <span>A new version is ready —</span>
          <Button size="sm" onClick={reloadIntoUpdate}>
            <RefreshCw aria-hidden="true" />
            Reload
          </Button>
        </div>
      ) : null}
    </div>
  );
}
