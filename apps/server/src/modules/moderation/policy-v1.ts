import { foldSource } from './aligned.ts';
import { SEXUAL_EXPLICIT_INTL } from './minors-terms.ts';
import type { PolicyData, Surface } from './types.ts';

/*
 * Blocked-content policy, version 1. Everything here is data: the engine (moderation.ts) only knows how to
 * normalise text, find the patterns of each term set and combine hits as each rule's detectors say.
 *
 * Pattern sources are matched against normalised text: lowercase, no diacritics or zero-width characters, look-alike
 * letters folded to Latin, letters spaced out ("l o l i") joined. Keep patterns free of nested quantifiers: they run
 * on every message. The minors rule has its own layers and word lists (minors.ts, minors-terms.ts).
 */

const R = String.raw;
const NOT_TICKET: Surface[] = ['character', 'chat-user', 'chat-reply', 'image-prompt', 'profile'];

const ARTICLE = R`(?:a|an|the|his|her|my|their|your|some)`;
const ANIMAL = R`(?:animals?|beasts?|dogs?|horses?|donkeys?|goats?|sheep|stallions?|mares?|canines?|dolphins?|hounds?)`;
/** Animals in German, Spanish, French, Portuguese and Italian (and pigs, ponies, cows in English). */
const ANIMALS_INTL = [
  R`pigs?`,
  R`pon(?:y|ies)`,
  R`cows?`,
  R`hunde?n?`,
  R`pferde?n?`,
  R`hengste?`,
  R`perr[oa]s?`,
  R`caball[oa]s?`,
  R`chiens?`,
  R`chiennes?`,
  R`cheva(?:l|ux)`,
  R`caes`,
  R`cao`,
  R`cachorr[oa]s?`,
  R`cavall[oi]`,
  R`cavalos?`,
];
const ANIMAL_ANY = R`(?:${ANIMAL}|${ANIMALS_INTL.join('|')})`;
const FAMILY = R`(?:mother|mom|mum|father|dad|sister|brother|son|daughter|aunt|auntie|uncle|niece|nephew|cousin|grandma|grandmother|grandpa|grandfather|granddaughter|grandson|sibling|twin\s+sister|twin\s+brother)s?`;
const STEP_FAMILY = R`step[\s-]?(?:mother|mom|mum|father|dad|sister|brother|sis|bro|son|daughter|child|kid)s?`;
const RELATION = R`(?:coworker|co-worker|colleague|boss|neighbou?r|classmate|teacher|professor|roommate|landlord|landlady|tenant|employee|secretary|babysitter|nanny|tutor|student|ex|ex-girlfriend|ex-boyfriend|ex-wife|ex-husband|crush|friend|best\s+friend|sister-in-law|brother-in-law|mother-in-law|doctor|therapist|pastor|date|patient)`;
const GROUP = R`(?:jews|jewish\s+people|muslims|christians|black\s+people|blacks|africans|asians|arabs|mexicans|latinos|hispanics|immigrants|refugees|gays|gay\s+people|lesbians|homosexuals|trans\s+people|transgender\s+people|women|indians|roma|gypsies|white\s+people|whites|hindus|sikhs)`;

