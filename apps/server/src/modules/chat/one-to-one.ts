// A one-to-one conversation as the reply pipeline's source (generation.ts): the character, the conversation asked
// for (or the caller's latest with the character; none yet: a first message opens one) and everything else read in
// one statement (chat-context.repo.ts); the character always speaks, with its own card.
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChatContext } from './chat-context.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import { promptHistory } from './model-request.ts';
import type { ReplySource } from './pipeline.types.ts';

/** The conversation a one-to-one reply is asked for in. */
export interface OneToOne {
  characterId: string;
  /** None: the caller's latest with the character (none yet: a first message opens one). */
  conversationId?: string;
}

export function oneToOne(deps: Pick<ChatDeps, 'uow'>, where: OneToOne): ReplySource<ChatContext> {
  const { characterId, conversationId } = where;
  return {
    group: false,
    async read({ userId, limit, recallQuery }) {
      const ctx = await deps.uow.repos.chatContext.context({ userId, characterId, conversationId, limit, recallQuery });
      if (!ctx) throw AppError.notFound('Character');
      return ctx;
    },
    conversation({ conversation: found }, actor: Actor) {
      if (conversationId && (!found || found.userId !== actor.userId || found.characterId !== characterId || found.isGroup)) {
        throw AppError.notFound('Conversation');
      }
      return found;
    },
    speaker: (read) => read.character,
    deletedRefusal: () => 'This character was deleted by its creator: the conversation can be read but not continued.',
    prompt: (_read, p) => ({ history: promptHistory(p.newest, p.kind, p.target, p.content, p.historyMessages) }),
  };
}
