/**
 * The moderation corpus: items that must be blocked and items that must pass, in seven languages, as card fields,
 * chat turns, two-turn splits (an earlier turn sets the scope, the new one is checked in it) and image prompts.
 * Used by the test suite (moderation.corpus.test.ts) and the benchmark (bench/moderation.ts).
 */
import { readFileSync } from 'node:fs';
import type { ModerationPolicy } from '../moderation.ts';
import type { Problem } from '../minors.ts';
import type { RuleId, Surface } from '../types.ts';

export interface CorpusItem {
  id: string;
  expect: 'block' | 'pass';
  lang: 'en' | 'de' | 'es' | 'fr' | 'pt' | 'it' | 'ru' | 'ja';
  kind: 'card' | 'chat' | 'split' | 'image' | 'reply';
  surface: Surface;
  nsfw: boolean;
  fields: Record<string, string>;
  /** Earlier turns of the conversation (split items): they set the scope the fields are checked in. */
  history?: string[];
  /** A must-block item of another rule than minors-sexual: the rule that must block it. */
  rule?: RuleId;
  note?: string;
}

function load(name: string): CorpusItem[] {
  return JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as CorpusItem[];
}

export function loadCorpus(): { mustBlock: CorpusItem[]; mustPass: CorpusItem[] } {
  return { mustBlock: load('must-block.json'), mustPass: load('must-pass.json') };
}

/** The verdict on one item as the app would reach it. */
export function judgeItem(policy: ModerationPolicy, item: CorpusItem): { blocked: boolean; problems: Problem[] } {
  const context = { surface: item.surface, nsfwContext: item.nsfw };
  const scope = item.history ? policy.scopeOf(Object.fromEntries(item.history.map((t, i) => [`history${i}`, t])), context) : undefined;
  const { problems } = policy.evaluate(item.fields, { ...context, scope });
  return { blocked: problems.length > 0, problems };
}
