// The conversation: every message with its actions, the reply being written, and what to do when a reply is missing.
import { Fragment, type RefObject } from 'react';
import { Loader2, RefreshCw } from 'lucide-react';
import type { ChatCharacter, ChatMessage } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import type { ReplyKind } from '../api/stream-reply';
import type { Streaming } from '../hooks/use-reply-stream';
import type { MessageActions } from './message-actions';
import { MessageBubble } from './message-bubble';

interface Props {
  character: ChatCharacter;
  userName: string;
  messages: ChatMessage[];
  streaming: Streaming | null;
  /** The last message's reply was lost in a server failure: getting one is free. */
  freeReply: boolean;
  actions: MessageActions;
  generate: (kind: ReplyKind) => void;
  scroller: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
}

/** The text on screen for a message the stream is writing into (a new swipe replaces it, continue adds to it). */
function shownWhileStreaming(m: ChatMessage, streaming: Streaming | null): ChatMessage {
  if (!streaming || m.id !== streaming.replyId) return m;
  return { ...m, content: streaming.kind === 'continue' ? `${m.content} ${streaming.text}` : streaming.text };
}

export function MessageList({ character, userName, messages, streaming, freeReply, actions, generate, scroller, onScroll }: Props) {
  const busy = streaming !== null;
  const lastIndex = messages.length - 1;
  const lastReplyIndex = messages.at(-1)?.role === 'assistant' ? lastIndex : -1;
  const canReply = messages.some((m) => m.role === 'user') && !character.deleted;
  const who = { characterName: character.name, characterAvatar: character.avatarUrl, userName };
  return (
    <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-6" aria-live="off">
      <ol className="mx-auto flex max-w-3xl flex-col gap-3" aria-label={`Conversation with ${character.name}`}>
        {messages.map((m, i) => {
          const isStreamingTarget = streaming !== null && m.id === streaming.replyId;
          const isLastReply = i === lastReplyIndex;
          return (
            <Fragment key={m.id}>
              <MessageBubble
                message={shownWhileStreaming(m, streaming)}
                {...who}
                streaming={isStreamingTarget}
                busy={busy}
                onEdit={character.deleted ? undefined : (content) => actions.saveEdit(m, content, i)}
                onDelete={() => actions.askDelete(m)}
                onSwipe={m.role === 'assistant' && (isLastReply || i === 0) ? (index) => actions.pickSwipe(m, index) : undefined}
                onRegenerate={isLastReply && canReply ? () => generate('regenerate') : undefined}
                onContinue={isLastReply && canReply ? () => generate('continue') : undefined}
                onReport={m.role === 'assistant' && !isStreamingTarget ? () => actions.report(m) : undefined}
              />
              {actions.regenerateOffer === m.id && !busy ? <RegenerateOffer actions={actions} generate={generate} /> : null}
            </Fragment>
          );
        })}
        {streaming && !messages.some((m) => m.id === streaming.replyId) ? (
          <MessageBubble
            message={{
              id: 'streaming',
              role: 'assistant',
              content: streaming.text,
              status: 'complete',
              swipes: [],
              swipeIndex: 0,
              editedAt: null,
            }}
            {...who}
            streaming
          />
        ) : null}
      </ol>
      {streaming && streaming.queue > 0 ? (
        <p className="mx-auto mt-3 flex max-w-3xl items-center gap-2 text-sm text-fg-subtle" role="status">
          <Loader2 className="size-4 animate-spin" /> Waiting for the model: number {streaming.queue} in line
        </p>
      ) : null}
      {!busy && !character.deleted && messages.at(-1)?.role === 'user' ? (
        <p className="mx-auto mt-3 flex max-w-3xl items-center justify-end gap-2 text-sm text-fg-subtle">
          {freeReply ? 'The reply to this message was lost in a server failure. Getting one is free.' : 'No reply to this message yet.'}
          <Button size="sm" variant="secondary" onClick={() => generate('regenerate')}>
            <RefreshCw /> {freeReply ? 'Get a reply (free)' : 'Get a reply'}
          </Button>
        </p>
      ) : null}
    </div>
  );
}

/** After an edit of the message the last reply answers: regenerate it (the current reply stays as a swipe)? */
function RegenerateOffer({ actions, generate }: { actions: MessageActions; generate: (kind: ReplyKind) => void }) {
  return (
    <li className="flex flex-wrap items-center justify-end gap-2 text-sm text-fg-muted" role="status">
      <span>Your message changed. Regenerate the reply to it? The current reply stays as an alternative.</span>
      <span className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => actions.setRegenerateOffer(null)}>
          Keep reply
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            actions.setRegenerateOffer(null);
            generate('regenerate');
          }}
        >
          <RefreshCw /> Regenerate reply
        </Button>
      </span>
    </li>
  );
}
