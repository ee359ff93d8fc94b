import { IdParam } from '../schemas/common.ts';
import { ChatSearchQuery, ChatSearchResults, ConversationSearchPage, MessagesQuery, MessageWindow } from '../schemas/chat-search.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['chat'] as const;

export const chatSearchEndpoints = {
  all: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/search',
    query: ChatSearchQuery,
    response: ChatSearchResults,
    errors: errorBodies(429),
    auth: 'required',
    summary: "Search the caller's conversations: matches grouped by character and by group chat, newest first, each with a snippet",
    description:
      'Full-text (any form of a word: "dragons" finds "dragon") with trigram similarity for typos ("dragn"). Pages the results (characters and group chats).',
    tags,
  }),
  inConversation: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:id/search',
    params: IdParam,
    query: ChatSearchQuery,
    response: ConversationSearchPage,
    errors: errorBodies(404, 429),
    auth: 'required',
    summary: "Search one of the caller's conversations: matching messages newest first, with snippets",
    tags,
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:id/messages',
    params: IdParam,
    query: MessagesQuery,
    response: MessageWindow,
    errors: errorBodies(404),
    auth: 'required',
    summary: "A page of a conversation's messages: the newest, before or after a message, or around one",
    tags,
  }),
} as const;