export const POLICY_V1: PolicyData = {
  version: '1.0.0',
  summary:
    'Reverie is for adults, and adults may write and read explicit fiction here. A few kinds of content are never allowed, whether in a character, a chat message, an image prompt, a profile or anywhere else. When something you write falls under one of the rules below, it is not saved or sent, and nothing is charged. The message names the rule and the field so that you can change it.',
  limitations: [
    'The check reads words, not meaning. It can refuse a harmless sentence that uses words from two rules close together; rephrase it, or contact support if you believe a rule was applied wrongly.',
    'The real-people rule recognises well-known people by their full name, from a list of public figures that is refreshed from a public source, and otherwise looks for the way a request is framed (a celebrity, "the actress", "my coworker named", deepfakes, undressing a photo). A first name alone is not enough, so fictional characters who share one are not affected. Content about a real, identifiable person is forbidden even when the check does not notice it, and reports are reviewed by people.',
    'The word lists are English. Content in other languages is bound by the same rules and is reviewed when reported.',
    'Support tickets are checked only for explicit sexual descriptions involving a stated age under 18, so that you can still report content that breaks these rules. Describe the problem without repeating the explicit detail.',
  ],
  ageFieldNames: ['age', 'characterAge', 'character_age'],

  rules: [
    {
      id: 'minors-sexual',
      title: 'Sexual content involving minors',
      policyName: 'sexual content involving minors',
      explanation:
        'Nothing sexual may involve anyone under 18, or anyone described as a child, a teenager, a school pupil or with a child-like body. This includes stated ages under 18, school grades and school-age terms, terms such as "loli" or "shota" and their disguised spellings, and characters who "look young but are really 1,000 years old". Characters in explicit content must be clearly adult, and in explicit characters and chats a stated age under 18 or one of these terms is refused on its own. Mentioning children outside any sexual context, such as a parent talking about their kids or a family story, is fine.',
      // Judged in layers by MinorsPolicy (minors.ts, minors-terms.ts), not by term-set detectors.
      detectors: [],
    },
    {
      id: 'bestiality',
      title: 'Sexual content involving animals',
      policyName: 'sexual content involving animals',
      explanation:
        'No sexual content involving real animals (bestiality or zoophilia). Adult anthropomorphic and fantasy characters who can consent as people do are not covered by this rule.',
      detectors: [
        { kind: 'any', sets: ['bestialityAbsolute'], surfaces: NOT_TICKET },
        { kind: 'together', groups: [['animal'], ['sexualExplicit']], window: { words: 2 }, surfaces: NOT_TICKET },
        // An animal as a partner ("between a man and a dog", "with her horse", "the stallion penetrating her") paired with
        // sexual words in one sentence, as the minors rule pairs its cues ("she walks the dog after sex" is no partner).
        {
          kind: 'together',
          groups: [['animal'], ['animalPartner'], ['sexualExplicit', 'sexualIntl']],
          window: { words: 6, sameSentence: true },
          surfaces: NOT_TICKET,
        },
        {
          kind: 'together',
          groups: [['animal'], ['animalPartner'], ['sexualSuggestive']],
          window: { words: 5, sameSentence: true },
          surfaces: NOT_TICKET,
        },
      ],
    },
    {
      id: 'incest',
      title: 'Incest',
      policyName: 'incest',
      explanation:
        'No sexual content between family members, including step-parents, step-children and step-siblings. Pet names such as "daddy" used between unrelated adults, and in-laws, are not covered by this rule.',
      detectors: [
        { kind: 'any', sets: ['incestAbsolute'], surfaces: NOT_TICKET },
        {
          kind: 'together',
          groups: [
            ['family', 'stepFamily'],
            ['sexualExplicit', 'sexualSuggestive'],
          ],
          window: { words: 3 },
          surfaces: NOT_TICKET,
        },
      ],
    },
    {
      id: 'real-person-sexual',
      title: 'Sexual content about real people',
      policyName: 'sexual content about real people',
      explanation:
        'No sexual content about real, identifiable people: celebrities, public figures, or people you know such as a coworker, a classmate or an ex. No deepfakes, face swaps or requests to undress a photo of someone. Characters must be fictional.',
      detectors: [
        { kind: 'any', sets: ['deepfakeAbsolute'], surfaces: NOT_TICKET },
        { kind: 'any', sets: ['deepfake'], surfaces: ['image-prompt'] },
        {
          kind: 'together',
          groups: [
            ['realPerson', 'deepfake'],
            ['sexualExplicit', 'sexualSuggestive'],
          ],
          window: 'near',
          surfaces: NOT_TICKET,
        },
        // A well-known person named outright (a full name from the maintained list, content/moderation).
        {
          kind: 'together',
          groups: [['publicFigure'], ['sexualExplicit', 'sexualSuggestive', 'sexualIntl']],
          window: 'near',
          surfaces: NOT_TICKET,
        },
      ],
    },
    {
      id: 'non-consensual-imagery',
      title: 'Intimate images shared or taken without consent',
      policyName: 'intimate images taken or shared without consent',
      explanation:
        'No revenge porn, leaked nudes, hidden-camera or upskirt material, or requests to make or share intimate images of someone without their consent.',
      detectors: [
        { kind: 'any', sets: ['imageryAbsolute'], surfaces: NOT_TICKET },
        {
          kind: 'together',
          groups: [['secretCapture'], ['sexualExplicit', 'sexualSuggestive']],
          window: 'near',
          surfaces: NOT_TICKET,
        },
      ],
    },
    {
      id: 'sexual-violence-real',
      title: 'Real sexual violence',
      policyName: 'real sexual violence',
      explanation:
        'No sexual violence presented as real: accounts of real rape or abuse told for arousal, plans or instructions to drug or assault someone, or non-consensual acts aimed at a real person. Fiction between adult characters is handled by the character and chat rules; this rule covers content framed as real. Talking about something that happened to you, to get support, is not covered by this rule.',
      detectors: [
        { kind: 'any', sets: ['violenceInstructions'], surfaces: NOT_TICKET },
        { kind: 'together', groups: [['sexualViolence'], ['realFraming']], window: 'near', surfaces: NOT_TICKET },
      ],
    },
    {
      id: 'necrophilia',
      title: 'Sexual content involving dead bodies',
      policyName: 'sexual content involving dead bodies',
      explanation:
        'No sexual content involving corpses (necrophilia). Fictional undead characters such as vampires who act as living people are not covered by this rule.',
      detectors: [
        { kind: 'any', sets: ['necroAbsolute'], surfaces: NOT_TICKET },
        { kind: 'together', groups: [['corpse'], ['sexualExplicit']], window: { words: 3 }, surfaces: NOT_TICKET },
      ],
    },
    {
      id: 'sexual-exploitation',
      title: 'Sex trafficking and sexual exploitation',
      policyName: 'sex trafficking and sexual exploitation',
      explanation:
        'No content that promotes or arranges sex trafficking, selling or renting out another person for sex, or buying people for sex.',
      detectors: [{ kind: 'any', sets: ['exploitationAbsolute'], surfaces: NOT_TICKET }],
    },
    {
      id: 'self-harm-promotion',
      title: 'Encouraging suicide or self-harm',
      policyName: 'encouraging suicide or self-harm',
      explanation:
        'No instructions for suicide or self-harm, no telling someone to kill themselves, and no content promoting eating disorders. If you are struggling, please contact a local crisis line; talking about how you feel is not against this rule.',
      detectors: [{ kind: 'any', sets: ['selfHarm'], surfaces: NOT_TICKET }],
    },
    {
      id: 'violent-extremism',
      title: 'Terrorism and violent extremism',
      policyName: 'terrorism and violent extremism',
      explanation:
        'No instructions for making weapons meant to kill many people, no planning of attacks, and no praise of or recruitment for terrorist or violent extremist groups.',
      detectors: [{ kind: 'any', sets: ['extremism'], surfaces: NOT_TICKET }],
    },
    {
      id: 'hate-violence',
      title: 'Calls for violence against groups',
      policyName: 'calls for violence against groups of people',
      explanation:
        'No calls to kill, harm or exterminate people because of their religion, ethnicity, nationality, sex, sexual orientation or gender identity.',
      detectors: [{ kind: 'any', sets: ['hateViolence'], surfaces: NOT_TICKET }],
    },
  ],

  termSets: {
    sexualExplicit: {
      patterns: [
        R`sex`,
        R`sexual(?:ly)?`,
        R`sext(?:s|ed|ing)?`,
        R`intercourse`,
        R`fuck(?:s|ed|er|ers|ing|able)?`,
        R`cocks?`,
        R`dicks?`,
        R`penis(?:es)?`,
        R`vaginas?`,
        R`vaginal(?:ly)?`,
        R`puss(?:y|ies)`,
        R`clit(?:oris|s)?`,
        R`cum(?:s|ming|med|shots?)?`,
        R`semen`,
        R`orgasm(?:s|ed|ing|ic)?`,
        R`erections?`,
        R`boners?`,
        R`horny`,
        R`aroused`,
        R`arousal`,
        R`masturbat\w*`,
        R`jerk(?:s|ed|ing)?\s+(?:\w+\s+)?off`,
        R`(?:blow|hand|rim|foot)\s?jobs?`,
        R`anal`,
        R`oral\s+sex`,
        R`fellatio`,
        R`cunnilingus`,
        R`deepthroat\w*`,
        R`genitals?`,
        R`genitalia`,
        R`porn\w*`,
        R`hentai`,
        R`nsfw`,
        R`smut\w*`,
        R`lewd\w*`,
        R`orgy`,
        R`orgies`,
        R`threesomes?`,
        R`gang\s?bang\w*`,
        R`creampie\w*`,
        R`rape[sd]?`,
        R`raping`,
        R`molest\w*`,
        R`grop(?:e|es|ed|ing)`,
        R`fondl\w+`,
        R`(?:make|makes|making|made)\s+love`,
        R`lovemaking`,
        R`deflower\w*`,
        R`virginity`,
        R`nipples?`,
        R`tits`,
        R`titties`,
        R`boobs`,
      ],
      unless: [
        R`\bsex\s*[:=]`,
        R`\bsex\s*[-–]\s*(?:m|f|male|female)\b`,
        R`\bsex\s+(?:male|female|m|f)\b`,
        R`\b(?:opposite|same|other|either|both|fair|gentle|weaker|stronger|biological|assigned)[\s-]sex(?:es)?\b`,
        R`\bsex\s+(?:ed|education|of\s+the\s+(?:baby|child))\b`,
        R`\bsexual\s+(?:orientation|identity|education|health)\b`,
        R`\b(?:summa|magna)?\s*cum\s+laude\b`,
        R`\bmoby\s+dick\b`,
        R`\banal\s+retentive\b`,
      ],
    },
    sexualSuggestive: {
      patterns: [
        R`explicit`,
        R`naked`,
        R`nude`,
        R`nudes`,
        R`nudity`,
        R`topless`,
        R`bottomless`,
        R`undress\w*`,
        R`strip(?:s|ped|ping)?\s+(?:naked|down|off|for)`,
        R`strip\s?tease\w*`,
        R`strippers?`,
        R`lingerie`,
        R`panties`,
        R`breasts?`,
        R`seduc\w+`,
        R`sensual\w*`,
        R`erotic\w*`,
        R`sexy`,
        R`turned\s+on`,
        R`kinky`,
        R`kinks?`,
        R`fetish\w*`,
        R`bdsm`,
        R`bondage`,
        R`in\s+heat`,
        R`moan(?:s|ed|ing)?`,
        R`lap\s?dances?`,
        R`onlyfans`,
        R`hump(?:s|ed|ing)?`,
        R`crotch`,
        R`(?:touch|touches|touched|touching|rub|rubs|rubbed|rubbing|lick|licks|licked|licking|suck|sucks|sucked|sucking|spread|spreads|spreading)\s+(?:\w+\s+)?(?:privates|private\s+parts|thighs|crotch|nipples|breasts|ass|butt|bottom|legs)`,
      ],
      unless: [
        R`\bbreast\s+(?:cancer|feeding|milk|pump|exam|surgery|reduction|implants?)\b`,
        R`\bchicken\s+breasts?\b`,
        R`\bnude\s+(?:colou?r|lipstick|heels|shade|tone|palette|makeup|nail\s+polish)\b`,
        R`\bnaked\s+eye\b`,
        R`\bnaked\s+truth\b`,
      ],
    },

    // --- animals, family, dead bodies ---
    bestialityAbsolute: {
      patterns: [
        R`bestiality`,
        R`zoophil\w*`,
        R`zoo\s*(?:sex|porn)`,
        R`(?:sex|fuck\w*|mate|mating|breed\w*|mounted|knotted|penetrated)\s+(?:with|by)\s+(?:${ARTICLE}\s+)?${ANIMAL}`,
        R`(?:dog|horse|donkey|canine|animal|stallion)(?:'?s)?\s+(?:cock|dick|penis|knot)s?`,
      ],
    },
    animal: {
      patterns: [
        R`dogs?`,
        R`horses?`,
        R`donkeys?`,
        R`goats?`,
        R`sheep`,
        R`stallions?`,
        R`mares?`,
        R`canines?`,
        R`dolphins?`,
        R`hounds?`,
        ...ANIMALS_INTL,
      ],
      unless: [
        R`\b(?:hot|lucky|sly|top|under|sea|old|dirty|you|silly|stupid|lazy|greedy|chauvinist|guinea)\s+(?:dogs?|cows?|pigs?)\b`,
        R`\bdog\s+(?:days|tired|eared|tag|tags|collar|bowl)\b`,
        R`\bsea\s+horses?\b`,
        R`\bpony\s*(?:play|girl|boy|tail)s?\b`,
      ],
    },
    animalPartner: {
      patterns: [
        R`(?:with|and|by|between|mit|und|von|zwischen|con|y|entre|avec|et|par|com|e|tra)\s+(?:(?:a|an|the|her|his|their|my|your|some|ein|eine|einem|einer|einen|dem|der|den|ihrem|seinem|un|una|el|la|le|les|son|sa|um|uma|o|seu|sua|il|lo|suo)\s+)?(?:[\p{L}'-]+\s+)?${ANIMAL_ANY}`,
        R`${ANIMAL_ANY}\s+(?:[\p{L}'-]+\s+)?(?:penetrat\p{L}*|fuck\p{L}*|mount\p{L}*|lick\p{L}*|knot\p{L}*|breed\p{L}*|hump\p{L}*|cum\p{L}*|rut\p{L}*)`,
      ],
      unless: [R`\bpony\s*(?:play|girl|boy|tail)s?\b`, R`\bsea\s+horses?\b`],
    },
    sexualIntl: { patterns: SEXUAL_EXPLICIT_INTL.map(foldSource) },
    publicFigure: { patterns: [], names: 'public-figures' },
    incestAbsolute: {
      patterns: [R`incest\w*`, R`twincest`],
      unless: [R`\bincest\s+(?:survivor|survivors|victim|victims|trauma|abuse\s+survivor)s?\b`],
    },
    family: {
      patterns: [FAMILY],
      unless: [
        // Someone else's relative ("his friend's sister") is not family; {{user}}'s sister is.
        R`\b(?!(?:user|char|one)'s)[a-z]+'s\s+(?:step[\s-]?)?${FAMILY}\b`,
        R`\bsons?\s+of\s+(?:a\s+)?(?:bitch|bitches|gun)\b`,
        R`\b(?:mother|father)\s+(?:nature|earth|superior|figure|tongue|land|ship|board|time|christmas)\b`,
        R`\bsister\s+(?:wives|city|ship|company)\b`,
        R`\bbig\s+brother\b`,
        // In-laws are not family for this rule; places named after a relative are not the relative.
        R`\b${FAMILY}[\s-]in[\s-]law\b`,
        R`\b(?:at|to|from|over\s+at)\s+(?:my\s+|his\s+|her\s+|our\s+|their\s+|your\s+)?${FAMILY}'s\b`,
      ],
    },
    stepFamily: {
      patterns: [STEP_FAMILY],
      unless: [R`\b(?!(?:user|char|one)'s)[a-z]+'s\s+${STEP_FAMILY}\b`],
    },
    necroAbsolute: { patterns: [R`necrophil\w*`] },
    corpse: {
      patterns: [R`corpses?`, R`cadavers?`, R`dead\s+bod(?:y|ies)`, R`lifeless\s+body`, R`dead\s+(?:girl|woman|man|wife|husband)`],
    },

    // --- real people and images ---
    realPerson: {
      patterns: [
        R`celebrit(?:y|ies)`,
        R`celebs?`,
        R`famous\s+(?:actress|actor|singer|rapper|model|athlete|streamer|youtuber|person|people|pop\s?star|footballer|politician|influencer|tiktoker)s?`,
        R`the\s+(?:actress|actor|singer|rapper|pop\s?star|youtuber|streamer|influencer|tiktoker|politician|athlete|footballer|news\s+anchor|tv\s+host)`,
        R`real[\s-](?:life\s+)?(?:person|people|woman|women|man|men|girl|girls|guy|guys|human)`,
        R`(?:my|our)\s+(?:real[\s-]life\s+|actual\s+)?${RELATION}\s+(?:named|called|whose\s+name\s+is)`,
        R`(?:named|called)\s+\w+\s+(?:who|that)\s+(?:works|lives|goes|studies)\s+(?:with|next\s+door|at|in)`,
        R`(?:of|about|with)\s+(?:a\s+)?(?:real|actual|living)\s+(?:person|people|celebrity)`,
      ],
    },
    deepfake: {
      patterns: [
        R`deep\s?fakes?`,
        R`face\s?swap\w*`,
        R`(?:put|paste|swap|place)\s+(?:her|his|their|this|my\s+\w+'s)\s+face\s+(?:on|onto)`,
        R`(?:photo|picture|pic|image|selfie|video)s?\s+of\s+(?:my|a\s+real|this\s+real)\s+(?:real\s+)?${RELATION}`,
      ],
    },
    deepfakeAbsolute: {
      patterns: [
        R`nudif\w+`,
        R`undress\s+(?:this|the|her|his|my)\s+(?:\w+\s+)?(?:photo|picture|pic|image|selfie)`,
        R`(?:remove|take\s+off|erase)\s+(?:her|his|the|their)\s+cloth(?:es|ing)\s+(?:in|from|on)\s+(?:this|the|my|that)\s+(?:photo|picture|pic|image|selfie)`,
        R`(?:make|generate|create)\s+(?:a\s+|some\s+)?(?:nude|naked|porn|sex|explicit)\s+(?:photo|picture|pic|image|video|tape)s?\s+of\s+(?:my|this|that|a\s+real|the\s+real|our)\b`,
        R`deep\s?fake\s+(?:porn|nudes?|sex)`,
        R`fake\s+nudes`,
      ],
    },
    imageryAbsolute: {
      patterns: [
        R`revenge\s+porn`,
        R`upskirts?`,
        R`creep\s?shots?`,
        R`leak(?:ed|ing|s)?\s+(?:her|his|their|my\s+ex'?s)\s+(?:nudes|nude\s+photos|sex\s+tape|intimate\s+\w+)`,
        R`nudes\s+of\s+my\s+${RELATION}`,
        R`(?:share|post|send|spread)\s+(?:her|his|their|my\s+ex'?s)\s+nudes`,
      ],
    },
    secretCapture: {
      patterns: [
        R`hidden\s+(?:camera|cam)s?`,
        R`spy\s?cams?`,
        R`secretly\s+(?:film|record|photograph|tape)\w*`,
        R`(?:film|record|photograph|tape)\w*\s+(?:her|him|them)\s+without\s+(?:her|his|their)\s+(?:knowledge|consent|knowing)`,
      ],
    },

    // --- violence, exploitation ---
    sexualViolence: {
      patterns: [
        R`rape[sd]?`,
        R`raping`,
        R`rapists?`,
        R`molest\w*`,
        R`sexual(?:ly)?\s+(?:assault\w*|abus\w*)`,
        R`date[\s-]rape`,
        R`roofie\w*`,
        R`rohypnol`,
        R`spik(?:e|ed|ing)\s+(?:her|his|their|a\s+\w+'?s)\s+drinks?`,
        R`drug(?:ged|ging|s)?\s+(?:her|him|them|a\s+girl|a\s+woman|my\s+\w+)\s+(?:and|to|so)`,
        R`non[\s-]?consensual(?:ly)?`,
        R`without\s+(?:her|his|their)\s+consent`,
        R`against\s+(?:her|his|their)\s+will`,
      ],
      unless: [
        R`\b(?:raped|molested|assaulted|abused|drugged)\s+me\b`,
        R`\bi\s+(?:was|got|have\s+been)\s+(?:raped|molested|sexually\s+(?:assaulted|abused)|drugged)\b`,
        R`\b(?:survivors?|victims?)\s+of\b`,
        R`\brape\s+(?:crisis|survivors?|hotline|victims?|counsel\w*)\b`,
      ],
    },
    realFraming: {
      patterns: [
        R`true\s+story`,
        R`(?:really|actually)\s+happened`,
        R`based\s+on\s+(?:a\s+)?(?:true|real)\s+(?:story|events)`,
        R`in\s+real\s+life`,
        R`irl`,
        R`for\s+real`,
        R`real[\s-]life`,
        R`this\s+is\s+real`,
        R`not\s+(?:a\s+)?(?:roleplay|role-play|fantasy|fiction|story)`,
        R`(?:my|our)\s+${RELATION}`,
        R`real\s+(?:woman|girl|person|people|women|girls)`,
      ],
    },
    violenceInstructions: {
      patterns: [
        R`how\s+(?:to|do\s+i|can\s+i|would\s+i|should\s+i|could\s+i)\s+(?:rape|molest|drug|roofie|spike|sexually\s+assault|get\s+away\s+with\s+(?:rape|raping|molest\w*))`,
        R`(?:tips|guide|instructions|steps|ways)\s+(?:for|to|on)\s+(?:raping|rape|drugging|roofying|roofieing|molesting|spiking)`,
        R`best\s+(?:drug|way)\s+to\s+(?:knock\s+(?:her|him|someone)\s+out|drug\s+(?:her|him|someone|a\s+girl|a\s+woman))`,
      ],
    },
    exploitationAbsolute: {
      patterns: [
        R`sex[\s-]?traffic\w*`,
        R`traffick\w*\s+(?:for|into)\s+(?:sex|prostitution)`,
        R`child\s+prostitut\w*`,
        R`(?:sell|sells|selling|sold|buy|buys|buying|bought|rent(?:s|ing)?\s+out|pimp(?:s|ing|ed)?\s+out|trade|trading)\s+(?:my|his|her|their|your|our)\s+(?:wife|girlfriend|daughter|sister|son|kids?|child|children|niece|students?|employees?)\s+(?:for\s+sex|to\s+(?:men|johns|clients|strangers|my\s+friends|customers))`,
        R`(?:where|how)\s+(?:can\s+i|do\s+i|to)\s+(?:buy|find|hire|rent)\s+(?:a\s+)?(?:child|underage|trafficked|sex\s+slave)`,
      ],
    },

    // --- not sexual ---
    selfHarm: {
      patterns: [
        R`(?:how|ways?|best\s+way|easiest\s+way|quickest\s+way|painless(?:ly)?(?:\s+way)?|methods?)\s+(?:to|of|do\s+i|can\s+i|should\s+i)\s+(?:kill\s+(?:myself|yourself|oneself)|commit\s+suicide|end\s+(?:my|your)\s+(?:own\s+)?life|hang\s+(?:myself|yourself)|slit\s+(?:my|your)\s+wrists?|overdose)`,
        R`(?:you\s+should|go|just|why\s+don'?t\s+you)\s+(?:kill\s+yourself|end\s+your\s+life|hang\s+yourself|slit\s+your\s+wrists)`,
        R`kys`,
        R`pro[\s-]?(?:ana|mia)`,
        R`thinspo\w*`,
        R`(?:tips|guide)\s+(?:for|to|on)\s+(?:starv\w+|purg\w+|self[\s-]harm\w*|cutting)`,
        R`(?:encourage|help|convince|tell)\s+(?:me|you|him|her|them)\s+to\s+(?:kill\s+(?:myself|yourself|himself|herself|themselves)|commit\s+suicide|self[\s-]harm)`,
      ],
    },
    extremism: {
      patterns: [
        R`how\s+(?:to|do\s+i|can\s+i)\s+(?:make|build|assemble)\s+(?:a\s+|an\s+)?(?:pipe\s+|nail\s+|fertili[sz]er\s+|car\s+|suicide\s+)?(?:bombs?|explosives?|ied|suicide\s+vest)`,
        R`(?:help\s+me|i'?m|i\s+am|we\s+are|we'?re)\s+plan(?:ning)?\s+(?:a\s+|an\s+)?(?:terror(?:ist)?\s+attack|mass\s+shooting|school\s+shooting|bombing|massacre)`,
        R`join\s+(?:isis|isil|al[\s-]?qaeda|al[\s-]?shabaab|boko\s+haram|the\s+caliphate)`,
        R`(?:glory\s+to|long\s+live|praise)\s+(?:isis|isil|al[\s-]?qaeda|the\s+caliphate|hitler|the\s+third\s+reich|atomwaffen)`,
        R`heil\s+hitler`,
        R`sieg\s+heil`,
        R`(?:kill|shoot|bomb|murder)\s+as\s+many\s+(?:people|civilians|kids|children|students|worshippers)\s+as\s+(?:possible|i\s+can|you\s+can)`,
      ],
    },
    hateViolence: {
      patterns: [
        R`(?:kill|exterminate|gas|lynch|eradicate|wipe\s+out|genocide|burn|hang|shoot)\s+(?:all|every|all\s+the)\s+${GROUP}`,
        R`${GROUP}\s+(?:should|must|deserve\s+to|need\s+to|ought\s+to)\s+(?:all\s+)?(?:die|be\s+killed|be\s+exterminated|be\s+gassed|be\s+lynched|burn|hang|be\s+wiped\s+out)`,
        R`gas\s+the\s+jews`,
        R`race\s+war\s+now`,
      ],
    },
  },
};
