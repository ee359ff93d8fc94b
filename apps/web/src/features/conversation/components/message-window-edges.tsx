// The edges of the message list: older messages loading at the top, and, around a search match, newer ones at the
// bottom with a way back to the newest messages.
import { ArrowDown, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { MessageWindow } from '../hooks/use-message-window';

export function OlderEdge({ win }: { win: MessageWindow }) {
  if (!win.hasOlder) return null;
  return (
    <div className="mx-auto mb-3 flex max-w-3xl justify-center">
      {win.loading === 'older' ? (
        <p className="flex items-center gap-2 text-sm text-fg-subtle" role="status">
          <Loader2 className="size-4 animate-spin" /> Loading earlier messages…
        </p>
      ) : (
        <Button size="sm" variant="ghost" onClick={win.loadOlder}>
          {win.error?.kind === 'older' ? 'Could not load earlier messages. Try again' : 'Load earlier messages'}
        </Button>
      )}
    </div>
  );
}

export function NewerEdge({ win }: { win: MessageWindow }) {
  return (
    <>
      {win.loading === 'jump' ? (
        <p className="mx-auto mt-3 flex max-w-3xl items-center justify-center gap-2 text-sm text-fg-subtle" role="status">
          <Loader2 className="size-4 animate-spin" /> Finding the message…
        </p>
      ) : null}
      {win.atNewest ? null : (
        <div className="sticky bottom-2 z-10 mx-auto mt-3 flex max-w-3xl flex-wrap items-center justify-center gap-2">
          {win.hasNewer ? (
            <Button
              size="sm"
              variant="secondary"
              className="shadow-lg shadow-black/40"
              onClick={win.loadNewer}
              disabled={win.loading === 'newer'}
            >
              {win.loading === 'newer' ? <Loader2 className="animate-spin" /> : null}
              {win.error?.kind === 'newer' ? 'Could not load later messages. Try again' : 'Load later messages'}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" className="shadow-lg shadow-black/40" onClick={win.toLatest}>
            <ArrowDown /> Back to the latest messages
          </Button>
        </div>
      )}
      {win.error?.kind === 'jump' ? (
        <p className="mx-auto mt-3 max-w-3xl text-center text-sm text-danger" role="alert">
          That message could not be shown: {win.error.message}
        </p>
      ) : null}
    </>
  );
}
