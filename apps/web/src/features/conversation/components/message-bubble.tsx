import { useState } from 'react';
import type { ChatMessage } from '@reverie/shared';
import { AiBadge } from '@/components/ui/ai-badge';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ChatPicture } from '@/features/images';
import { ChatMarkdown } from './chat-markdown';
import { BubbleToolbar, ToolbarSpace, type BubbleActions } from './message-toolbar';

interface Props extends BubbleActions {
  message: Pick<
    ChatMessage,
    'id' | 'role' | 'content' | 'status' | 'swipes' | 'swipeIndex' | 'editedAt' | 'picture' | 'persona' | 'unprompted'
  >;
  characterName: string;
  characterAvatar: string | null;
  /** Who you are now: your messages without a persona of their own (see `ChatMessage.persona`) show it. */
  userName: string;
  userAvatar?: string | null;
  /** Text still arriving (the streaming reply). */
  streaming?: boolean;
  busy?: boolean;
}

/** The blinking cursor at the end of the text being written, on the same line as its last words. */
const STREAMING_CURSOR =
  "[&>*:last-child]:after:ml-0.5 [&>*:last-child]:after:inline-block [&>*:last-child]:after:h-4 [&>*:last-child]:after:w-1.5 [&>*:last-child]:after:animate-pulse [&>*:last-child]:after:bg-primary [&>*:last-child]:after:align-middle [&>*:last-child]:after:content-['']";

export function MessageBubble({ message, characterName, characterAvatar, userName, userAvatar, streaming, busy, ...actions }: Props) {
  const [editing, setEditing] = useState(false);
  const mine = message.role === 'user';
  // Your message keeps the persona it was written as, whoever you are now.
  const writtenAs = mine ? message.persona : null;
  const name = mine ? (writtenAs?.name ?? userName) : characterName;
  const avatar = mine ? (writtenAs ? writtenAs.avatarUrl : userAvatar) : characterAvatar;

  return (
    <li
      className={cn('group flex gap-3', mine ? 'flex-row-reverse' : 'flex-row')}
      data-testid={`message-${message.role}`}
      data-message-id={message.id}
    >
      <Avatar name={name} src={avatar} size="sm" className="mt-1 shrink-0" />
      <div className={cn('flex max-w-[min(42rem,85%)] min-w-0 flex-col gap-1', mine ? 'items-end' : 'items-start')}>
        <span className="flex items-center gap-1.5 px-1 text-xs font-medium text-fg-subtle">
          {name}
          {mine ? null : <AiBadge label={`${name} is an AI, not a person`} />}
          {message.unprompted ? (
            <span className="rounded-full bg-primary/15 px-1.5 py-0.5 text-[11px] text-primary" title="Written while you were away">
              wrote first
            </span>
          ) : null}
        </span>
        <div
          data-testid="bubble"
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
            <EditForm message={message} onSave={actions.onEdit} onClose={() => setEditing(false)} />
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
        {streaming || editing ? (
          <ToolbarSpace />
        ) : (
          <BubbleToolbar message={message} busy={busy} actions={actions} onEdit={() => setEditing(true)} />
        )}
      </div>
    </li>
  );
}

function EditForm({ message, onSave, onClose }: { message: Props['message']; onSave: BubbleActions['onEdit']; onClose: () => void }) {
  const [draft, setDraft] = useState(message.content);
  return (
    <form
      className="flex w-[min(36rem,70vw)] flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const text = draft.trim();
        if (!text) return;
        void Promise.resolve(onSave?.(text)).then(onClose);
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
        <Button size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button size="sm" type="submit" disabled={!draft.trim()}>
          Save
        </Button>
      </div>
    </form>
  );
}
