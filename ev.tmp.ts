import { CrisisDetector } from './apps/server/src/modules/moderation/crisis.ts';
import { loadCrisisCorpus } from './apps/server/test/crisis-corpus.ts';
const d = new CrisisDetector(); const { trigger, calm } = loadCrisisCorpus();
console.log(trigger.length, calm.length);
for (const i of trigger) { const v = d.assess(i.text); if (v.kind !== 'crisis') console.log('MISS', v.kind, i.lang, i.text); }
for (const i of calm) { const v = d.assess(i.text); if (v.kind !== 'none') console.log('FALSE', v.kind, i.lang, i.text); }
