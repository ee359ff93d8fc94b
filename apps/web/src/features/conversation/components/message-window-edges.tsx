// The edges of the message list: older messages loading at the top, and, around a search match, newer ones at the
// bottom of the list with a floating way back to the newest messages.
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
      {win.atNewest || !win.hasNewer ? null : (
        // In the list, after the window's last message (scrolling down to it loads them too): it covers no text.
        <div className="mx-auto mt-3 flex max-w-3xl justify-center">
          <Button size="sm" variant="ghost" onClick={win.loadNewer} disabled={win.loading === 'newer'}>
            {win.loading === 'newer' ? <Loader2 className="animate-spin" /> : null}
            {win.error?.kind === 'newer' ? 'Could not load later messages. Try again' : 'Load later messages'}
          </Button>
        </div>
      )}
      {win.atNewest ? null : (
        // Floating over the list: on a phone a round button in the corner, so that it hides as little text as it can.
        <div className="pointer-events-none sticky bottom-2 z-10 mx-auto mt-3 flex max-w-3xl justify-end sm:justify-center">
          <Button
            size="sm"
            variant="secondary"
            aria-label="Back to the latest messages"
            title="Back to the latest messages"
            className="pointer-events-auto size-11 rounded-full p-0 shadow-lg shadow-black/40 sm:h-8 sm:w-auto sm:rounded-xl sm:px-3"
            onClick={win.toLatest}
          >
            <ArrowDown />
            <span className="hidden sm:inline">Back to the latest messages</span>
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
