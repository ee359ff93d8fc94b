// Request building for the OpenAI-compatible provider (openai.ts): the streaming POST /chat/completions body, the
// headers, and the POST itself over node:http with an abort that always tears down the socket.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { ChatMessage, StreamChatRequest } from './llm-provider.ts';
import { arrangeMessages, type MessageOrder } from './message-order.ts';
import { withFields } from '../../lib/with-fields.ts';

/** OpenAI's API accepts at most four stop sequences; the rest are applied locally. */
export const MAX_UPSTREAM_STOPS = 4;

export interface RequestSettings {
  model: string;
  messageOrder?: MessageOrder;
  /** OpenAI rejects unknown sampling fields; llama.cpp, vLLM, Ollama and LM Studio accept top_k/min_p/repeat_penalty. */
  extendedSampling?: boolean;
}

/** The messages as the server gets them (in the order its chat template accepts). */
export function wireMessages(messages: readonly ChatMessage[], order: MessageOrder | undefined): ChatMessage[] {
  return arrangeMessages([...messages], order).map((m: ChatMessage) => ({ role: m.role, content: m.content }));
}

/** A request to the model but its prompt (the provider keeps the prompt only while it may send it again). */
export type ModelCall = Omit<StreamChatRequest, 'messages'>;

export function requestBody(s: RequestSettings, req: ModelCall, messages: readonly ChatMessage[]): string {
  const { extendedSampling } = s;
  return JSON.stringify({
    model: s.model,
    messages: wireMessages(messages, s.messageOrder),
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: req.maxTokens,
    temperature: req.temperature,
    top_p: req.topP,
    ...(req.stop.length ? { stop: req.stop.filter(Boolean).slice(0, MAX_UPSTREAM_STOPS) } : {}),
    ...(extendedSampling && req.topK !== undefined ? { top_k: req.topK } : {}),
    ...(extendedSampling && req.minP !== undefined ? { min_p: req.minP } : {}),
    ...(extendedSampling && req.repeatPenalty !== undefined ? { repeat_penalty: req.repeatPenalty } : {}),
  });
}

export function requestHeaders(apiKey: string | undefined): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  };
}

/**
 * POSTs the request; resolves with the response once its headers are in. An abort destroys the socket. The body is
 * not held while the response streams (no listener's scope keeps it).
 */
export function postRequest(
  url: URL,
  agent: http.Agent,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  const req = transport.request(url, {
    method: 'POST',
    headers: withFields(headers, { 'content-length': Buffer.byteLength(body) }),
    agent,
  });
  const answer = responseOf(req, signal);
  req.end(body);
  return answer;
}

function responseOf(req: http.ClientRequest, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    let response: IncomingMessage | undefined;
    req.once('response', (res: IncomingMessage) => resolve((response = res)));
    const onAbort = () => {
      // The whole response is already here (unread): nothing to cancel upstream. Destroying now would tear down a
      // socket on its way back to the keep-alive pool, whose error nobody listens to any more; reading the rest
      // away hands it back instead.
      if (response?.complete) response.resume();
      else req.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    // Until the exchange is over, response body included; 'close' also follows an error.
    req.on('close', () => signal.removeEventListener('abort', onAbort));
    req.on('error', reject);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
