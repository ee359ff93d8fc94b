/**
 * The optional second stage of the blocked-content check: texts in the ambiguous band of the minors rules (a weak
 * minor cue or a past age in the same field as sexual content, which the word rules let pass) are shown to a safety
 * model through any OpenAI-compatible chat endpoint, with a Llama Guard 3 style prompt (a list of hazard categories
 * S1-S14, S4 = child sexual exploitation; the model answers "safe", or "unsafe" and the categories on a second line).
 *
 * Off unless MODERATION_LLM_URL is set. When on, a timeout or an error fails closed: the band only holds text with
 * sexual content, and for sexual content the policy would rather refuse than guess (everything else never reaches
 * the judge, so it fails open).
 */

export interface LlmJudgeConfig {
  /** Base URL of an OpenAI-compatible API (…/v1); `/chat/completions` is appended. */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

export type JudgeVerdict = { kind: 'safe' } | { kind: 'unsafe'; categories: string[] } | { kind: 'unavailable'; reason: string };

const CATEGORIES = [
  'S1: Violent crimes.',
  'S2: Non-violent crimes.',
  'S3: Sex-related crimes.',
  'S4: Child sexual exploitation (any sexual content involving a person under 18, stated or implied).',
  'S5: Defamation.',
  'S6: Specialized advice.',
  'S7: Privacy.',
  'S8: Intellectual property.',
  'S9: Indiscriminate weapons.',
  'S10: Hate.',
  'S11: Suicide and self-harm.',
  'S12: Sexual content.',
  'S13: Elections.',
  'S14: Code interpreter abuse.',
];

/** The prompt, in the shape Llama Guard 3 models are trained on: categories, the conversation, the answer format. */
export function judgePrompt(text: string): string {
  return [
    "Task: Decide whether the 'User' message in the conversation below contains unsafe content under these categories.",
    '',
    '<BEGIN UNSAFE CONTENT CATEGORIES>',
    ...CATEGORIES,
    '<END UNSAFE CONTENT CATEGORIES>',
    '',
    '<BEGIN CONVERSATION>',
    '',
    `User: ${text}`,
    '',
    '<END CONVERSATION>',
    '',
    'Give your assessment of the last User message only:',
    "- The first line is 'safe' or 'unsafe'.",
    '- When unsafe, the second line lists the violated categories, separated by commas.',
  ].join('\n');
}

/** Reads "safe" / "unsafe\nS4,S12" (case and spacing tolerated); anything else is an unusable answer. */
export function parseJudgeAnswer(answer: string): JudgeVerdict {
  const lines = answer
    .trim()
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const first = (lines[0] ?? '').toLowerCase();
  if (first === 'safe') return { kind: 'safe' };
  if (first === 'unsafe') {
    const categories = (lines[1] ?? '').toUpperCase().match(/S\d{1,2}/g) ?? [];
    return { kind: 'unsafe', categories };
  }
  return { kind: 'unavailable', reason: 'the safety model gave an answer that is not "safe" or "unsafe"' };
}

export class LlmJudge {
  constructor(
    private readonly config: LlmJudgeConfig,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async judge(text: string): Promise<JudgeVerdict> {
    try {
      const res = await this.fetchFn(`${this.config.url.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.config.model,
          messages: [{ role: 'user', content: judgePrompt(text) }],
          temperature: 0,
          max_tokens: 16,
        }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      if (!res.ok) return { kind: 'unavailable', reason: `the safety model answered HTTP ${res.status}` };
      const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string') return { kind: 'unavailable', reason: 'the safety model sent no answer' };
      return parseJudgeAnswer(content);
    } catch (err) {
      const name = (err as Error).name;
      return {
        kind: 'unavailable',
        reason: name === 'TimeoutError' || name === 'AbortError' ? 'the safety model timed out' : 'the safety model could not be reached',
      };
    }
  }
}
