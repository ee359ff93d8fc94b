import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatSession } from '@reverie/shared';
import { establishSession, getSessionUser } from '@/features/auth';
import { setTokens } from '@/lib/auth-tokens';
import { queryClient } from '@/lib/query-client';
import { json, jwt, makeUser, mockApi, resetClientState } from '@/test/helpers';
import { chatKeys } from '@/lib/query-keys/chat';
import { StreamError } from '@/features/conversation';
import { useChatReply } from './use-chat-reply';

const characterId = '33333333-3333-4333-8333-333333333333';
const conversationId = '44444444-4444-4444-8444-444444444444';
const replyId = '55555555-5555-4555-8555-555555555555';

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: '66666666-6666-4666-8666-666666666666',
  conversationId,
  role: 'assistant',
  content: 'Hello there.',
  status: 'complete',
  swipes: ['Hello there.'],
  swipeIndex: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  persona: null,
  ...over,
});
const greeting = message({});
const mine = message({ id: '77777777-7777-4777-8777-777777777777', role: 'user', content: 'Hi!', swipes: [] });
const reply = message({ id: replyId, content: 'Hello, you.', swipes: ['Hello, you.'] });

const session = (messages: ChatMessage[], balance = 10) =>
  ({
    conversation: { id: conversationId },
    character: { id: characterId, name: 'Mira' },
    messages,
    cost: { freeLeft: 0, costPerMessage: 1, balance },
    memory: { summary: '', pinned: [], updatedAt: null },
  }) as unknown as ChatSession;

