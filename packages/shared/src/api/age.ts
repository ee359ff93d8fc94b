// Age assurance (docs/compliance.md): the viewer's standing, starting a check, the sandbox's hosted page, the
// provider's signed webhook, and the admin's view and reset.
import { IdParam } from '../schemas/common.ts';
import {
  AdminAgeAssurance,
  AgeAssuranceState,
  AgeWebhookResponse,
  CompleteSandboxAgeCheckBody,
  SandboxAgeCheck,
  StartAgeCheckResponse,
} from '../schemas/age.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['age-assurance'] as const;

export const ageEndpoints = {
  state: defineEndpoint({
    method: 'GET',
    path: '/api/age-assurance',
    response: AgeAssuranceState,
    auth: 'optional',
    summary: "The viewer's age-assurance standing where they are now (required, done, locked)",
    tags,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/age-assurance/checks',
    response: StartAgeCheckResponse,
    status: 201,
    errors: errorBodies(409, 429),
    auth: 'required',
    summary: 'Start an age check with the configured provider: open `url` to do it',
    description: '409 when the account already passed. Rate-limited per account (a check costs the operator money).',
    tags,
  }),
  sandboxGet: defineEndpoint({
    method: 'GET',
    path: '/api/age-assurance/sandbox/:id',
    params: IdParam,
    response: SandboxAgeCheck,
    auth: 'required',
    summary: "Sandbox (test mode): one of the caller's checks",
    description: '404 unless AGE_ASSURANCE_PROVIDER=sandbox.',
    tags,
  }),
  sandboxComplete: defineEndpoint({
    method: 'POST',
    path: '/api/age-assurance/sandbox/:id/complete',
    params: IdParam,
    body: CompleteSandboxAgeCheckBody,
    response: SandboxAgeCheck,
    errors: errorBodies(409),
    auth: 'required',
    summary: 'Sandbox (test mode): end a check as passed, failed, could not verify, or abandoned',
    tags,
  }),
  veriffWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/age-assurance/webhooks/veriff',
    response: AgeWebhookResponse,
    errors: errorBodies(400, 404),
    auth: 'none',
    summary: 'Veriff decision webhook (raw body, X-HMAC-SIGNATURE verified; each delivery counted once)',
    description: '404 unless AGE_ASSURANCE_PROVIDER=veriff.',
    tags,
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/age-assurance',
    params: IdParam,
    response: AdminAgeAssurance,
    auth: 'required',
    summary: "Admin: an account's age-assurance checks",
    tags,
  }),
  adminReset: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/age-assurance/reset',
    params: IdParam,
    response: AdminAgeAssurance,
    auth: 'required',
    summary: "Admin: reset an account's age assurance (it must check again)",
    tags,
  }),
} as const;
