// `node --import tsx bench/moderation-verdicts.ts > verdicts.json`: every verdict of the blocked-content policy on
// every text its tests and benchmark use, as JSON, so that a speed-up can be shown to change none (the output of the
// old and the new code must be byte-identical). Texts: the corpus (as judged, and each field alone on every surface,
// with and without an NSFW context), the examples, the crisis set, the string literals of the moderation tests, and
// the benchmark's 750-character inputs. The date is pinned (birth years).
import { readFileSync } from 'node:fs';
import { judgeItem, loadCorpus } from '../apps/server/src/modules/moderation/corpus/corpus.ts';
import { ModerationPolicy } from '../apps/server/src/modules/moderation/index.ts';
import { CrisisDetector } from '../apps/server/src/modules/moderation/crisis.ts';
import { loadCrisisCorpus } from '../apps/server/test/crisis-corpus.ts';
import { ALLOWED_EXAMPLES } from '../apps/server/test/moderation-examples.allowed.ts';
import { BLOCKED_EXAMPLES } from '../apps/server/test/moderation-examples.blocked.ts';
import type { Surface } from '../apps/server/src/modules/moderation/types.ts';

const policy = new ModerationPolicy(undefined, { now: () => new Date('2026-06-01T00:00:00Z') });
const crisis = new CrisisDetector();
const SURFACES: Surface[] = ['character', 'chat-reply', 'chat-user', 'image-prompt', 'profile', 'ticket'];
const { mustBlock, mustPass } = loadCorpus();
const out: unknown[] = [];

for (const item of [...mustBlock, ...mustPass]) {
  out.push({ id: item.id, judged: judgeItem(policy, item) });
  if (item.history) {
    const fields = Object.fromEntries(item.history.map((t, i) => [`history${i}`, t]));
    out.push({ id: item.id, scope: policy.scopeOf(fields, { surface: item.surface, nsfwContext: item.nsfw }) });
  }
  out.push({ id: item.id, all: policy.evaluate(item.fields, { surface: item.surface, nsfwContext: item.nsfw }) });
}

// Every single text, on every surface, with and without NSFW.
const FILLER =
  ' *She leans against the doorframe, smiling as the rain taps on the window.* "You made it. Sit, the tea is still warm, and tell me everything about the trip." The fire crackles; somewhere outside a carriage rolls past on the cobbles.';
const texts = new Set<string>();
for (const item of [...mustBlock, ...mustPass]) for (const t of [...Object.values(item.fields), ...(item.history ?? [])]) texts.add(t);
for (const e of [...BLOCKED_EXAMPLES, ...ALLOWED_EXAMPLES]) texts.add(e.text);
const crisisSet = loadCrisisCorpus();
for (const i of [...crisisSet.trigger, ...crisisSet.calm]) texts.add(i.text);
const testFiles = ['moderation.test.ts', 'llm-judge.test.ts', 'recent-scope.test.ts', 'crisis.test.ts', 'moderation.service.test.ts'];
for (const f of testFiles) {
  const src = readFileSync(new URL(`../apps/server/src/modules/moderation/${f}`, import.meta.url), 'utf8');
  for (const m of src.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g)) {
    const raw = m[1] ?? m[2] ?? m[3] ?? '';
    if (raw.length >= 3) texts.add(raw.replace(/\\n/g, '\n').replace(/\\(.)/g, '$1'));
  }
}
for (const t of [...texts]) {
  let padded = t;
  while (padded.length < 750) padded += FILLER;
  texts.add(padded.slice(0, 750));
}
for (const text of texts) {
  for (const surface of SURFACES) {
    for (const nsfwContext of [false, true]) {
      out.push({ text, surface, nsfwContext, v: policy.evaluate({ message: text }, { surface, nsfwContext }) });
    }
  }
  out.push({ text, check: policy.check({ description: text, age: '16' }, { surface: 'character' }) });
  out.push({ text, crisis: crisis.assess(text) });
}
process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
