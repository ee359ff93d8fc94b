// Saving a generated reply once it ends: a new message (send, or the answer to a message left without one), a new
// alternative of the last reply (regenerate) or more text on it (continue).
import type { ChatCharacter } from './chat-context.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';
import type { NewInspection } from './inspector/inspections.repo.ts';
import type { ConversationMemory } from './memory.ts';
import type { ReplyKind } from './pipeline.types.ts';

export type { ReplyKind };

type Swiped = Pick<ChatMessageRow, 'content' | 'swipes' | 'swipeIndex'>;

const swipesOf = (m: Swiped) => (m.swipes.length ? [...m.swipes] : [m.content]);

/** The reply with `content` as a new alternative, shown. */
export function withNewSwipe(current: Swiped, content: string): Swiped {
  const swipes = [...swipesOf(current), content];
  return { content, swipes, swipeIndex: swipes.length - 1 };
}

/**
 * The reply with `addition` joined to the alternative shown (a space between, unless it starts with punctuation);
 * null keeps the reply's text (a blocked addition is dropped).
 */
export function continued(current: Swiped, addition: string | null): Pick<ChatMessageRow, 'content' | 'swipes'> {
  const swipes = swipesOf(current);
  const content = addition === null ? current.content : `${current.content}${/^[\s.,!?;:…]/.test(addition) ? '' : ' '}${addition}`;
  swipes[Math.min(current.swipeIndex, swipes.length - 1)] = content;
  return { content, swipes };
}

export interface ReplyToSave {
  kind: ReplyKind;
  replyId: string;
  progressId: string;
  /** The reply regenerated or continued; undefined for a new one. */
  target: ChatMessageRow | undefined;
  conversation: ConversationRow;
  character: ChatCharacter;
  userName: string;
  /** The user was still there at the end (the conversation counts as read). */
  read: boolean;
  /** A group chat's reply: the character who writes it. */
  speakerId?: string;
}

/** A message the character writes first is kept only whole: a failed, stopped or blocked one is not shown at all. */
const keepsNothing = (r: ReplyToSave, status: ChatMessageRow['status']) => r.kind === 'first' && status !== 'complete';

/** A saved reply, and the conversation's messages after it when the reply is a new message. */
export interface SavedReply {
  message: ChatMessageRow;
  messages?: number;
  /** Its inspection was saved with it. */
  inspected?: boolean;
}

/**
 * Saves the reply; undefined when there was nothing to save (no words, or the reply was deleted meanwhile). A new
 * message is saved with its inspection, when the inspector made one (`inspected` then says so).
 */
export async function saveReply(
  deps: Pick<ChatDeps, 'uow' | 'settings'> & { memory: ConversationMemory },
  r: ReplyToSave,
  content: string,
  status: ChatMessageRow['status'],
  inspection?: () => NewInspection | undefined,
): Promise<SavedReply | undefined> {
  if (!r.target) {
    if (!content.trim() || keepsNothing(r, status)) return undefined;
    const unprompted = r.kind === 'first';
    const reply = {
      id: r.replyId,
      conversationId: r.conversation.id,
      content,
      status,
      progressId: r.progressId,
      speakerId: r.speakerId,
      unprompted,
    };
    const inspected = inspection?.();
    const saved = await deps.uow.repos.chat.insertReply(reply, r.read, inspected);
    if (!saved) return undefined;
    if (status === 'complete' && saved.messageCount - saved.summarizedCount >= deps.settings.memoryEvery) {
      deps.memory.summarizeLater(r.conversation.id, r.character, r.userName);
    }
    return { message: saved.message, messages: saved.messageCount, inspected: !!inspected };
  }
  return deps.uow.run(async ({ chat, replyProgress }) => {
    const current = await chat.message(r.replyId);
    if (!current) return undefined;
    await replyProgress.deleteProgress(r.progressId);
    if (r.kind === 'regenerate' && !content.trim()) return undefined;
    const blocked = status === 'blocked';
    const patch =
      r.kind === 'regenerate'
        ? { ...withNewSwipe(current, content), status }
        : { ...continued(current, blocked ? null : content), status: blocked ? current.status : status };
    const row = await chat.updateMessage(current.id, patch);
    await chat.touch(r.conversation.id, 0, r.read);
    return { message: row! };
  });
}
