import { IdParam } from '../schemas/common.ts';
import {
  AccountDeletionResponse,
  AccountExportResponse,
  AccountExportsResponse,
  DeleteAccountBody,
  RestoreAccountBody,
  RestoreAccountResponse,
} from '../schemas/account.ts';
import { TransferFile } from '../schemas/transfer.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['account'] as const;

export const accountEndpoints = {
  requestExport: defineEndpoint({
    method: 'POST',
    path: '/api/account/exports',
    response: AccountExportResponse,
    status: 202,
    errors: errorBodies(409, 429),
    auth: 'required',
    summary: 'Ask for a zip of all your data; it is prepared in the background and a notification says when it is ready',
    description:
      'One export at a time (409 while one is being prepared) and a few a day (429). The zip holds the profile, characters ' +
      '(.charx), chats (.jsonl), pictures, the coin ledger and invoices; it can be downloaded for 7 days.',
    tags,
  }),
  listExports: defineEndpoint({
    method: 'GET',
    path: '/api/account/exports',
    response: AccountExportsResponse,
    auth: 'required',
    summary: 'Your recent data exports, newest first',
    tags,
  }),
  downloadExport: defineEndpoint({
    method: 'GET',
    path: '/api/account/exports/:id/download',
    params: IdParam,
    response: TransferFile,
    errors: errorBodies(409, 410, 429),
    auth: 'required',
    summary: 'Download a ready export (its owner only)',
    tags,
  }),
  scheduleDeletion: defineEndpoint({
    method: 'POST',
    path: '/api/account/deletion',
    body: DeleteAccountBody,
    response: AccountDeletionResponse,
    status: 202,
    errors: errorBodies(409, 429),
    auth: 'required',
    summary: 'Schedule the deletion of your account: signs out everywhere and mails a link that undoes it within 7 days',
    tags,
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/api/account/restore',
    body: RestoreAccountBody,
    response: RestoreAccountResponse,
    errors: errorBodies(429),
    auth: 'none',
    summary: 'Cancel a scheduled account deletion with the link mailed to the owner',
    tags,
  }),
} as const;
