// The conversation: every message with its actions, the reply being written, and what to do when a reply is missing.
import { Fragment, type ReactNode, type RefObject } from 'react';
import { Loader2, RefreshCw } from 'lucide-react';
import { AI_NOTICE_MINUTES, type ChatCharacter, type ChatMessage } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { PriceTag } from '@/features/billing';
import type { Price } from '@/features/billing';
import type { ReplyKind } from '../api/stream-reply';
import type { Streaming } from '../hooks/use-reply-stream';
import { aiNoticeIndexes } from '../lib/ai-notices';
import { AiNotice } from './ai-notice';
import { CrisisSupportCard } from './crisis-support';
import type { MessageActions } from './message-actions';
import { MessageBubble } from './message-bubble';

interface Props {
  character: ChatCharacter;
  /** Who you are now (the current persona, else the account): shown on your messages written as no persona of their own. */
  userName: string;
  /** The current persona's avatar, beside `userName`. */
  userAvatar?: string | null;
  messages: ChatMessage[];
  streaming: Streaming | null;
  /** The last message's reply was lost in a server failure: getting one is free. */
  freeReply: boolean;
  actions: MessageActions;
  /** `messageId`: regenerate that reply instead of the last one (after an edit in the middle). */
  generate: (kind: ReplyKind, messageId?: string) => void;
  /** What a regenerate, a continue or a reply costs now (one message), shown beside their buttons. */
  price?: Price | null;
  /** "Branch from here" (branches.tsx). */
  onBranch?: (m: ChatMessage) => void;
  scroller: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  /** Above and below the messages: loading older pages, and (around a search match) newer ones. */
  top?: ReactNode;
  bottom?: ReactNode;
  /** The newest messages are shown (not the page around a search match): the last reply's actions apply. */
  atNewest?: boolean;
  /** A message to highlight (a search match jumped to). */
  highlightId?: string | null;
  /** The Listen control of a saved reply (the voice feature), given by the page. */
  listen?: (m: ChatMessage) => ReactNode;
  /** A group chat (features/groups): each reply's speaker, and who writes the reply streaming in. */
  speakers?: { of: (m: ChatMessage) => Speaker; streaming: Speaker | null };
  /** Minutes of chatting between two "you are talking to an AI" notices (the session's `aiNoticeMinutes`). */
  aiNoticeMinutes?: number;
}

interface Speaker {
  name: string;
  avatarUrl: string | null;
}

/** The text on screen for a message the stream is writing into (a new swipe replaces it, continue adds to it). */
function shownWhileStreaming(m: ChatMessage, streaming: Streaming | null): ChatMessage {
  if (!streaming || m.id !== streaming.replyId) return m;
  return { ...m, content: streaming.kind === 'continue' ? `${m.content} ${streaming.text}` : streaming.text };
}

/** The last message is the user's: its reply is missing (not asked for yet, or lost in a server failure). */
function MissingReply({ freeReply, price, onReply }: { freeReply: boolean; price?: Price | null; onReply: () => void }) {
  return (
    <p className="mx-auto mt-3 flex max-w-3xl items-center justify-end gap-2 text-sm text-fg-subtle">
      {freeReply ? 'The reply to this message was lost in a server failure. Getting one is free.' : 'No reply to this message yet.'}
      {freeReply ? null : <PriceTag price={price} action="A reply" />}
      <Button size="sm" variant="secondary" onClick={onReply}>
        <RefreshCw /> {freeReply ? 'Get a reply (free)' : 'Get a reply'}
      </Button>
    </p>
  );
}

