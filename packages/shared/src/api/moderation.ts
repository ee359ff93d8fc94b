import { CreateReportBody, CreateReportResponse } from '../schemas/moderation.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

export const moderationEndpoints = {
  report: defineEndpoint({
    method: 'POST',
    path: '/api/reports',
    body: CreateReportBody,
    response: CreateReportResponse,
    status: 201,
    errors: errorBodies(404, 409, 422, 429),
    auth: 'required',
    summary: 'Report a character, an image, a message or a user to the moderators (reason + note)',
    description: 'A subject the caller cannot see answers 404; a second open report of the same subject by the same user answers 409.',
    tags: ['moderation'],
  }),
};
