// The frame of a conversation page (one-to-one or group): the header and the list above, the model's state, the
// problem banner and the controls below; the memory beside (or in a dialog) and the search in the conversation.
import type { ReactNode } from 'react';
import type { ChatSearchGroupChatHit, ChatSession } from '@reverie/shared';
import type { Problem } from '../hooks/use-chat-problem';
import type { ConversationView } from '../hooks/use-conversation-view';
import { ChatSearchDialog } from './chat-search-dialog';
import { MemoryAside, MemoryDialog } from './memory-panel';
import { ModelStatus } from './model-status';
import { ProblemBanner } from './problem-banner';

interface FrameProps {
  view: ConversationView;
  /** The character the routes name (a group's stands-in character). */
  characterId: string;
  conversationId: string;
  /** The name the memory dialog shows (the character's or the group's). */
  name: string;
  memory: ChatSession['memory'];
  /** Under the memory, beside or in its dialog. */
  memoryExtra?: ReactNode;
  /** Which of the frame's dialogs is open ('memory', 'search' or one of the page's own). */
  dialog: string | null;
  onCloseDialog: () => void;
  problem: Problem | null;
  onRetry: () => void;
  onDismiss: () => void;
  search: { label: string; replyAuthor: (hit: ChatSearchGroupChatHit) => string };
  /** The header (the branch strip comes under it), and anything between the strip and the list. */
  header: ReactNode;
  above?: ReactNode;
  list: ReactNode;
  /** Below the problem banner: the composer (and a group's turn controls). */
  controls: ReactNode;
  /** The page's own dialogs, before the search and after it. */
  dialogs?: ReactNode;
  after?: ReactNode;
}

export function ConversationFrame(props: FrameProps) {
  const { view, problem, conversationId, memory, dialog, search } = props;
  const model = view.model.data;
  const onOpenChange = (open: boolean) => !open && props.onCloseDialog();
  return (
    // The shell gives a conversation the screen's height left by its banners (app-layout.tsx): below 1024 px the
    // whole screen above the on-screen keyboard (its header and bottom bar hidden), on desktop all under the header.
    <div className="flex h-full min-h-0">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden">
        {props.header}
        {view.branches.strip}
        {props.above}
        {props.list}
        {/* When the screen is short (a phone's keyboard open), the notes give way and scroll; the composer stays. */}
        <div className="min-h-0 shrink overflow-y-auto">
          <ModelStatus status={model} />
          {problem && !(problem.kind === 'model' && model && !model.ready) ? (
            <ProblemBanner problem={problem} characterId={props.characterId} onRetry={props.onRetry} onDismiss={props.onDismiss} />
          ) : null}
        </div>
        {props.controls}
      </div>
      <MemoryAside conversationId={conversationId} memory={memory} extra={props.memoryExtra} />
      <MemoryDialog
        open={dialog === 'memory'}
        {...{ onOpenChange, memory, conversationId }}
        characterName={props.name}
        extra={props.memoryExtra}
      />
      {props.dialogs}
      <ChatSearchDialog
        open={dialog === 'search'}
        {...{ onOpenChange, conversationId }}
        searchLabel={search.label}
        replyAuthor={search.replyAuthor}
        onJump={view.win.jumpTo}
      />
      {props.after}
    </div>
  );
}
