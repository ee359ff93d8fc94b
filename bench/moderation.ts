// `npm run bench:moderation`: the blocked-content policy on its corpus (apps/server/src/modules/moderation/corpus)
// and its time per check, beside a raw baseline in the same run: one plain regular expression (English minor words
// near English sexual words, no normalisation), the ceiling of what a scan of a text can cost.
//
// Prints the blocked rate on the must-block items, the false-block rate on the must-pass items, and p50/p99 time per
// check for 750-character inputs (chat messages and card fields built from the corpus and ordinary roleplay), without
// the optional LLM stage, marked against the bound: p50 and p99 under 300 µs. Then the crisis detector on
// its labelled set (apps/server/test/crisis-corpus.json): caught rate, false-alarm rate (bound 2 %) and its CPU time,
// alone and together with the policy on a chat message (bound 300 µs at p99). Beside the wall-clock times it
// prints the CPU time per check, which a busy machine does not inflate (run it on a quiet one for the verdict).
//
//   BENCH_CHECKS=20000 (timed checks per column)
import inspector from 'node:inspector/promises';
import os from 'node:os';
import { judgeItem, loadCorpus, type CorpusItem } from '../apps/server/src/modules/moderation/corpus/corpus.ts';
import { ModerationPolicy } from '../apps/server/src/modules/moderation/index.ts';
import { CrisisDetector } from '../apps/server/src/modules/moderation/crisis.ts';
import { loadCrisisCorpus } from '../apps/server/test/crisis-corpus.ts';

const CHECKS = Number(process.env.BENCH_CHECKS ?? 20_000);
const LENGTH = 750;
const BOUND_US = 300;

const policy = new ModerationPolicy();
const { mustBlock, mustPass } = loadCorpus();

// The raw baseline: what a naive filter does (no normalisation, no languages, no scope).
const RAW =
  /\b(?:child|kid|teen|minor|loli|schoolgirl|1[0-7]\s*(?:yo|years?\s*old))\b[^]{0,200}\b(?:sex|fuck|nude|naked|horny)\b|\b(?:sex|fuck|nude|naked|horny)\b[^]{0,200}\b(?:child|kid|teen|minor|loli|schoolgirl|1[0-7]\s*(?:yo|years?\s*old))\b/i;
const rawBlocks = (item: CorpusItem) => [...Object.values(item.fields), ...(item.history ?? [])].some((t) => RAW.test(t));

function rates(blocks: (item: CorpusItem) => boolean) {
  const blocked = mustBlock.filter(blocks).length;
  const falseBlocked = mustPass.filter(blocks).length;
  return { blocked: blocked / mustBlock.length, falseBlocked: falseBlocked / mustPass.length };
}

// 750-character inputs: every corpus text, padded with ordinary roleplay to exactly 750 characters.
const FILLER =
  ' *She leans against the doorframe, smiling as the rain taps on the window.* "You made it. Sit, the tea is still warm, and tell me everything about the trip." The fire crackles; somewhere outside a carriage rolls past on the cobbles.';
const inputs = [...mustBlock, ...mustPass].flatMap((item) =>
  Object.values(item.fields).map((text) => {
    let out = text;
    while (out.length < LENGTH) out += FILLER;
    return { text: out.slice(0, LENGTH), surface: item.surface, nsfw: item.nsfw };
  }),
);

interface Timing {
  p50: number;
  p99: number;
  cpuP50: number;
  cpuP99: number;
}

/**
 * Wall-clock and CPU time per check. Wall-clock is what a request waits; on a loaded machine it also counts the time
 * the process was not scheduled, so the CPU time the check itself used is measured beside it.
 */
function time(fn: (input: (typeof inputs)[number]) => unknown): Timing {
  for (let i = 0; i < 2000; i++) fn(inputs[i % inputs.length]!); // warm-up (JIT, regex compilation)
  const wall = new Float64Array(CHECKS);
  const cpu = new Float64Array(CHECKS);
  for (let i = 0; i < CHECKS; i++) {
    const input = inputs[i % inputs.length]!;
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    fn(input);
    wall[i] = Number(process.hrtime.bigint() - t0) / 1000;
    const c = process.cpuUsage(c0);
    cpu[i] = c.user + c.system;
  }
  wall.sort();
  cpu.sort();
  const at = (xs: Float64Array, q: number) => xs[Math.floor(CHECKS * q)]!;
  return { p50: at(wall, 0.5), p99: at(wall, 0.99), cpuP50: at(cpu, 0.5), cpuP99: at(cpu, 0.99) };
}

/**
 * Bytes allocated per check (the young generation's garbage, whose collections land in the tail), from V8's sampling
 * heap profiler over 5,000 checks: every allocation is sampled about every 512 bytes, collected or not.
 */
