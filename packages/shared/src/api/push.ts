import { IdParam, SuccessResponse } from '../schemas/common.ts';
import {
  PushConfig,
  PushDevice,
  PushDevicesResponse,
  PushOpenedBody,
  PushSettings,
  SubscribePushBody,
  UpdatePushSettingsBody,
} from '../schemas/push.ts';
import { defineEndpoint } from './endpoint.ts';

const tags = ['notifications'] as const;

export const pushEndpoints = {
  config: defineEndpoint({
    method: 'GET',
    path: '/api/push/config',
    response: PushConfig,
    auth: 'none',
    summary: "The server's VAPID public key (applicationServerKey for pushManager.subscribe)",
    tags,
  }),
  devices: defineEndpoint({
    method: 'GET',
    path: '/api/push/devices',
    response: PushDevicesResponse,
    auth: 'required',
    summary: "The caller's devices that receive pushes, newest first",
    tags,
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/api/push/devices',
    body: SubscribePushBody,
    response: PushDevice,
    status: 201,
    auth: 'required',
    summary: 'Register this browser for pushes (the same endpoint again updates it; at most 10 devices, the oldest make room)',
    tags,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/push/devices/:id',
    params: IdParam,
    response: SuccessResponse,
    auth: 'required',
    summary: 'Stop pushes to one device (another user’s id answers 404)',
    tags,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/push/settings',
    response: PushSettings,
    auth: 'required',
    summary: 'What may push, and quiet hours',
    tags,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/push/settings',
    body: UpdatePushSettingsBody,
    response: PushSettings,
    auth: 'required',
    summary: 'Change what may push and the quiet hours (in the given IANA time zone); null quiet hours = none',
    tags,
  }),
  opened: defineEndpoint({
    method: 'POST',
    path: '/api/push/opened',
    body: PushOpenedBody,
    response: SuccessResponse,
    auth: 'none',
    summary: 'The service worker: a push was opened, so its notification is read (the token from the push proves which)',
    tags,
  }),
};
