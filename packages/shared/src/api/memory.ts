import { IdParam } from '../schemas/common.ts';
import { AddMemoryBody, EditMemoryBody, JournalMemory, MemoryJournal, MemoryParams, RecallBody, RecallState } from '../schemas/memory.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['chat'] as const;

export const memoryEndpoints = {
  setRecall: defineEndpoint({
    method: 'PUT',
    path: '/api/conversations/:id/recall',
    params: IdParam,
    body: RecallBody,
    response: RecallState,
    errors: errorBodies(404),
    auth: 'required',
    summary: "Turn recall on or off for one of the caller's conversations",
    description: 'Recall brings passages from earlier in the conversation into the prompt, found by words and by meaning.',
    tags,
  }),
  journal: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:id/memories',
    params: IdParam,
    response: MemoryJournal,
    errors: errorBodies(404),
    auth: 'required',
    summary: "The journal of memories of one of the caller's conversations (its character's, or its group's)",
    description: 'Pinned memories first, then the newest. Every conversation with the same character (or group) shares them.',
    tags,
  }),
  addMemory: defineEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/memories',
    params: IdParam,
    body: AddMemoryBody,
    response: JournalMemory,
    status: 201,
    errors: errorBodies(404, 409, 422),
    auth: 'required',
    summary: "Add a memory to the journal of a conversation's character (or group)",
    description: 'At most 200 memories per character or group; 409 beyond that. Checked against the content policy (422).',
    tags,
  }),
  editMemory: defineEndpoint({
    method: 'PATCH',
    path: '/api/conversations/:id/memories/:memoryId',
    params: MemoryParams,
    body: EditMemoryBody,
    response: JournalMemory,
    errors: errorBodies(404, 422),
    auth: 'required',
    summary: 'Edit the text of a memory, or pin or unpin it',
    tags,
  }),
  forgetMemory: defineEndpoint({
    method: 'DELETE',
    path: '/api/conversations/:id/memories/:memoryId',
    params: MemoryParams,
    response: MemoryJournal,
    errors: errorBodies(404),
    auth: 'required',
    summary: 'Forget a memory (delete it); answers the journal without it',
    tags,
  }),
};
