// Chat: conversations with characters, their messages (with swipes: alternative replies), memory and model status.
import { z } from 'zod';
import { defineStreamEvents, StreamErrorEvent, type StreamEvent } from './events.ts';
import { PageQuery, pageOf } from './characters.ts';
import { text } from './text.ts';

export const MAX_CHAT_MESSAGE = 4000;
export const MAX_PINNED_FACTS = 20;
export const MAX_PINNED_FACT = 300;
export const MAX_MEMORY_SUMMARY = 4000;

export const ChatRole = z.enum(['user', 'assistant']);
/** `incomplete`: generation stopped or failed part-way (what was generated is kept); `blocked`: replaced by a policy notice. */
export const ChatMessageStatus = z.enum(['complete', 'incomplete', 'blocked']);

/** The persona a user's message was written as: its name and avatar as they are now. */
export const MessagePersona = z.object({ name: z.string(), avatarUrl: z.string().nullable() }).meta({ id: 'MessagePersona' });
export type MessagePersona = z.infer<typeof MessagePersona>;

/**
 * The crisis protocol (docs/compliance.md): shown in the chat under a message of the user's that expressed thoughts of
 * suicide or self-harm. Written by people, chosen for the user's country (`region`; null: a general list).
 */
export const CrisisSupport = z
  .object({
    region: z.string().nullable(),
    message: z.string(),
    resources: z.array(z.object({ name: z.string(), contact: z.string(), url: z.string().optional() })),
    emergency: z.string(),
  })
  .meta({ id: 'CrisisSupport' });
export type CrisisSupport = z.infer<typeof CrisisSupport>;

export const ChatMessage = z
  .object({
    id: z.uuid(),
    conversationId: z.uuid(),
    role: ChatRole,
    content: z.string(),
    status: ChatMessageStatus,
    /** Every alternative reply (assistant messages); `content` is swipes[swipeIndex]. Empty for user messages. */
    swipes: z.array(z.string()),
    swipeIndex: z.number().int(),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    /** A picture the character sends (images module): its generation job; the message's text is the caption. */
    picture: z.object({ jobId: z.uuid() }).nullable().optional(),
    /** In a group chat: the character who wrote this reply (see schemas/groups.ts). */
    speakerId: z.uuid().nullable().optional(),
    /**
     * A user's message: the persona it was written as; written as no persona (or as one deleted since), the account's
     * username and avatar, never the persona in force now. Null for replies.
     */
    persona: MessagePersona.nullable(),
    /** A reply the character wrote first, while the user had not written (characters that write first). */
    unprompted: z.boolean().optional(),
    /** A user's message that expressed a crisis: the resources shown with it, kept with the message (absent: none). */
    support: CrisisSupport.optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

/** Default minutes between two "you are talking to an AI" notices (AI_NOTICE_INTERVAL_MINUTES). */
export const AI_NOTICE_MINUTES = 180;

export const ChatCharacter = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  tagline: z.string(),
  creator: z.object({ id: z.uuid(), username: z.string() }),
  premium: z.boolean(),
  nsfw: z.boolean(),
  /** The character was deleted by its creator: the conversation stays readable, no new messages. */
  deleted: z.boolean(),
});
export type ChatCharacter = z.infer<typeof ChatCharacter>;

export const ChatMemory = z.object({
  summary: z.string(),
  pinned: z.array(z.string()),
  /** When the summary was last written (by the model or the user). */
  updatedAt: z.string().nullable(),
  /** Recall (issue 41): passages from earlier in the conversation go into the prompt; the user may turn it off. */
  recall: z.boolean().default(true),
});
export type ChatMemory = z.infer<typeof ChatMemory>;

/** The pauses a user may choose before a character writes first (hours): a few hours to a few days. */
export const WRITES_FIRST_HOURS = [4, 8, 24, 48, 72] as const;

/**
 * Whether the character of a one-to-one conversation may write first ("may message me", off by default) and after
 * how long; `available`: the deployment and the caller's plan allow it at all.
 */
