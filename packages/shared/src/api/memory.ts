import { IdParam } from '../schemas/common.ts';
import { RecallBody, RecallState } from '../schemas/memory.ts';
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
};
