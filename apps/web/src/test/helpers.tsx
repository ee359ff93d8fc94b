// Test-only helpers for the session features: a fetch mock answering by "METHOD /path" with real
// Response objects, a user record, and a render wrapper with the app's providers.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { User } from '@reverie/shared';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { resetApiClientState } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { requestQueue } from '@/lib/request-queue';
import { resetToasts } from '@/lib/toast';
import { AuthDialogProvider } from '@/features/auth';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, message: string, extra: Record<string, unknown> = {}, details?: Record<string, unknown>) =>
  json({ error: { code: 'ERR', message, ...(details ? { details } : {}) }, message, ...extra }, status);

type Handler = (init: RequestInit, url: string) => Response | Promise<Response>;

/** Stubs fetch; unmatched calls answer 404. Returns the mock and a list of "METHOD path" calls. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ key, body });
    if (key === 'GET /api/auth/csrf' && !routes[key]) return json({ csrfToken: 'csrf-1' });
    const handler = routes[key];
    return handler ? handler(init, input) : apiError(404, `No mock for ${key}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((c) => c.key === key) };
}

export function resetClientState(): void {
  resetApiClientState();
  requestQueue.reset();
  queryClient.clear();
  resetToasts();
}

const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
export const jwt = (expSecondsFromNow = 3600) =>
  `${b64url('{"alg":"EdDSA"}')}.${b64url(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expSecondsFromNow }))}.sig`;

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    username: 'luna',
    email: 'luna@example.com',
    avatarUrl: null,
    bio: null,
    coins: 40,
    tier: 'free',
    role: 'user',
    emailVerified: true,
    hasPassword: true,
    preferences: { selectedTags: [], completedOnboarding: true, nsfwEnabled: false },
    settings: { emailNotifications: true, showNsfwByDefault: false, language: 'en' },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function renderWithProviders(ui: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AuthDialogProvider>{ui}</AuthDialogProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}