export const WritesFirst = z
  .object({
    enabled: z.boolean(),
    afterHours: z.number().int(),
    available: z.boolean(),
    /** Unanswered messages the character wrote first in a row (it stops at three until the user writes). */
    unanswered: z.number().int(),
  })
  .meta({ id: 'WritesFirst' });
export type WritesFirst = z.infer<typeof WritesFirst>;

export const WritesFirstBody = z.object({
  enabled: z.boolean(),
  afterHours: z
    .number()
    .int()
    .refine((h) => (WRITES_FIRST_HOURS as readonly number[]).includes(h), {
      message: `The pause must be one of ${WRITES_FIRST_HOURS.join(', ')} hours`,
    })
    .default(24),
});

/** What the next message costs the caller: free from today's allowance, else `costPerMessage` coins. */
export const ChatCost = z.object({
  freeLeft: z.number().int(),
  costPerMessage: z.number().int(),
  balance: z.number().int(),
});
export type ChatCost = z.infer<typeof ChatCost>;

export const ChatSession = z
  .object({
    conversation: z.object({ id: z.uuid(), createdAt: z.string(), updatedAt: z.string() }),
    character: ChatCharacter,
    /** The latest messages, oldest first. */
    messages: z.array(ChatMessage),
    hasMore: z.boolean(),
    cost: ChatCost,
    memory: ChatMemory,
    /** The last message was left without its reply by a server failure: "Get a reply" is free for it. */
    freeReply: z.boolean().optional(),
    /** Minutes of chatting between two "you are talking to an AI" notices (lib/ai-notices.ts places them). */
    aiNoticeMinutes: z.number().int().positive().optional(),
  })
  .meta({ id: 'ChatSession' });
export type ChatSession = z.infer<typeof ChatSession>;

export const CharacterIdParam = z.object({ characterId: z.uuid({ message: 'must be a valid character id' }) });
export const ChatMessageParams = CharacterIdParam.extend({ messageId: z.uuid({ message: 'must be a valid message id' }) });
export const ReplyIdParam = z.object({ replyId: z.uuid({ message: 'must be a valid reply id' }) });
export const StopReplyResult = z.object({ stopped: z.literal(true) });
export type StopReplyResult = z.infer<typeof StopReplyResult>;
export const ChatSessionQuery = z.object({ conversationId: z.uuid({ message: 'conversationId must be a valid id' }).optional() });

export const SendMessageBody = z.object({
  content: text({
    min: 1,
    max: MAX_CHAT_MESSAGE,
    multiline: true,
    required: 'content is required',
    tooShort: 'Write a message first',
    tooLong: `Messages can be at most ${MAX_CHAT_MESSAGE.toLocaleString('en')} characters`,
  }),
  conversationId: z.uuid({ message: 'conversationId must be a valid id' }).optional(),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

export const ConversationRef = z.object({ conversationId: z.uuid({ message: 'conversationId must be a valid id' }) });
/** Regenerate: the last reply, or `messageId`, a reply in the middle (its history ends at the message it answers). */
export const RegenerateBody = ConversationRef.extend({ messageId: z.uuid({ message: 'messageId must be a valid message id' }).optional() });

/** JSON answer of send/regenerate/continue when the client does not ask for an event stream. */
export const ChatReply = z
  .object({
    userMessage: ChatMessage.nullable(),
    reply: ChatMessage,
    stats: z.object({ tokens: z.number().int(), ms: z.number() }),
    /** The user's message expressed a crisis: resources to show beside it. */
    support: CrisisSupport.nullable().optional(),
  })
  .meta({ id: 'ChatReply' });
export type ChatReply = z.infer<typeof ChatReply>;

export const EditMessageBody = z
  .object({
    content: text({ min: 1, max: MAX_CHAT_MESSAGE * 2, multiline: true, tooShort: 'A message cannot be empty' }).optional(),
    swipeIndex: z.number().int().min(0).max(99).optional(),
  })
  .refine((b) => b.content !== undefined || b.swipeIndex !== undefined, { message: 'Send content or swipeIndex' });

export const ChatHistoryQuery = PageQuery.extend({
  characterId: z.uuid({ message: 'characterId must be a valid id' }),
  conversationId: z.uuid({ message: 'conversationId must be a valid id' }).optional(),
});
export const ChatHistoryPage = pageOf(ChatMessage);

export const LastMessage = z.object({ role: ChatRole, content: z.string(), createdAt: z.string() }).nullable();

export const ConversationSummary = z
  .object({
    id: z.uuid(),
    character: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable(), deleted: z.boolean() }),
    /** A group chat (schemas/groups.ts): its name and members, for stacked avatars; absent for one-to-one chats. */
    group: z
      .object({
        id: z.uuid(),
        name: z.string(),
        members: z.array(z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() })),
      })
      .nullable()
      .optional(),
    /** Its branch (schemas/branches.ts) when its conversation has branches: "Main", "Branch 2"…, its place and their number. */
    branch: z.object({ title: z.string(), position: z.number().int(), count: z.number().int() }).nullable().optional(),
    lastMessage: LastMessage,
    messageCount: z.number().int(),
    unread: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof ConversationSummary>;
