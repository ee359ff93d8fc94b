import { CreateReportBody, CreateReportResponse, ReviewRequestBody, ReviewRequestResponse } from '../schemas/moderation.ts';
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
  askForReview: defineEndpoint({
    method: 'POST',
    path: '/api/moderation/review-requests',
    body: ReviewRequestBody,
    response: ReviewRequestResponse,
    status: 201,
    errors: errorBodies(404, 429),
    auth: 'required',
    summary: 'Ask a moderator to review a blocked text (the problems the 422 listed, and a note)',
    description: 'The item lands in the moderation queue with the rules and spans. A characterId the caller cannot see answers 404.',
    tags: ['moderation'],
  }),
};
