// Search in chats (issue 32): within one conversation and across all of a user's conversations, and the pages of a
// long conversation (older, newer, or around a message a search result points at).
import { z } from 'zod';
import { ChatMessage, ChatRole } from './chat.ts';
import { text } from './text.ts';

export const MAX_CHAT_SEARCH = 100;
export const MAX_MESSAGE_PAGE = 100;

const intParam = (name: string, min: number, max: number, def: number) =>
  z.coerce
    .number<number>({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(def);

export const ChatSearchQuery = z.object({
  q: text({
    required: 'q is required',
    min: 1,
    max: MAX_CHAT_SEARCH,
    tooShort: 'Type something to search for',
    tooLong: `Search text must be at most ${MAX_CHAT_SEARCH} characters`,
  }),
  page: intParam('page', 1, 100, 1),
  limit: intParam('limit', 1, 50, 20),
});
export type ChatSearchQuery = z.infer<typeof ChatSearchQuery>;

/** One matching message: where it is, and a snippet of its text with the matched words as [start, end) ranges. */
export const ChatSearchHit = z
  .object({
    conversationId: z.uuid(),
    messageId: z.uuid(),
    role: ChatRole,
    snippet: z.string(),
    marks: z.array(z.tuple([z.number().int(), z.number().int()])),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatSearchHit' });
export type ChatSearchHit = z.infer<typeof ChatSearchHit>;

/**
 * A hit that also says who wrote it: in a group chat, the member who wrote a reply; null for the user's lines, for
 * a reply whose character was deleted since, and for every line of a one-to-one chat (its character wrote them).
 */
export const ChatSearchGroupChatHit = ChatSearchHit.extend({
  speaker: z.object({ id: z.uuid(), name: z.string() }).nullable(),
}).meta({ id: 'ChatSearchGroupChatHit' });
export type ChatSearchGroupChatHit = z.infer<typeof ChatSearchGroupChatHit>;

/** Matches in one conversation (one-to-one or a group chat), newest first. */
export const ConversationSearchPage = z
  .object({
    q: z.string(),
    items: z.array(ChatSearchGroupChatHit),
    page: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'ConversationSearchPage' });
export type ConversationSearchPage = z.infer<typeof ConversationSearchPage>;

/**
 * Matches across conversations: one result per character (all of the user's one-to-one conversations with it,
 * `kind: 'character'`, the shape this endpoint always had plus `kind`) and one per group chat (`kind: 'groupChat'`,
 * its current members for stacked avatars), newest match first, each with its match count and newest few hits.
 */
export const ChatSearchGroup = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('character'),
      character: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable(), deleted: z.boolean() }),
      /** Matching messages in all of the user's one-to-one conversations with this character. */
      total: z.number().int(),
      hits: z.array(ChatSearchHit),
    })
    .meta({ id: 'ChatSearchCharacterResult' }),
  z
    .object({
      kind: z.literal('groupChat'),
      groupChat: z.object({
        id: z.uuid(),
        name: z.string(),
        /** Current members in turn order (at most MAX_GROUP_MEMBERS). */
        members: z.array(z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() })),
      }),
      /** Matching messages in the group chat. */
      total: z.number().int(),
      hits: z.array(ChatSearchGroupChatHit),
    })
    .meta({ id: 'ChatSearchGroupChatResult' }),
]);
export type ChatSearchGroup = z.infer<typeof ChatSearchGroup>;

export const ChatSearchResults = z
  .object({ q: z.string(), groups: z.array(ChatSearchGroup), page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'ChatSearchResults' });
export type ChatSearchResults = z.infer<typeof ChatSearchResults>;

/** At most one cursor: `before`/`after` a message (older/newer page), or `around` it (a search result); none = newest. */
export const MessagesQuery = z
  .object({
    before: z.uuid({ message: 'before must be a message id' }).optional(),
    after: z.uuid({ message: 'after must be a message id' }).optional(),
    around: z.uuid({ message: 'around must be a message id' }).optional(),
    limit: intParam('limit', 1, MAX_MESSAGE_PAGE, 40),
  })
  .refine((q) => [q.before, q.after, q.around].filter(Boolean).length <= 1, { message: 'Use one of before, after or around' });
export type MessagesQuery = z.infer<typeof MessagesQuery>;

/** A run of consecutive messages, oldest first, and whether there are older or newer ones beyond it. */
export const MessageWindow = z
  .object({ items: z.array(ChatMessage), hasOlder: z.boolean(), hasNewer: z.boolean() })
  .meta({ id: 'MessageWindow' });
export type MessageWindow = z.infer<typeof MessageWindow>;
