import { describe, expect, it } from 'vitest';
import type { FaqGroup } from '@reverie/shared/schemas/content';
import type { ChatStatus, HealthResponse } from '@reverie/shared';
import { filterFaq } from './components/faq-section';
import { routeKey } from './api/get-api-routes';
import { formatUptime, healthRows, modelRow, overallOf } from './components/server-diagnostics';
import { describeExpiry, describePermissions } from './components/session-inspector';

const groups: FaqGroup[] = [
  {
    id: 'accounts',
    title: 'Accounts',
    items: [{ id: 'a', question: 'How do I delete my account?', answer: 'Write to the privacy address.' }],
  },
  {
    id: 'images',
    title: 'Images',
    items: [
      { id: 'b', question: 'Who can see my pictures?', answer: 'Only you, until you share a picture.' },
      { id: 'c', question: 'A generation failed.', answer: 'Coins are refunded automatically.' },
    ],
  },
];

describe('FAQ search', () => {
  it('keeps questions whose question or answer contains every word, ignoring case and accents', () => {
    expect(filterFaq(groups, 'REFÜNDED coins').flatMap((g) => g.items.map((i) => i.id))).toEqual(['c']);
    expect(filterFaq(groups, 'picture').map((g) => g.id)).toEqual(['images']);
    expect(filterFaq(groups, 'accounts delete')[0]?.items[0]?.id).toBe('a');
  });
  it('returns everything for an empty search and nothing for a miss', () => {
    expect(filterFaq(groups, '   ')).toBe(groups);
    expect(filterFaq(groups, 'dragons')).toEqual([]);
  });
});

describe('/test rows', () => {
  it('shows states and kinds but never the detail texts, which may hold internal addresses', () => {
    const h: HealthResponse = {
      status: 'degraded',
      version: '0.1.0',
      uptimeSeconds: 4000,
      database: { status: 'down', driver: 'postgres', detail: 'connect ECONNREFUSED 10.0.0.12:5432' },
      redis: { status: 'disabled' },
      providers: { mail: { kind: 'smtp', status: 'down', detail: 'smtp://user:pw@mail.internal:25 refused' } },
    };
    const rows = healthRows(h);
    expect(rows).toEqual([
      { name: 'Database', kind: 'PostgreSQL', state: 'down' },
      { name: 'Redis', kind: 'In-process (no Redis)', state: 'disabled' },
      { name: 'Mail', kind: 'smtp', state: 'down' },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/10\.0\.0\.12|internal|pw@/);
    expect(formatUptime(4000)).toBe('1 h 6 min');
    expect(formatUptime(42)).toBe('42 s');
  });
});

describe('/test headline', () => {
  const base: HealthResponse = {
    status: 'ok',
    version: '0.1.0',
    uptimeSeconds: 60,
    database: { status: 'ok', driver: 'postgres' },
    redis: { status: 'disabled' },
    providers: { mail: { kind: 'outbox', status: 'ok' }, google: { kind: 'google-oauth', status: 'disabled' } },
  };
  it('says all systems work only when no service is down', () => {
    expect(overallOf(base)).toEqual({ text: 'All systems working', state: 'ok' });
  });
  it('names services that are down even when the server itself is healthy', () => {
    const h = {
      ...base,
      providers: {
        ...base.providers,
        llm: { kind: 'embedded', status: 'down' as const },
        images: { kind: 'horde', status: 'down' as const },
      },
    };
    expect(overallOf(h)).toEqual({ text: 'Running, but 2 services are not working', state: 'degraded' });
    expect(overallOf({ ...base, providers: { llm: { kind: 'openai', status: 'down' } } }).text).toBe(
      'Running, but one service is not working',
    );
  });
  it('says the server is down when its database is', () => {
    expect(overallOf({ ...base, status: 'degraded', database: { status: 'down', driver: 'postgres' } })).toEqual({
      text: 'Some systems are down',
      state: 'degraded',
    });
  });
});

describe('session inspector', () => {
  const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;
  it('describes expiry from the claims without exposing the token', () => {
    const now = Date.UTC(2026, 10, 22, 10, 0, 0);
    const text = describeExpiry(jwt({ exp: now / 1000 + 125 }), now);
    expect(text).toMatch(/\(in 2 min 5 s\)$/);
    expect(describeExpiry(jwt({ exp: now / 1000 - 1 }), now)).toMatch(/\(expired\)$/);
    expect(describeExpiry('not-a-jwt', now)).toBe('Unreadable (treated as expired)');
    expect(describeExpiry(null, now)).toBe('No token');
  });
  it('lists the permissions that are on, whatever the shape', () => {
    expect(describePermissions({ premiumCharacters: true, fastQueue: false, maxConversations: 3 })).toBe(
      'premiumCharacters, maxConversations: 3',
    );
    expect(describePermissions(['premium'])).toBe('premium');
    expect(describePermissions({})).toBe('None');
    expect(describePermissions(undefined)).toBe('—');
  });
});

describe('feature availability', () => {
  it('matches routes regardless of path parameter names', () => {
    expect(routeKey('POST /api/chat/{characterId}/message')).toBe(routeKey('POST /api/chat/{id}/message'));
  });
});

describe('/test reads the language model from the chat status', () => {
  const health: HealthResponse = {
    status: 'ok',
    version: '0.1.0',
    uptimeSeconds: 60,
    database: { status: 'ok', driver: 'postgres' },
    redis: { status: 'disabled' },
    // The health check says the same; the row must come from the chat status either way.
    providers: { llm: { kind: 'embedded', status: 'ok' } },
  };
  const model = (over: Partial<ChatStatus>): ChatStatus => ({
    provider: 'embedded',
    model: 'hermes',
    contextSize: 4096,
    ready: false,
    state: 'downloading',
    progress: 42.4,
    message: null,
    problem: null,
    canRetry: false,
    active: 0,
    queued: 0,
    diagnosticCharacterId: null,
    ...over,
  });
  it('shows the download as starting, and a failing download or a failure as not working', () => {
    expect(modelRow(model({}))).toEqual({
      name: 'Language model',
      kind: 'hermes (embedded)',
      state: 'starting',
      label: 'Downloading 42 %',
    });
    expect(overallOf(health, model({})).text).toBe('Running; the language model is starting');
    expect(modelRow(model({ problem: 'Cannot reach the model host' })).state).toBe('down');
    expect(overallOf(health, model({ state: 'error', progress: null })).text).toBe('Running, but one service is not working');
    expect(overallOf(health, model({ ready: true, state: 'ready', progress: null })).text).toBe('All systems working');
    expect(healthRows(health, model({ state: 'loading', progress: null })).at(-1)).toMatchObject({ state: 'starting', label: 'Loading' });
  });
});
