/*
 * Word lists added by the minors policy v3 (issue 44.5, 46.16): school levels in romanised Japanese, being at school
 * now, and life stages that belong to an adult's past ("friends since they were children"). Matched against folded
 * text like the lists of minors-terms.ts.
 */
const R = String.raw;

/** Romanised Japanese school levels (Hepburn, with or without long vowels, and Kunrei "sy"/"ty"). */
const SHOU = R`(?:sh|sy)o[ou]?`;
const CHUU = R`(?:ch|ty)u[u]?`;
const KOU = R`ko[ou]?`;
const GRADE_NUMBER = R`(?:ichi|ni|san|yon|yo|go|roku|[1-6])`;

export const LIFE_STAGE_STRONG_V3: string[] = [
  // shougakusei (primary pupil), chuugakusei (middle-school pupil), koukousei (high-school pupil), joshi… (girl …)
  R`(?:joshi[\s-]?)?(?:${SHOU}|${CHUU})[\s-]?gakk?u?[\s-]?sei`,
  R`(?:joshi[\s-]?)?${KOU}[\s-]?ko[ou]?[\s-]?sei`,
  R`joshi[\s-]?kou?sei`,
  // "chuugaku ni-nensei", "shougaku 5 nensei", "koukou ichi-nen": a grade of a school level
  R`(?:${SHOU}[\s-]?gakk?(?:o|ou|u)?|${CHUU}[\s-]?gakk?(?:o|ou|u)?|${KOU}[\s-]?ko[ou]?)[\s-]*${GRADE_NUMBER}[\s-]*nen(?:[\s-]?sei)?`,
  R`(?:${SHOU}|${CHUU})[\s-]?gakk?(?:o|ou)(?:[\s-]?ni\s+(?:kayou|kayotte|itte|iru))?`,
  R`yo[u]?jo`,
  // At school now ("she just started high school", "he's in middle school")
  R`(?:just\s+)?(?:started|starting|starts|entered|entering|enters|begins|began|beginning)\s+(?:high|middle|elementary|primary|grade|junior\s+high)\s?school`,
  R`(?:is|'s|am|'m|are|'re)\s+(?:still\s+|currently\s+|now\s+)?in\s+(?:high|middle|elementary|primary|grade)\s?school`,
  R`(?:geht|kommt)\s+(?:noch\s+)?(?:in\s+die|auf\s+die|zur)\s+(?:grundschule|hauptschule|realschule|mittelstufe|unterstufe)`,
];

/** Hiragana forms (no word boundaries). */
export const LIFE_STAGE_STRONG_CJK_V3: string[] = [
  R`しょうがくせい`,
  R`ちゅうがくせい`,
  R`こうこうせい`,
  R`(?:しょう|ちゅう)がく[いちにさんよごろく一二三四五六]+ねんせい`,
];

/**
 * A life stage the adult has left, named only to say how long something has lasted ("friends since they were
 * children", "known each other since elementary school", "seit wir Kinder waren"): no cue at all.
 */
const STAGE_WORDS = R`(?:(?:little\s+|small\s+|young\s+)?(?:kids|children|a\s+(?:kid|child|little\s+girl|little\s+boy|toddler|teen|teenager)|teens|teenagers|toddlers|little|tiny|babies)|(?:in\s+)?(?:the\s+)?(?:(?:\S+\s+)?grade|kindergarten|(?:elementary|primary|middle|grade|junior\s+high|high)\s?school)|kinder|kleine\s+kinder|ninos|ninas|pequenos|pequenas|enfants|petits|petites|criancas|bambini|bambine|piccoli|piccole)`;
export const PAST_LIFE_STAGE_UNLESS: string[] = [
  R`\b(?:ever\s+)?since\s+(?:(?:we|they|you|i|she|he|both\s+of\s+(?:us|them|you)|the\s+two\s+of\s+(?:us|them|you))\s+)?(?:(?:were|was)\s+)?(?:both\s+|all\s+|still\s+|just\s+|only\s+)?${STAGE_WORDS}`,
  R`\bsince\s+(?:(?:\S+\s+)?grade|kindergarten|(?:elementary|primary|middle|grade|junior\s+high|high)\s?school|childhood)`,
  R`\b(?:childhood|school)\s+(?:friends?|sweethearts?|best\s+friends?)\b`,
  R`\bseit\s+(?:wir|sie|ihr|sie\s+beide)\s+(?:noch\s+)?(?:kleine\s+)?kinder\s+waren`,
  R`\bseit\s+(?:der\s+)?(?:kindheit|grundschule|kindergartenzeit)`,
  R`\bdesde\s+(?:que\s+(?:eran|eramos|erais)\s+|la\s+infancia|pequen[oa]s|nin[oa]s)(?:nin[oa]s|pequen[oa]s)?`,
  R`\bdepuis\s+(?:qu'?\s?(?:ils|elles|nous|vous)\s+(?:sont|etaient|sommes|etions)\s+|l'?\s?enfance|tout\s+petits?)(?:enfants|petit[es]*)?`,
  R`\bdesde\s+(?:que\s+(?:eram|eramos)\s+|a\s+infancia|crianc[ao]s?|pequen[oa]s)(?:crianc[ao]s|pequen[oa]s)?`,
  R`\b(?:fin\s+da|sin\s+da|dall'?\s?infanzia|da\s+quando\s+(?:erano|eravamo)\s+)(?:bambin[ie]|piccol[ie])?`,
];

/** Just before a life-stage word: the adult's past ("when she was a child"), which counts as a past age does. */
export const PAST_LIFE_BEFORE = new RegExp(
  R`(?:\b(?:back\s+)?when|\bwhile|\bals|\bcuando|\bquand|\bquando)\s+(?:i|she|he|they|we|you|ich|sie|er|wir|ella|el|elle|il|ela|ele|lei|lui)\s+(?:was|were|war|waren|era|eran|etait|etaient|eram)\s+(?:(?:still|only|just|a|an|ein|eine|un|una|une|um|uma|little|small|young|noch|in|at)\s+){0,3}$`,
  'u',
);

/** Names of Stable Diffusion embeddings (and LoRAs) read as one squeezed word: the young-child concept they spell. */
export const EMBEDDING_CONCEPTS: [RegExp, string][] = [
  [/loli|lolita/, 'loli'],
  [/shota/, 'shota'],
  [/toddler/, 'toddler'],
  [/infant|newborn/, 'infant'],
  [/preteen|pre-?teen/, 'preteen'],
  [/prepubescent|prepubert/, 'prepubescent'],
  [/underage|minderjahrig/, 'underage'],
  [/kindergart/, 'kindergartener'],
  [/(?:sh|sy)o[ou]?gakk?u?sei|(?:ch|ty)uu?gakk?u?sei|yo[u]?jo/, 'shougakusei'],
  [/schoolgirl|schoolboy|gradeschool|elementaryschool|middleschool/, 'schoolgirl'],
  [/(?:young|little|small|tiny|baby)(?:girl|boy|child|kid)|childbody|kidbody|childlike|childish|child(?!e)|kiddo|kiddie/, 'young child'],
  [/kleinkind|kinderkorper|enfant|crianca|bambin/, 'young child'],
];