export function MessageList(props: Props) {
  const { character, userName, userAvatar, messages, streaming, freeReply, actions, generate, onBranch, price, scroller, onScroll } = props;
  const { top, bottom, atNewest = true, highlightId, speakers, listen, aiNoticeMinutes = AI_NOTICE_MINUTES } = props;
  const notices = new Set(aiNoticeIndexes(messages, aiNoticeMinutes));
  const notice = <AiNotice name={character.name} group={speakers !== undefined} />;
  const busy = streaming !== null;
  const lastIndex = messages.length - 1;
  const lastReplyIndex = atNewest && messages.at(-1)?.role === 'assistant' ? lastIndex : -1;
  // A group has no greeting: any reply may be regenerated.
  const canReply = (speakers !== undefined || messages.some((m) => m.role === 'user')) && !character.deleted;
  const who = { characterName: character.name, characterAvatar: character.avatarUrl, userName, userAvatar };
  const whoFor = (s: Speaker | null | undefined) => (s ? { ...who, characterName: s.name, characterAvatar: s.avatarUrl } : who);
  return (
    <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-6" aria-live="off">
      {top}
      {/* A highlighted match (ids are UUIDs, checked by the contract); long chats skip the layout and painting of
          messages far off screen (content-visibility), the browser's scroll anchoring keeps the reader's place. */}
      {highlightId ? <style>{`[data-message-id="${highlightId}"] { ${HIGHLIGHT} }`}</style> : null}
      <ol
        className={`mx-auto flex max-w-3xl flex-col gap-3 ${OFFSCREEN}`}
        aria-label={speakers ? `Group chat ${character.name}` : `Conversation with ${character.name}`}
      >
        {messages.length === 0 ? notice : null}
        {messages.map((m, i) => {
          const isStreamingTarget = streaming !== null && m.id === streaming.replyId;
          const isLastReply = i === lastReplyIndex;
          return (
            <Fragment key={m.id}>
              {notices.has(i) ? notice : null}
              <MessageBubble
                message={shownWhileStreaming(m, streaming)}
                {...whoFor(m.role === 'assistant' ? speakers?.of(m) : undefined)}
                streaming={isStreamingTarget}
                busy={busy}
                onEdit={character.deleted ? undefined : (content) => actions.saveEdit(m, content, i)}
                onDelete={() => actions.askDelete(m)}
                onSwipe={m.role === 'assistant' ? (index) => actions.pickSwipe(m, index) : undefined}
                onRegenerate={isLastReply && canReply ? () => generate('regenerate') : undefined}
                onContinue={isLastReply && canReply ? () => generate('continue') : undefined}
                onReport={m.role === 'assistant' && !isStreamingTarget ? () => actions.report(m) : undefined}
                onInspect={m.role === 'assistant' && !isStreamingTarget ? () => actions.inspect(m) : undefined}
                price={isLastReply && canReply ? <PriceTag price={price} action="Regenerate or continue" /> : undefined}
                onBranch={onBranch && !isStreamingTarget ? () => onBranch(m) : undefined}
                listen={m.role === 'assistant' && !isStreamingTarget ? listen?.(m) : undefined}
              />
              {/* The crisis protocol: the card is kept with the message it came with (every device, every reload). */}
              {m.support ? <CrisisSupportCard support={m.support} /> : null}
              {actions.regenerateOffer === m.id && !busy && messages[i + 1]?.role === 'assistant' ? (
                <RegenerateOffer actions={actions} price={price} onRegenerate={() => generate('regenerate', messages[i + 1]!.id)} />
              ) : null}
            </Fragment>
          );
        })}
        {streaming && !messages.some((m) => m.id === streaming.replyId) ? (
          <NewReplyBubble text={streaming.text} who={whoFor(speakers?.streaming)} />
        ) : null}
      </ol>
      {bottom}
      {streaming && streaming.queue > 0 ? (
        <p className="mx-auto mt-3 flex max-w-3xl items-center gap-2 text-sm text-fg-subtle" role="status">
          <Loader2 className="size-4 animate-spin" /> Waiting for the model: number {streaming.queue} in line
        </p>
      ) : null}
      {atNewest && !busy && !character.deleted && messages.at(-1)?.role === 'user' ? (
        <MissingReply freeReply={freeReply} price={price} onReply={() => generate('regenerate')} />
      ) : null}
    </div>
  );
}

interface Who {
  characterName: string;
  characterAvatar: string | null;
  userName: string;
  userAvatar?: string | null;
}

/** A new reply while it streams, before it is a message of the list. */
function NewReplyBubble({ text, who }: { text: string; who: Who }) {
  const message = {
    id: 'streaming',
    role: 'assistant' as const,
    content: text,
    status: 'complete' as const,
    swipes: [],
    swipeIndex: 0,
    editedAt: null,
    persona: null,
  };
  return <MessageBubble message={message} {...who} streaming />;
}

const OFFSCREEN = '[&>li]:[content-visibility:auto] [&>li]:[contain-intrinsic-size:auto_7rem]';
const HIGHLIGHT =
  'border-radius: 1rem; outline: 2px solid var(--color-primary); outline-offset: 4px; background: color-mix(in oklab, var(--color-primary) 12%, transparent);';

/**
 * After an edit of a message a reply answers (the last one or one in the middle): regenerate the reply right after it
 * (the current reply stays as a swipe; later messages stay as they are)?
 */
function RegenerateOffer({ actions, price, onRegenerate }: { actions: MessageActions; price?: Price | null; onRegenerate: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-end gap-2 text-sm text-fg-muted" role="status">
      <span>Your message changed. Regenerate the reply after it? The current reply stays as an alternative.</span>
      <span className="flex items-center gap-2">
        <PriceTag price={price} action="Regenerating the reply" />
        <Button size="sm" variant="ghost" onClick={() => actions.setRegenerateOffer(null)}>
          Keep reply
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            actions.setRegenerateOffer(null);
            onRegenerate();
          }}
        >
          <RefreshCw /> Regenerate reply
        </Button>
      </span>
    </li>
  );
}