export const ConversationPage = pageOf(ConversationSummary);
export type ConversationPage = z.infer<typeof ConversationPage>;
export const ConversationsQuery = PageQuery;
export const CharacterConversations = z.object({ items: z.array(ConversationSummary) });

export const MemoryBody = z.object({
  summary: text({ max: MAX_MEMORY_SUMMARY, multiline: true, tooLong: `The summary can be at most ${MAX_MEMORY_SUMMARY} characters` }),
  pinned: z
    .array(
      text({
        min: 1,
        max: MAX_PINNED_FACT,
        tooShort: 'A pinned fact cannot be empty',
        tooLong: `A pinned fact can be at most ${MAX_PINNED_FACT} characters`,
      }),
    )
    .max(MAX_PINNED_FACTS, `At most ${MAX_PINNED_FACTS} pinned facts`),
});

export const ChatStatus = z
  .object({
    provider: z.enum(['embedded', 'openai']),
    model: z.string(),
    contextSize: z.number().int(),
    ready: z.boolean(),
    state: z.enum(['ready', 'loading', 'downloading', 'error']),
    /** 0–100 while the model downloads. */
    progress: z.number().nullable(),
    message: z.string().nullable(),
    /** What went wrong, in words, while the model is not ready: a failed download attempt being retried, or the failure. */
    problem: z.string().nullable(),
    /** POST /api/chat/status/retry would start the model again now. */
    canRetry: z.boolean(),
    active: z.number().int(),
    queued: z.number().int(),
    /** The built-in diagnostic character of /test-chat. */
    diagnosticCharacterId: z.uuid().nullable(),
  })
  .meta({ id: 'ChatStatus' });
export type ChatStatus = z.infer<typeof ChatStatus>;

/** POST /api/chat/test: a tiny chat request against the configured model (the /test page's check). */
export const ChatModelCheck = z
  .object({
    provider: z.enum(['embedded', 'openai']),
    model: z.string(),
    /** Tokens the model wrote, and how long it took from the request to the last one. */
    tokens: z.number().int(),
    ms: z.number(),
    firstTokenMs: z.number().nullable(),
    tokensPerSecond: z.number(),
    /** What it wrote (short; replaced by a notice if the blocked-content policy withheld it). */
    text: z.string(),
  })
  .meta({ id: 'ChatModelCheck' });
export type ChatModelCheck = z.infer<typeof ChatModelCheck>;

/**
 * Server-sent events of POST …/message, …/regenerate and …/continue (Accept: text/event-stream):
 * `queue` {position} while waiting for the model, `start` {userMessage, replyId}, `token` {text} …,
 * then `done` {message, stats} or `error` {code, message} (the reply is then kept as incomplete and refunded).
 */
export const ChatStreamEvents = defineStreamEvents({
  queue: z.object({ position: z.number().int().min(0) }),
  start: z.object({ userMessage: ChatMessage.nullable(), replyId: z.uuid(), support: CrisisSupport.nullable().optional() }),
  token: z.object({ text: z.string() }),
  done: z.object({ message: ChatMessage, stats: ChatReply.shape.stats }),
  error: StreamErrorEvent,
});
export type ChatStreamEvent = StreamEvent<typeof ChatStreamEvents>;
