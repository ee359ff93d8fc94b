import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InspectionResponse } from '@reverie/shared';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { signIn } from '@/test/characters';
import { partLabel, ReplyInspectorDialog } from './reply-inspector';

const MSG = '00000000-0000-4000-8000-000000000010';
const CONV = '00000000-0000-4000-8000-000000000011';

const inspection: InspectionResponse = {
  messageId: MSG,
  conversationId: CONV,
  swipeIndex: 0,
  disabledLore: [],
  inspection: {
    kind: 'send',
    recalled: [],
    journal: [],
    provider: 'embedded',
    model: 'tiny.gguf',
    contextSize: 4096,
    replyBudget: 512,
    parts: [
      { name: 'instructions', tokens: 80 },
      { name: 'description', tokens: 40 },
      { name: 'persona', tokens: 12 },
      { name: 'lore', tokens: 9 },
      { name: 'history', tokens: 300 },
    ],
    lore: [{ id: '7', name: 'The lantern', key: 'lamp', tokens: 9, position: 'after_char' }],
    loreSkipped: [],
    facts: { count: 1, tokens: 8 },
    summary: { used: false, tokens: 0 },
    history: { included: 6, leftOut: 2 },
    examples: { included: 0, leftOut: 0 },
    tokens: { in: 441, out: 57, prompt: 440 },
    firstTokenMs: 420,
    totalMs: 2100,
    tokensPerSecond: 33.9,
    charge: { kind: 'coins', coins: 2 },
    createdAt: '2026-11-24T10:00:00.000Z',
  },
};

const render = () =>
  renderWithProviders(
    <ReplyInspectorDialog message={{ id: MSG, swipeIndex: 0 }} characterName="Mira" open onOpenChange={() => undefined} />,
  );

describe('the "Why this reply" inspector', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the parts, the lore with its key, the numbers, and turns an entry off', async () => {
    signIn();
    const api = mockApi({
      [`GET /api/messages/${MSG}/inspection`]: () => json(inspection),
      [`GET /api/conversations/${CONV}/memory`]: () => json({ summary: '', pinned: ['My name is Sam.'], updatedAt: null }),
      [`PUT /api/conversations/${CONV}/lore`]: () => json({ disabled: ['7'] }),
      [`PUT /api/conversations/${CONV}/memory`]: () => json({ summary: '', pinned: [], updatedAt: null }),
    });
    render();
    const dialog = await screen.findByRole('dialog', { name: 'Why this reply' });
    const parts = await within(dialog).findByTestId('inspector-parts');
    expect(within(parts).getByText('Your persona')).toBeTruthy();
    within(parts).getByText('6 messages fitted, 2 left out');
    within(dialog).getByText('tiny.gguf');
    within(dialog).getByText('2 coins');
    within(dialog).getByText('420 ms');
    within(dialog).getByText('33.9 tokens/s');
    within(dialog).getByText(/Triggered by “lamp”/);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Use “The lantern” in this conversation' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/conversations/${CONV}/lore`)[0]?.body).toEqual({ entryId: '7', enabled: false }));
    await within(dialog).findByText(/off from the next reply/);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Drop “My name is Sam.”' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/conversations/${CONV}/memory`)[0]?.body).toEqual({ summary: '', pinned: [] }));
  });

  it('lists each recalled passage with its date, score and why, as text', async () => {
    signIn();
    const recalled = [
      {
        messageId: '00000000-0000-4000-8000-000000000020',
        role: 'user' as const,
        content: 'My cat is called <b>Miso</b>.',
        createdAt: '2026-03-02T10:00:00.000Z',
        score: 0.0325,
        why: 'both' as const,
        similarity: 0.61,
        tokens: 14,
      },
      {
        messageId: '00000000-0000-4000-8000-000000000021',
        role: 'assistant' as const,
        content: 'Miso sleeps on the piano.',
        createdAt: '2026-03-03T10:00:00.000Z',
        score: 0.0161,
        why: 'meaning' as const,
        tokens: 12,
      },
    ];
    mockApi({
      [`GET /api/messages/${MSG}/inspection`]: () => json({ ...inspection, inspection: { ...inspection.inspection!, recalled } }),
      [`GET /api/conversations/${CONV}/memory`]: () => json({ summary: '', pinned: [], updatedAt: null, recall: true }),
    });
    render();
    const list = await screen.findByTestId('inspector-recalled');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    within(items[0]!).getByText('My cat is called <b>Miso</b>.');
    within(items[0]!).getByText('by words and meaning');
    within(items[0]!).getByText(/score 0\.0325 · similarity 0\.61 · 14 tokens/);
    expect(within(items[0]!).getByText(/2026/).tagName).toBe('TIME');
    within(items[1]!).getByText('by meaning');
  });

  it('lists the memories of the journal that went in, as text', async () => {
    signIn();
    const journal = [
      { id: '00000000-0000-4000-8000-000000000030', text: 'You adopted <i>Miso</i>.', pinned: true, tokens: 9 },
      { id: '00000000-0000-4000-8000-000000000031', text: 'You work nights.', pinned: false, tokens: 6 },
    ];
    mockApi({
      [`GET /api/messages/${MSG}/inspection`]: () => json({ ...inspection, inspection: { ...inspection.inspection!, journal } }),
      [`GET /api/conversations/${CONV}/memory`]: () => json({ summary: '', pinned: [], updatedAt: null, recall: true }),
    });
    render();
    const items = within(await screen.findByTestId('inspector-journal')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    within(items[0]!).getByText('You adopted <i>Miso</i>.');
    within(items[0]!).getByText('Pinned');
    within(items[1]!).getByText('6 tokens');
    expect(within(items[1]!).queryByText('Pinned')).toBeNull();
  });

  it('says when nothing was recalled and no memory went in', async () => {
    signIn();
    mockApi({
      [`GET /api/messages/${MSG}/inspection`]: () => json(inspection),
      [`GET /api/conversations/${CONV}/memory`]: () => json({ summary: '', pinned: [], updatedAt: null, recall: true }),
    });
    render();
    await screen.findByText('Nothing from earlier in the conversation was recalled for this reply.');
    screen.getByText('No memories of the journal went into this reply.');
  });

  it('says when nothing was recorded, and offers a retry when loading fails', async () => {
    signIn();
    mockApi({ [`GET /api/messages/${MSG}/inspection`]: () => json({ ...inspection, inspection: null }) });
    render();
    await screen.findByText('No details were recorded for this reply');
    resetClientState();
    signIn();
    mockApi({ [`GET /api/messages/${MSG}/inspection`]: () => apiError(500, 'The server had a problem') });
    render();
    await screen.findByText('Could not load the details');
    expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
  });

  it('names parts it does not know by their own name', () => {
    expect(partLabel('postHistory')).toBe('Post-history instructions');
    expect(partLabel('authorNote')).toBe('Author note');
  });
});
