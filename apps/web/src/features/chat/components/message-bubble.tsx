import { useState } from 'react';
import { ChevronLeft, ChevronRight, FastForward, Flag, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import type { ChatMessage } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ChatPicture } from '@/features/images/components/chat-picture';
import { ChatMarkdown } from './chat-markdown';

export interface BubbleActions {
  onEdit?: (content: string) => Promise<void> | void;
  onDelete?: () => void;
  onSwipe?: (index: number) => void;
  onRegenerate?: () => void;
  onContinue?: () => void;
  /** Report this message to the moderators. */
  onReport?: () => void;
}

interface Props extends BubbleActions {
  message: Pick<ChatMessage, 'id' | 'role' | 'content' | 'status' | 'swipes' | 'swipeIndex' | 'editedAt' | 'picture'>;
  characterName: string;
  characterAvatar: string | null;
  userName: string;
  /** Text still arriving (the streaming reply). */
  streaming?: boolean;
  busy?: boolean;
}

/** The blinking cursor at the end of the text being written, on the same line as its last words. */
const STREAMING_CURSOR =
  "[&>*:last-child]:after:ml-0.5 [&>*:last-child]:after:inline-block [&>*:last-child]:after:h-4 [&>*:last-child]:after:w-1.5 [&>*:last-child]:after:animate-pulse [&>*:last-child]:after:bg-primary [&>*:last-child]:after:align-middle [&>*:last-child]:after:content-['']";

export function MessageBubble({ message, characterName, characterAvatar, userName, streaming, busy, ...actions }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  const mine = message.role === 'user';
  const swipes = message.swipes.length;
  const name = mine ? userName : characterName;

  return (
    <li className={cn('group flex gap-3', mine ? 'flex-row-reverse' : 'flex-row')} data-testid={`message-${message.role}`}>
      <Avatar name={name} src={mine ? null : characterAvatar} size="sm" className="mt-1 shrink-0" />
      <div className={cn('flex max-w-[min(42rem,85%)] min-w-0 flex-col gap-1', mine ? 'items-end' : 'items-start')}>
        <span className="px-1 text-xs font-medium text-fg-subtle">{name}</span>
        <div
          className={cn(
            'rounded-2xl px-4 py-3 text-[15px] leading-relaxed [overflow-wrap:anywhere]',
            mine
              ? 'rounded-tr-md bg-primary-strong/25 text-fg ring-1 ring-primary/30'
              : 'rounded-tl-md bg-surface-raised text-fg ring-1 ring-border',
            message.status === 'blocked' && 'bg-danger-strong/15 ring-danger-strong/40',
            streaming && message.content && STREAMING_CURSOR,
          )}
        >
          {editing ? (
            <form
              className="flex w-[min(36rem,70vw)] flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const text = draft.trim();
                if (!text) return;
                void Promise.resolve(actions.onEdit?.(text)).then(() => setEditing(false));
              }}
            >
              <label className="sr-only" htmlFor={`edit-${message.id}`}>
                Edit message
              </label>
              <textarea
                id={`edit-${message.id}`}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                rows={Math.min(10, Math.max(3, draft.split('\n').length))}
                maxLength={8000}
                className="w-full resize-y rounded-lg bg-bg/60 p-2 text-fg ring-1 ring-border focus:ring-2 focus:ring-primary focus:outline-none"
              />
              <div className="flex justify-end gap-2">
                <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
                <Button size="sm" type="submit" disabled={!draft.trim()}>
                  Save
                </Button>
              </div>
            </form>
          ) : message.content ? (
            <ChatMarkdown text={message.content} />
          ) : (
            <span className="inline-flex items-center gap-1 py-1" role="status" aria-label={`${characterName} is typing`}>
              <span className="size-2 animate-bounce rounded-full bg-fg-subtle [animation-delay:-0.3s]" />
              <span className="size-2 animate-bounce rounded-full bg-fg-subtle [animation-delay:-0.15s]" />
              <span className="size-2 animate-bounce rounded-full bg-fg-subtle" />
            </span>
          )}
          {message.picture ? <ChatPicture jobId={message.picture.jobId} /> : null}
        </div>
        {!streaming && !editing ? (
          <div className="flex min-h-11 flex-wrap items-center gap-0.5 px-1 text-xs text-fg-subtle sm:h-9 sm:min-h-0 sm:flex-nowrap">
            {message.status === 'incomplete' ? (
              <span
                className="mr-1 rounded bg-warning/15 px-1.5 py-0.5 font-medium text-warning"
                title="This reply stopped before it was finished: continue it or regenerate it."
              >
                incomplete
              </span>
            ) : null}
            {message.editedAt ? <span className="mr-1">edited</span> : null}
            {swipes > 1 && actions.onSwipe ? (
              <span className="mr-1 inline-flex items-center" aria-label="Alternative replies">
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label="Previous alternative"
                  disabled={busy || message.swipeIndex <= 0}
                  onClick={() => actions.onSwipe?.(message.swipeIndex - 1)}
                >
                  <ChevronLeft />
                </Button>
                <span className="tabular-nums" aria-live="polite">
                  {message.swipeIndex + 1}/{swipes}
                </span>
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label="Next alternative"
                  disabled={busy || message.swipeIndex >= swipes - 1}
                  onClick={() => actions.onSwipe?.(message.swipeIndex + 1)}
                >
                  <ChevronRight />
                </Button>
              </span>
            ) : null}
            <span className="inline-flex opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
              {actions.onRegenerate ? (
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label="Regenerate reply"
                  title="Regenerate"
                  disabled={busy}
                  onClick={actions.onRegenerate}
                >
                  <RefreshCw />
                </Button>
              ) : null}
              {actions.onContinue ? (
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label="Continue reply"
                  title="Continue"
                  disabled={busy}
                  onClick={actions.onContinue}
                >
                  <FastForward />
                </Button>
              ) : null}
              {actions.onEdit ? (
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label="Edit message"
                  title="Edit"
                  disabled={busy}
                  onClick={() => {
                    setDraft(message.content);
                    setEditing(true);
                  }}
                >
                  <Pencil />
                </Button>
              ) : null}
              {actions.onReport ? (
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label="Report this reply"
                  title="Report"
                  disabled={busy}
                  onClick={actions.onReport}
                >
                  <Flag />
                </Button>
              ) : null}
              {actions.onDelete ? (
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label="Delete message"
                  title="Delete"
                  disabled={busy}
                  onClick={actions.onDelete}
                >
                  <Trash2 />
                </Button>
              ) : null}
            </span>
          </div>
        ) : null}
      </div>
    </li>
  );
}