async function allocatedPerCheck(fn: (input: (typeof inputs)[number]) => unknown): Promise<number> {
  const session = new inspector.Session();
  session.connect();
  const n = 5000;
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < n; i++) fn(inputs[i % inputs.length]!);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  const sum = (node: inspector.HeapProfiler.SamplingHeapProfileNode): number =>
    node.selfSize + node.children.reduce((a, c) => a + sum(c), 0);
  return sum(profile.head) / n;
}

const app = {
  ...rates((item) => judgeItem(policy, item).blocked),
  ...time((i) => policy.evaluate({ message: i.text }, { surface: i.surface, nsfwContext: i.nsfw })),
};
const raw = { ...rates(rawBlocks), ...time((i) => RAW.test(i.text)) };

// The crisis protocol's detector (lexicon layer, no model judge) on its labelled set, and the time it adds to a
// person's chat message (it runs beside the policy on every message sent).
const crisisDetector = new CrisisDetector();
const crisisSet = loadCrisisCorpus();
const triggers = (text: string) => crisisDetector.assess(text).kind === 'crisis';
const crisis = {
  caught: crisisSet.trigger.filter((i) => triggers(i.text)).length / crisisSet.trigger.length,
  falseAlarms: crisisSet.calm.filter((i) => triggers(i.text)).length / crisisSet.calm.length,
  ...time((i) => crisisDetector.assess(i.text)),
};
const chatUser = time((i) => {
  policy.evaluate({ message: i.text }, { surface: 'chat-user', nsfwContext: i.nsfw });
  crisisDetector.assess(i.text);
});
const allocated = await allocatedPerCheck((i) => policy.evaluate({ message: i.text }, { surface: i.surface, nsfwContext: i.nsfw }));
const crisisLanguages = [...new Set(crisisSet.trigger.map((i) => i.lang))];

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const us = (x: number) => `${x.toFixed(1)} µs`;
const mark = (x: number) => `${us(x)} ${x < BOUND_US ? '✓' : '✗'}`;
const load = os.loadavg()[0]!;
const cores = os.availableParallelism();
console.log(
  `moderation corpus: ${mustBlock.length} must-block, ${mustPass.length} must-pass; ${CHECKS} timed checks of ${LENGTH} characters; bound ${BOUND_US} µs per check at p50 and p99\n`,
);
console.table({
  'app (policy, no LLM stage)': {
    'blocked rate': pct(app.blocked),
    'false-block rate': pct(app.falseBlocked),
    'p50 per check': mark(app.p50),
    'p99 per check': mark(app.p99),
    'CPU p50': us(app.cpuP50),
    'CPU p99': us(app.cpuP99),
  },
  'raw baseline (one regex)': {
    'blocked rate': pct(raw.blocked),
    'false-block rate': pct(raw.falseBlocked),
    'p50 per check': us(raw.p50),
    'p99 per check': us(raw.p99),
    'CPU p50': us(raw.cpuP50),
    'CPU p99': us(raw.cpuP99),
  },
});
console.log(
  `\ncrisis detector: ${crisisSet.trigger.length} must-trigger, ${crisisSet.calm.length} must-not (ordinary and dark role-play) in ${crisisLanguages.length} languages (${crisisLanguages.join(', ')})`,
);
console.table({
  'crisis detector (lexicon, no LLM judge)': {
    'caught rate': pct(crisis.caught),
    'false-alarm rate': `${pct(crisis.falseAlarms)} ${crisis.falseAlarms <= 0.02 ? '✓' : '✗'}`,
    'CPU p50': us(crisis.cpuP50),
    'CPU p99': us(crisis.cpuP99),
  },
  'chat message: policy + crisis': {
    'caught rate': '',
    'false-alarm rate': '',
    'CPU p50': us(chatUser.cpuP50),
    'CPU p99': `${us(chatUser.cpuP99)} ${chatUser.cpuP99 < BOUND_US ? '✓' : '✗'}`,
  },
});
console.log(`\nper check (app): p50 ${us(app.p50)} and p99 ${us(app.p99)} wall-clock, against ${BOUND_US} µs`);
console.log(`allocated per check (app): ${(allocated / 1024).toFixed(1)} KB (sampled over 5,000 checks)`);
if (load > cores) {
  console.log(
    `note: load average ${load.toFixed(1)} on ${cores} cores: the wall-clock p99 counts time this process waited for a core; the CPU time per check is p50 ${us(app.cpuP50)}, p99 ${us(app.cpuP99)}.`,
  );
}
const ok =
  app.blocked === 1 &&
  app.falseBlocked <= 0.02 &&
  app.p50 < BOUND_US &&
  app.p99 < BOUND_US &&
  crisis.falseAlarms <= 0.02 &&
  chatUser.cpuP99 < BOUND_US;
console.log(
  ok ? `\nOK: blocked 100 %, false blocks ≤ 2 %, p50 and p99 under ${BOUND_US} µs.` : `\nNOT MET: see the table (bound ${BOUND_US} µs).`,
);
process.exitCode = ok ? 0 : 1;
