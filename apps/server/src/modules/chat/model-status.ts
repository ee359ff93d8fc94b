// The language model as chat sees it: its state for the chat page and /test, a retry after a failed start, a tiny
// test chat, the readiness check before a generation, and the unlisted character /test-chat talks to.
import type { ErrorCode } from '@reverie/shared';
import { AppError } from '../../lib/app-error.ts';
import { collectChat, type LlmProvider } from '../../providers/llm/llm-provider.ts';
import type { ChatDeps } from './chat-deps.ts';
import { generationError } from './generation-error.ts';

/** The character the diagnostic page (/test-chat) talks to; created on demand, unlisted, owned by a system account. */
const DIAGNOSTIC_SLUG = 'reverie-diagnostics';

export type ModelInfo = ReturnType<LlmProvider['info']>;

export interface ModelState {
  info: ModelInfo;
  /** Why the model cannot answer now, in a sentence for users; undefined when it can. */
  unavailable: string | undefined;
  diagnosticCharacterId: string | null;
}

/** The result of the tiny test chat. */
export interface ModelCheck {
  provider: ModelInfo['provider'];
  model: string;
  tokens: number;
  ms: number;
  firstTokenMs: number | null;
  tokensPerSecond: number;
  text: string;
}

/** A server setting's name (LLM_MODEL_PATH, IMAGES_PROVIDER=…): words for the site's operator, not its users. */
const SERVER_SETTING = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;

/** Said instead of the sentences that name server settings. */
export const OPERATOR_CAN_FIX = "Only the site's operator can change how the model is set up; press Retry or come back later.";

/**
 * The model's state as users read it: the sentences that name server settings (which only the operator can change)
 * are left out, and said to be the operator's to fix. Admins read the whole text.
 */
export function forUsers(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/);
  const kept = sentences.filter((s) => !SERVER_SETTING.test(s));
  if (kept.length === sentences.length) return text;
  return [...kept, OPERATOR_CAN_FIX].join(' ');
}

function unavailableMessage(info: ModelInfo): string | undefined {
  if (info.state === 'ready') return undefined;
  if (info.state === 'downloading') {
    if (info.problem) return info.problem;
    return info.progress === undefined
      ? 'The model is downloading. Try again in a few minutes.'
      : `The model is downloading: ${Math.floor(info.progress)} %`;
  }
  if (info.state === 'loading') return 'The model is loading. Try again in a moment.';
  return `The language model is unavailable: ${info.error ?? 'it failed to start'}`;
}

export class ModelStatus {
  private diagnosticId: string | undefined;
  /** A test chat is running (one at a time per process). */
  private testing = false;

  constructor(private readonly deps: Pick<ChatDeps, 'llm' | 'moderation' | 'uow'>) {}

  async state(): Promise<ModelState> {
    // The one source of the model's state (the health check reads it too).
    const info = (await this.deps.llm.currentState?.()) ?? this.deps.llm.info();
    const diagnosticCharacterId = await this.diagnosticCharacterId().catch(() => null);
    return { info, unavailable: unavailableMessage(info), diagnosticCharacterId };
  }

  /** Starts the model again after a failure (Retry on the chat page and /test), then answers its state. */
  async retry(): Promise<ModelState> {
    await this.deps.llm.retry?.();
    return this.state();
  }

  /** 503 with a clear message unless the model can answer now (waits briefly while it loads). */
  async ensureReady(): Promise<void> {
    let info = this.deps.llm.info();
    if (info.state === 'loading') {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.deps.llm.whenReady(), new Promise((r) => (timer = setTimeout(r, 20_000)))]);
      clearTimeout(timer);
      info = this.deps.llm.info();
    }
    const message = unavailableMessage(info);
    if (!message) return;
    // Said in the chat to whoever sent the message: the settings stay on the status an admin reads.
    throw new AppError(503, 'UNAVAILABLE', forUsers(message), {
      headers: { 'retry-after': info.state === 'downloading' ? '30' : '5' },
      ...(info.progress !== undefined ? { details: { progress: info.progress } } : {}),
    });
  }

  /**
   * A tiny chat against the configured model for the public /test page: a fixed prompt, a few tokens, nothing stored
   * or charged, one at a time per process. Its text passes the policy like any reply.
   */
  async test(): Promise<ModelCheck> {
    await this.ensureReady();
    if (this.testing)
      throw new AppError(429, 'RATE_LIMITED', 'A check is already running. Try again in a moment.', { headers: { 'retry-after': '2' } });
    this.testing = true;
    const started = performance.now();
    try {
      const { text, finish } = await collectChat(
        this.deps.llm.streamChat({
          messages: [
            { role: 'system', content: 'You are a friendly assistant. Answer in one short sentence.' },
            { role: 'user', content: 'Say hello and name a colour.' },
          ],
          maxTokens: 24,
          temperature: 0.7,
          topP: 0.95,
          stop: [],
          signal: AbortSignal.timeout(60_000),
        }),
      );
      const ms = performance.now() - started;
      const tokens = finish.usage.completionTokens;
      const verdict = this.deps.moderation.check({ reply: text }, { surface: 'chat-reply' });
      const info = this.deps.llm.info();
      return {
        provider: info.provider,
        model: info.model,
        tokens,
        ms: Math.round(ms),
        firstTokenMs: finish.firstTokenMs === null ? null : Math.round(finish.firstTokenMs),
        tokensPerSecond: ms > 0 ? Math.round((tokens / ms) * 10_000) / 10 : 0,
        text: verdict.allowed ? text.trim().slice(0, 200) : 'The reply was withheld by the blocked-content policy.',
      };
    } catch (err) {
      const e = generationError(err);
      throw new AppError(e.status, e.code as ErrorCode, e.message);
    } finally {
      this.testing = false;
    }
  }

  /** The unlisted character /test-chat talks to, owned by a system account that cannot sign in. */
  async diagnosticCharacterId(): Promise<string> {
    if (this.diagnosticId) return this.diagnosticId;
    const { seedId } = await import('../../db/seed/ids.ts');
    const userId = seedId('user', 'reverie-system');
    const id = seedId('character', DIAGNOSTIC_SLUG);
    // No password and an .invalid address: nobody can sign in as this account.
    await this.deps.uow.repos.users.insertMissing([{ id: userId, username: 'reverie-system', email: 'system@reverie.invalid' }]);
    await this.deps.uow.repos.characters.insert({
      id,
      seedSlug: DIAGNOSTIC_SLUG,
      creatorId: userId,
      name: 'Diagnostics',
      tagline: 'A plain assistant for checking that chat works.',
      description: 'Diagnostics answers briefly and plainly. It exists to test the language-model setup.',
      greeting: 'Hello. Send any message and I will answer, so you can see the model, its speed and the streaming at work.',
      tagNames: ['sfw'],
      nsfw: false,
      visibility: 'unlisted',
    });
    this.diagnosticId = id;
    return id;
  }
}
