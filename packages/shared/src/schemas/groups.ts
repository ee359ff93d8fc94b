// Group chats: a conversation shared by the user and two to eight characters, who take turns replying.
import { z } from 'zod';
import { ChatCost, ChatMemory, ChatMessage, ChatReply, CrisisSupport, MAX_CHAT_MESSAGE } from './chat.ts';
import { defineStreamEvents, StreamErrorEvent, type StreamEvent } from './events.ts';
import { text } from './text.ts';

export const MIN_GROUP_MEMBERS = 2;
export const MAX_GROUP_MEMBERS = 8;
export const MAX_GROUP_NAME = 80;
export const MAX_GROUP_SCENARIO = 2000;

/**
 * How the next speaker is picked: `natural` (named in the user's last message, else the character the user answered,
 * else whoever spoke least recently), `round_robin` (member order), `manual` (the user picks every time).
 */
export const GroupTurnMode = z.enum(['natural', 'round_robin', 'manual']);
export type GroupTurnMode = z.infer<typeof GroupTurnMode>;

export const GroupMember = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  tagline: z.string(),
  premium: z.boolean(),
  nsfw: z.boolean(),
  deleted: z.boolean(),
});
export type GroupMember = z.infer<typeof GroupMember>;

export const Group = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scenario: z.string(),
    turnMode: GroupTurnMode,
    conversationId: z.uuid(),
    /** The character id the conversation's message routes take (edit, delete, swipe, history: /api/chat/{characterId}/…). */
    chatCharacterId: z.uuid(),
    /** The current members in turn order. */
    members: z.array(GroupMember),
    /** Characters who wrote earlier messages but have left the group (their names still label those messages). */
    formerMembers: z.array(GroupMember),
    /** Who the turn order picks for the next reply without a new message (null in manual mode). */
    nextSpeakerId: z.uuid().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof Group>;

export const GroupSession = z
  .object({
    group: Group,
    /** The latest messages, oldest first. */
    messages: z.array(ChatMessage),
    hasMore: z.boolean(),
    /** What each generated reply costs (free allowance first, then coins). */
    cost: ChatCost,
    memory: ChatMemory,
    /** Minutes of chatting between two "you are talking to an AI" notices. */
    aiNoticeMinutes: z.number().int().positive().optional(),
  })
  .meta({ id: 'GroupSession' });
export type GroupSession = z.infer<typeof GroupSession>;

const groupName = text({
  min: 1,
  max: MAX_GROUP_NAME,
  required: 'name is required',
  tooShort: 'Give the group a name',
  tooLong: `A group name can be at most ${MAX_GROUP_NAME} characters`,
});
const groupScenario = text({
  max: MAX_GROUP_SCENARIO,
  multiline: true,
  tooLong: `A scenario can be at most ${MAX_GROUP_SCENARIO.toLocaleString('en')} characters`,
});
const characterId = z.uuid({ message: 'must be a valid character id' });

export const CreateGroupBody = z.object({
  name: groupName,
  scenario: groupScenario.optional(),
  turnMode: GroupTurnMode.optional(),
  characterIds: z
    .array(characterId)
    .min(MIN_GROUP_MEMBERS, `A group needs at least ${MIN_GROUP_MEMBERS} characters`)
    .max(MAX_GROUP_MEMBERS, `A group can have at most ${MAX_GROUP_MEMBERS} characters`)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each character can join a group once' }),
});
export type CreateGroupBody = z.infer<typeof CreateGroupBody>;

export const UpdateGroupBody = z
  .object({ name: groupName.optional(), scenario: groupScenario.optional(), turnMode: GroupTurnMode.optional() })
  .refine((b) => b.name !== undefined || b.scenario !== undefined || b.turnMode !== undefined, {
    message: 'Send name, scenario or turnMode',
  });

export const GroupMemberBody = z.object({ characterId });
export const GroupMemberParams = z.object({ id: z.uuid({ message: 'must be a valid id' }), characterId });

export const GroupSendBody = z.object({
  content: text({
    min: 1,
    max: MAX_CHAT_MESSAGE,
    multiline: true,
    required: 'content is required',
    tooShort: 'Write a message first',
    tooLong: `Messages can be at most ${MAX_CHAT_MESSAGE.toLocaleString('en')} characters`,
  }),
  /** Who replies (required in manual mode; otherwise the turn order picks). */
  speakerId: characterId.optional(),
});
export type GroupSendBody = z.infer<typeof GroupSendBody>;

/** "Let X speak": a reply from X (or, without an id, from whoever the turn order picks) with no new message. */
export const GroupSpeakBody = z.object({ characterId: characterId.optional() });

/** The character a streamed reply is written by: the first event of a group reply. */
export const GroupSpeaker = z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() });
export type GroupSpeaker = z.infer<typeof GroupSpeaker>;

/**
 * Server-sent events of a group reply: `speaker` {id, name, avatarUrl} first, then those of a one-to-one reply
 * (`queue`, `start`, `token`…, `done` | `error`).
 */
export const GroupStreamEvents = defineStreamEvents({
  speaker: GroupSpeaker,
  queue: z.object({ position: z.number().int().min(0) }),
  start: z.object({ userMessage: ChatMessage.nullable(), replyId: z.uuid(), support: CrisisSupport.nullable().optional() }),
  token: z.object({ text: z.string() }),
  done: z.object({ message: ChatMessage, stats: ChatReply.shape.stats }),
  error: StreamErrorEvent,
});
export type GroupStreamEvent = StreamEvent<typeof GroupStreamEvents>;

/** JSON answer of a group reply when the client does not ask for an event stream. */
export const GroupReply = ChatReply.extend({ speaker: GroupSpeaker }).meta({ id: 'GroupReply' });
export type GroupReply = z.infer<typeof GroupReply>;
