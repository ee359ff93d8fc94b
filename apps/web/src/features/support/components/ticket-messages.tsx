import { LifeBuoy } from 'lucide-react';
import type { TicketMessage } from '@reverie/shared';
import { dateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A ticket's thread, oldest first; text is shown as text (line breaks kept), never as HTML. */
export function TicketMessages({ messages, viewer = 'user' }: { messages: TicketMessage[]; viewer?: 'user' | 'staff' }) {
  return (
    <ol aria-label="Messages" className="grid gap-3">
      {messages.map((m) => {
        const mine = m.author === viewer;
        return (
          <li
            key={m.id}
            data-testid={`ticket-message-${m.author}`}
            className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
          >
            <span className="flex items-center gap-1.5 px-1 text-xs text-fg-subtle">
              {m.author === 'staff' ? <LifeBuoy className="size-3.5 text-success" aria-hidden="true" /> : null}
              <span className={cn('font-semibold', m.author === 'staff' ? 'text-success' : 'text-fg-muted')}>{m.authorName}</span>
              <time dateTime={m.createdAt}>{dateTime(m.createdAt)}</time>
            </span>
            <p
              className={cn(
                'max-w-[min(36rem,92%)] rounded-2xl px-4 py-3 text-[15px] leading-relaxed break-words whitespace-pre-wrap ring-1',
                mine ? 'rounded-tr-sm bg-primary/10 text-fg ring-primary/25' : 'rounded-tl-sm bg-surface-raised text-fg ring-border',
              )}
            >
              {m.body}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
