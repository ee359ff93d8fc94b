import { IdParam } from '../schemas/common.ts';
import { InspectionParams, InspectionQuery, InspectionResponse, LoreToggleBody, LoreToggles, RebuiltPrompt } from '../schemas/inspector.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['chat'] as const;

export const inspectorEndpoints = {
  inspection: defineEndpoint({
    method: 'GET',
    path: '/api/messages/:messageId/inspection',
    params: InspectionParams,
    query: InspectionQuery,
    response: InspectionResponse,
    errors: errorBodies(404),
    auth: 'required',
    summary: "Why this reply: what went into a model reply's prompt (parts and tokens, lore with keys, history) and its numbers",
    description: 'The conversation owner only (404 for anyone else). `inspection` is null for a reply from before the inspector.',
    tags,
  }),
  prompt: defineEndpoint({
    method: 'GET',
    path: '/api/messages/:messageId/inspection/prompt',
    params: InspectionParams,
    query: InspectionQuery,
    response: RebuiltPrompt,
    errors: errorBodies(404),
    auth: 'required',
    summary: "The full text of a reply's prompt, rebuilt from its recorded structure and today's data",
    description: 'The conversation owner only. `changes` says what differs since the reply (an edited fact, a removed entry…).',
    tags,
  }),
  toggleLore: defineEndpoint({
    method: 'PUT',
    path: '/api/conversations/:id/lore',
    params: IdParam,
    body: LoreToggleBody,
    response: LoreToggles,
    errors: errorBodies(404),
    auth: 'required',
    summary: "Turn one of the character's lorebook entries off (or on again) for this conversation, from the next reply on",
    tags,
  }),
};

export type InspectorEndpoints = typeof inspectorEndpoints;
