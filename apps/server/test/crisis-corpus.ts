// The crisis detector's labelled set (crisis-corpus.json): messages that must show crisis resources and messages
// (ordinary chat, figures of speech, dark-but-fine role-play) that must not. Read by bench/moderation.ts and the tests.
import { readFileSync } from 'node:fs';
import type { CrisisLanguage } from '../src/modules/moderation/crisis.ts';

export interface CrisisItem {
  lang: CrisisLanguage;
  text: string;
}

export function loadCrisisCorpus(): { trigger: CrisisItem[]; calm: CrisisItem[] } {
  const raw = JSON.parse(readFileSync(new URL('./crisis-corpus.json', import.meta.url), 'utf8')) as Record<
    string,
    { trigger: string[]; calm: string[] } | string
  >;
  const trigger: CrisisItem[] = [];
  const calm: CrisisItem[] = [];
  for (const [lang, sets] of Object.entries(raw)) {
    if (typeof sets === 'string') continue; // "about"
    trigger.push(...sets.trigger.map((text) => ({ lang: lang as CrisisLanguage, text })));
    calm.push(...sets.calm.map((text) => ({ lang: lang as CrisisLanguage, text })));
  }
  return { trigger, calm };
}
