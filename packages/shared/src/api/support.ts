import { IdParam } from '../schemas/common.ts';
import {
  ContentRemovalBody,
  ContentRemovalResponse,
  CreateTicketBody,
  TicketDetail,
  TicketReplyBody,
  TicketsPage,
  TicketsQuery,
} from '../schemas/support.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['support'] as const;

export const supportEndpoints = {
  createTicket: defineEndpoint({
    method: 'POST',
    path: '/api/support/tickets',
    body: CreateTicketBody,
    response: TicketDetail,
    status: 201,
    errors: errorBodies(422, 429),
    auth: 'required',
    summary: 'Open a support ticket {subject, category, message}',
    tags,
  }),
  tickets: defineEndpoint({
    method: 'GET',
    path: '/api/support/tickets',
    query: TicketsQuery,
    response: TicketsPage,
    auth: 'required',
    summary: "The caller's tickets, most recently active first, optionally of one status",
    tags,
  }),
  ticket: defineEndpoint({
    method: 'GET',
    path: '/api/support/tickets/:id',
    params: IdParam,
    response: TicketDetail,
    auth: 'required',
    summary: 'One of the caller’s tickets with its thread (another user’s id answers 404)',
    tags,
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/support/tickets/:id/replies',
    params: IdParam,
    body: TicketReplyBody,
    response: TicketDetail,
    status: 201,
    errors: errorBodies(409, 422, 429),
    auth: 'required',
    summary: 'Reply to your own ticket (reopens it; a closed ticket answers 409)',
    tags,
  }),
  contentRemoval: defineEndpoint({
    method: 'POST',
    path: '/api/content-removal/request',
    body: ContentRemovalBody,
    response: ContentRemovalResponse,
    status: 201,
    errors: errorBodies(422, 429),
    auth: 'optional',
    summary: 'Ask for content to be removed (anyone, signed in or not); acknowledged by mail with a reference number',
    description:
      'Reasons: copyright (needs name and swornStatement: true), likeness, underage, non_consensual, other. ' +
      'Rate-limited per network address and per contact address.',
    tags,
  }),
};