/** A server-sent events body the test writes into, event by event. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const enc = new TextEncoder();
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event: string, data: object) => controller.enqueue(enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller.close(),
  };
}

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
const cached = () => queryClient.getQueryData<ChatSession>(chatKeys.session(characterId, undefined));

function renderStream(explain = vi.fn((_error: unknown) => true)) {
  const current = session([greeting]);
  queryClient.setQueryData(chatKeys.session(characterId, undefined), current);
  const hook = renderHook(
    () => useChatReply({ characterId, conversationId: undefined, session: current, explain, clearProblem: () => {} }),
    {
      wrapper,
    },
  );
  return { hook, explain };
}

describe('useChatReply', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('writes the stream into the cached session: your message on start, the words as they come, the reply when done', async () => {
    const stream = eventStream();
    const api = mockApi({
      [`POST /api/chat/${characterId}/message`]: () => stream.response(),
      [`GET /api/chat/${characterId}`]: () => json(session([greeting, mine, reply], 9)),
    });
    establishSession({ accessToken: jwt(), refreshToken: 'r', user: makeUser({ coins: 10 }) });
    const { hook } = renderStream();
    let sent!: Promise<boolean>;
    act(() => void (sent = hook.result.current.generate('message', 'Hi!')));

    await waitFor(() => expect(api.callsTo(`POST /api/chat/${characterId}/message`)[0]?.body).toEqual({ conversationId, content: 'Hi!' }));
    act(() => stream.send('start', { userMessage: mine, replyId }));
    await waitFor(() => expect(cached()?.messages.map((m) => m.content)).toEqual(['Hello there.', 'Hi!']));
    act(() => stream.send('queue', { position: 2 }));
    await waitFor(() => expect(hook.result.current.streaming?.queue).toBe(2));
    act(() => stream.send('token', { text: 'Hello,' }));
    act(() => stream.send('token', { text: ' you.' }));
    await waitFor(() => expect(hook.result.current.streaming).toMatchObject({ replyId, text: 'Hello, you.', queue: 0 }));
    // An event the endpoint does not declare, or data its schema refuses, is skipped.
    act(() => stream.send('token', { text: 42 }));
    act(() => stream.send('surprise', { text: '?' }));
    act(() => stream.send('token', { text: '!' }));
    await waitFor(() => expect(hook.result.current.streaming?.text).toBe('Hello, you.!'));

    act(() => {
      stream.send('done', { message: reply, stats: { tokens: 3, ms: 120 } });
      stream.close();
    });
    await act(async () => expect(await sent).toBe(true));
    expect(cached()?.messages.map((m) => m.id)).toEqual([greeting.id, mine.id, replyId]);
    expect(hook.result.current.streaming).toBeNull();
    expect(hook.result.current.lastStats).toEqual({ tokens: 3, ms: 120 });
    // Then the server's copy replaces the page's (saved text, swipes, cost), and the header's coins follow it.
    expect(api.callsTo(`GET /api/chat/${characterId}`)).toHaveLength(1);
    expect(getSessionUser()?.coins).toBe(9);
  });

  it('Stop asks the server to stop the reply, and the stream ends with the words saved as incomplete', async () => {
    const stream = eventStream();
    const stopped = message({ id: replyId, content: 'Hello', swipes: ['Hello'], status: 'incomplete' });
    const api = mockApi({
      [`POST /api/chat/${characterId}/message`]: () => stream.response(),
      [`POST /api/chat/replies/${replyId}/stop`]: () => {
        // The server stops the reply where it is written; its stream ends with what was saved.
        stream.send('done', { message: stopped, stats: { tokens: 1, ms: 40 } });
        stream.close();
        return json({ stopped: true });
      },
      [`GET /api/chat/${characterId}`]: () => json(session([greeting, mine, stopped])),
    });
    const { hook } = renderStream();
    let sent!: Promise<boolean>;
    act(() => void (sent = hook.result.current.generate('message', 'Hi!')));
    // Pressed before the server named the reply: asked as soon as it does.
    await waitFor(() => expect(api.callsTo(`POST /api/chat/${characterId}/message`)).toHaveLength(1));
    act(() => hook.result.current.stop());
    expect(api.callsTo(`POST /api/chat/replies/${replyId}/stop`)).toHaveLength(0);
    act(() => {
      stream.send('start', { userMessage: mine, replyId });
      stream.send('token', { text: 'Hello' });
    });
    await act(async () => expect(await sent).toBe(true));
    expect(api.callsTo(`POST /api/chat/replies/${replyId}/stop`)).toHaveLength(1);
    expect(cached()?.messages.at(-1)).toMatchObject({ id: replyId, content: 'Hello', status: 'incomplete' });
  });

  it('keeps what arrived, as an incomplete reply, when the server cannot be asked to stop', async () => {
    const stream = eventStream();
    mockApi({
      [`POST /api/chat/${characterId}/message`]: (init) => {
        init.signal?.addEventListener('abort', () => stream.close());
        return stream.response();
      },
      [`POST /api/chat/replies/${replyId}/stop`]: () => Promise.reject(new TypeError('Failed to fetch')),
      [`GET /api/chat/${characterId}`]: () => json(session([greeting, mine, reply])),
    });
    const { hook } = renderStream();
    let sent!: Promise<boolean>;
    act(() => void (sent = hook.result.current.generate('message', 'Hi!')));
    act(() => {
      stream.send('start', { userMessage: mine, replyId });
      stream.send('token', { text: 'Hello' });
    });
    await waitFor(() => expect(hook.result.current.streaming?.text).toBe('Hello'));
    act(() => hook.result.current.stop());
    await act(async () => expect(await sent).toBe(true));
    expect(cached()?.messages.at(-1)).toMatchObject({ id: replyId, content: 'Hello', status: 'incomplete' });
  });
});

describe('useChatReply on failures', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('explains an error event, and reports the message as accepted once the stream had started', async () => {
    const stream = eventStream();
    mockApi({
      [`POST /api/chat/${characterId}/message`]: () => stream.response(),
      [`GET /api/chat/${characterId}`]: () => json(session([greeting, mine])),
    });
    const { hook, explain } = renderStream();
    let sent!: Promise<boolean>;
    act(() => void (sent = hook.result.current.generate('message', 'Hi!')));
    act(() => {
      stream.send('start', { userMessage: mine, replyId });
      stream.send('error', { code: 'MODEL_FAILED', message: 'The model stopped answering. You were not charged.' });
      stream.close();
    });
    await act(async () => expect(await sent).toBe(true));
    const error = explain.mock.calls[0]![0] as unknown;
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ code: 'MODEL_FAILED', message: 'The model stopped answering. You were not charged.' });
    expect(cached()?.messages.map((m) => m.id)).toEqual([greeting.id, mine.id]);
  });
});
