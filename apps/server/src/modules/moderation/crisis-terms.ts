/*
 * The crisis protocol's word lists (crisis.ts reads them): phrases in which a person says they want to die, to kill
 * or hurt themselves, in the six languages the blocked-content policy covers (English, German, Spanish, French,
 * Portuguese, Italian). Everything here is data; the sources are matched against the policy's normalised text
 * (lowercase, no diacritics, look-alike letters folded), so write them without accents.
 *
 * - `intent`: the person speaks of their own death or self-harm (first person, or the reflexive form that only a
 *   speaker uses of themselves: "matarme", "mich umbringen"). One is enough to show the resources.
 * - `hint`: words that often come with a crisis but as often do not ("I can't do this anymore", "je n'en peux plus").
 *   Alone they show nothing; they are the band the optional model judge reads (category S11).
 * - `figurative`: what people say without meaning it ("this exam is killing me", "I could die of embarrassment",
 *   "je meurs de faim"): a match inside one is not counted.
 *
 * A negation before an intent phrase ("I would never kill myself", "I don't want to die") keeps it from counting;
 * the phrases that are themselves negative ("I don't want to live anymore") say so in their own pattern. Keep the
 * patterns free of nested quantifiers: they run on every message a person sends.
 */

const R = String.raw;

/** First person, as a subject, in English (with or without the apostrophe). */
const I = R`\b(?:i|i'?m|i\s+am|i'?ve|i\s+have|i'?d|i\s+would|i'?ll|i\s+will|me)`;
/** Any language's negations: a gap between a subject and its verb never crosses one ("I don't want to die"). */
const NEGATIONS = R`(?:not|never|don'?t|dont|won'?t|wont|wouldn'?t|nicht|nie|niemals|kein\p{L}*|no|nunca|jamas|pas|jamais|nao|non|mai)`;
/** One word that is not a negation. */
const W = R`(?:(?!${NEGATIONS}\s)[\p{L}']+\s+)`;
/** A few words between a subject and its verb ("I really just want to die"). */
const GAP = R`${W}{0,3}`;

export interface CrisisLanguage {
  intent: string[];
  hint: string[];
  figurative: string[];
  /** Words that, just before an intent phrase, turn it around ("never", "nicht", "jamais"). */
  negation: string;
}

export const CRISIS_TERMS: Record<'en' | 'de' | 'es' | 'fr' | 'pt' | 'it', CrisisLanguage> = {
  en: {
    intent: [
      R`${I}\s+${GAP}(?:going\s+to|gonna|want\s+to|wanna|will|plan(?:ning)?\s+to|need\s+to|should|might|thinking\s+(?:about|of)|think\s+about|thought\s+about|tried\s+to|try\s+to|about\s+to|decided\s+to|ready\s+to)\s+(?:just\s+)?(?:kill(?:ing)?\s+myself|end(?:ing)?\s+(?:my\s+(?:own\s+)?life|it\s+all|things|my\s+suffering)|tak(?:e|ing)\s+my\s+(?:own\s+)?life|commit(?:ting)?\s+suicide|hang(?:ing)?\s+myself|overdos(?:e|ing)|cut(?:ting)?\s+(?:myself|my\s+wrists)|hurt(?:ing)?\s+myself|harm(?:ing)?\s+myself|slit(?:ting)?\s+my\s+wrists|jump(?:ing)?\s+(?:off|in\s+front)|die|not\s+wake\s+up|disappear\s+forever)`,
      R`\bkill\s+myself\b`,
      R`\b(?:end|ending|take|taking)\s+my\s+own\s+life\b`,
      R`${I}\s+${GAP}(?:suicidal|feeling\s+suicidal|having\s+suicidal\s+thoughts)`,
      R`\bsuicidal\s+(?:thoughts|feelings|again|lately|tonight)\b`,
      R`${I}\s+(?:really\s+|just\s+|honestly\s+)?(?:do\s+not|don'?t|dont)\s+want\s+to\s+(?:live|be\s+alive|exist|wake\s+up|be\s+here)\b`,
      R`${I}\s+${GAP}(?:wish|wished)\s+(?:i\s+)?(?:was|were|could\s+be|had\s+been)\s+dead\b`,
      R`${I}\s+(?:wish\s+i\s+)?(?:had\s+)?never\s+(?:been\s+born|woke\s+up)\b`,
      R`\b(?:better\s+off|happier)\s+(?:without\s+me|if\s+i\s+(?:was|were)\s+(?:dead|gone))\b`,
      R`\bno(?:body|\s+one)\s+would\s+(?:miss|care\s+if)\s+(?:me|i)\b`,
      R`\b(?:no|nothing\s+left\s+to)\s+(?:reason\s+to\s+live|point\s+in\s+living|live\s+for)\b`,
      R`\b(?:tired|sick)\s+of\s+(?:living|being\s+alive)\b`,
      R`\b(?:cutting|cut|burning|burned|harming|hurting|hurt)\s+myself\s+(?:again|tonight|every|to\s+feel|because|since|when)\b`,
      R`${I}\s+${GAP}(?:been|started|keep|kept|can'?t\s+stop)\s+(?:cutting|burning|harming|hurting|hitting)\s+myself\b`,
      R`\bself[\s-]?harm(?:ing)?\s+(?:again|urges?|tonight|relapse)\b`,
      R`${I}\s+${GAP}(?:saving|saved|stockpiling|collected|hoarding)\s+(?:up\s+)?(?:pills|meds|medication|sleeping\s+pills)\b`,
      R`\bhow\s+many\s+(?:pills|tablets|sleeping\s+pills|paracetamol|tylenol)\s+(?:would\s+it\s+take\s+)?to\s+(?:die|kill|end)\b`,
      R`\bmy\s+suicide\s+(?:note|letter|plan)\b`,
      R`\bwrote\s+(?:a|my)\s+(?:suicide\s+)?(?:note|goodbye\s+letter)\s+(?:for|to)\s+(?:my|everyone)\b`,
      R`${I}\s+${GAP}(?:can'?t|cannot|can\s+not)\s+(?:go\s+on|keep\s+going|do\s+this)\s+(?:living|anymore\s+i\s+want\s+to\s+die)\b`,
      R`\bthis\s+is\s+my\s+(?:last|final)\s+(?:message|night|day)\b`,
    ],
    hint: [
      R`${I}\s+${GAP}(?:can'?t|cannot)\s+(?:do\s+this|go\s+on|take\s+(?:it|this))\s+any\s*more\b`,
      R`\bwhat'?s\s+the\s+point\s+(?:of\s+(?:anything|it\s+all|trying)|any\s*more)\b`,
      R`${I}\s+${GAP}(?:a\s+burden|want\s+to\s+disappear|give\s+up\s+on\s+everything|so\s+done\s+with\s+everything|hopeless|empty\s+inside)\b`,
      R`\bno\s+way\s+out\b`,
      R`\bsleep\s+forever\b`,
    ],
    figurative: [
      R`\b(?:is|are|was)\s+(?:literally\s+)?killing\s+me\b`,
      R`\b(?:could|gonna|going\s+to|will|would)\s+(?:literally\s+)?die\s+(?:of|from|laughing|happy|for)\b`,
      R`\bkill\s+me\s+now\s+(?:lol|haha|lmao)\b`,
      R`\b(?:could|gonna|going\s+to)\s+kill\s+myself\s+for\b`,
      R`\b(?:die|dying)\s+(?:of|from)\s+(?:embarrassment|laughter|boredom|shame|cringe|hunger|curiosity)\b`,
      R`\bdying\s+to\b`,
      R`\b(?:mom|mum|dad|mother|father|boss|wife|husband|teacher|coach|sister|brother)\s+(?:is\s+going\s+to|will|gonna)\s+kill\s+me\b`,
    ],
    negation: R`(?:never|not|n't|dont|no|wouldn't|won't|wont)`,
  },
  de: {
    intent: [
      R`\b(?:ich\s+${GAP}(?:will|mochte|werde|muss|sollte|denke\s+daran,?|plane|wurde)|(?:will|mochte|werde|muss|sollte|wurde)\s+ich)\s+${W}{0,3}(?:mich\s+${W}?(?:selbst\s+)?(?:umbringen|toten|umzubringen|ritzen|verletzen|aufhangen)|sterben|nicht\s+mehr\s+(?:leben|aufwachen|da\s+sein)|mein\s+leben\s+beenden|mir\s+das\s+leben\s+nehmen|selbstmord\s+begehen|schluss\s+machen)\b`,
      R`\bich\s+bring(?:e)?\s+mich\s+um\b`,
      R`\bich\s+[^.!?]{0,40}?mich\s+(?:selbst\s+)?umzubringen\b`,
      R`\bmir\s+${W}{0,3}das\s+leben\s+(?:zu\s+)?nehmen\b`,
      R`\bmein\s+leben\s+(?:zu\s+)?beenden\b`,
      R`\bich\s+(?:bin|fuhle\s+mich)\s+${W}{0,2}(?:suizidal|selbstmordgefahrdet|lebensmude)\b`,
      R`\b(?:suizidgedanken|selbstmordgedanken)\b`,
      R`\bich\s+${W}{0,2}will\s+nicht\s+mehr\s+(?:leben|da\s+sein|aufwachen)\b`,
      R`\bich\s+${W}{0,2}(?:ritze|verletze)\s+mich\s+${W}{0,2}(?:selbst|wieder|jeden|seit)\b`,
      R`\b(?:ohne\s+mich\s+(?:waren|waere|ware)\s+(?:alle|ihr|sie|es)\s+${W}{0,2}besser|(?:alle|ihr)\s+(?:waren|waere|ware)\s+ohne\s+mich\s+besser)\b`,
      R`\bniemand\s+wurde\s+mich\s+vermissen\b`,
      R`\b(?:ich\s+wunschte|wunschte\s+ich),?\s+${W}{0,2}(?:ich\s+)?(?:ware\s+tot|waere\s+tot|nie\s+geboren)\b`,
      R`\bkein(?:en)?\s+grund\s+mehr\s+zu\s+leben\b`,
      R`\bkeine\s+lust\s+mehr\s+(?:zu\s+)?(?:leben|aufzuwachen)\b`,
      R`\bich\s+${W}{0,2}(?:sammle|habe\s+${W}?gesammelt)\s+${W}{0,4}(?:tabletten|pillen|schlaftabletten)\b`,
      R`\bmein(?:en)?\s+abschiedsbrief\b`,
    ],
    hint: [
      R`\bich\s+kann\s+(?:einfach\s+)?nicht\s+mehr\b`,
      R`\b(?:hat|macht)\s+(?:alles|das\s+leben)\s+(?:doch\s+)?keinen\s+sinn\s+mehr\b`,
      R`\bich\s+bin\s+(?:nur\s+)?eine\s+last\b`,
      R`\bich\s+will\s+einfach\s+verschwinden\b`,
    ],
    figurative: [
      R`\b(?:sterbe|sterben)\s+(?:vor|fast\s+vor)\s+(?:lachen|hunger|langeweile|scham|neugier)\b`,
      R`\b(?:vater|mutter|mama|papa|chef|chefin|frau|mann|lehrer|lehrerin)\s+(?:wird|bringt)\s+mich\s+${W}?um\b`,
    ],
    negation: R`(?:nie|niemals|nicht|kein|keine)`,
  },
  es: {
    intent: [
      R`\b(?:quiero|voy\s+a|pienso\s+en|estoy\s+pensando\s+en|he\s+pensado\s+en|deberia|tengo\s+ganas\s+de|necesito|intente|trate\s+de|planeo)\s+${W}{0,2}(?:matarme|suicidarme|quitarme\s+la\s+vida|acabar\s+con\s+mi\s+vida|morirme|morir|cortarme|hacerme\s+dano|colgarme|tirarme\s+(?:del|de\s+un|al|por)|desaparecer\s+para\s+siempre)\b`,
      R`\bsuicidarme\b`,
      // The pronoun before the verb ("me quiero matar", "me voy a suicidar").
      R`\bme\s+(?:quiero|voy\s+a|pienso|queria)\s+(?:matar|suicidar|morir|quitar\s+la\s+vida)\b`,
      R`\bquitarme\s+la\s+vida\b`,
      R`\bacabar\s+con\s+mi\s+(?:propia\s+)?vida\b`,
      R`\bno\s+quiero\s+(?:seguir\s+)?(?:vivir|viviendo|estar\s+vivo|estar\s+viva|despertar|existir)\b`,
      R`\b(?:tengo|he\s+tenido)\s+${W}?(?:pensamientos|ideas)\s+(?:suicidas|de\s+(?:suicidio|matarme))\b`,
      R`\bme\s+(?:he\s+)?(?:vuelto\s+a\s+)?(?:corto|corte|cortado|cortar|lastimo|lastime|lastimar|hago\s+dano|hacer\s+dano)\s+${W}{0,2}(?:otra\s+vez|de\s+nuevo|los\s+brazos|las\s+munecas|a\s+proposito|cada|para\s+sentir)\b`,
      R`\b(?:estarian|estaran|estarias|vivirian)\s+mejor\s+sin\s+mi\b`,
      R`\bnadie\s+me\s+(?:echaria|extranaria)\s+de\s+menos\b`,
      R`\bnadie\s+me\s+extranaria\b`,
      R`\bojala\s+(?:estuviera|estuviese)\s+muert[oa]\b`,
      R`\bno\s+(?:tengo|hay)\s+(?:ninguna\s+)?razon\s+para\s+vivir\b`,
      R`\b(?:he\s+)?(?:guardado|junto|juntando|acumulando)\s+${W}{0,2}(?:pastillas|pildoras)\s+para\b`,
      R`\bmi\s+carta\s+de\s+despedida\b`,
      R`\bestoy\s+${W}?cansad[oa]\s+de\s+vivir\b`,
    ],
    hint: [R`\bya\s+no\s+puedo\s+mas\b`, R`\b(?:no\s+tiene|que)\s+sentido\s+(?:nada|seguir)\b`, R`\bsoy\s+una\s+carga\b`],
    figurative: [
      R`\bme\s+muero\s+de\s+(?:risa|hambre|sueno|verguenza|ganas|calor|frio|aburrimiento)\b`,
      R`\b(?:madre|padre|mama|papa|jefe|jefa|profe|profesor|esposa|esposo)\s+(?:me\s+va\s+a\s+matar|va\s+a\s+matarme)\b`,
      R`\bmorir\s+de\s+(?:risa|verguenza|amor)\b`,
    ],
    negation: R`(?:nunca|jamas|tampoco)`,
  },
  fr: {
    intent: [
      R`\b(?:je\s+(?:veux|vais|voudrais|pense\s+a|compte|devrais|vais\s+peut-etre|ai\s+envie\s+de|prevois\s+de)|envie\s+de|j'?ai\s+envie\s+de|j'?ai\s+essaye\s+de|j'?ai\s+pense\s+a)\s+${W}{0,2}(?:me\s+suicider|me\s+tuer|mourir|en\s+finir|mettre\s+fin\s+a\s+(?:mes\s+jours|ma\s+vie)|me\s+pendre|me\s+jeter\s+(?:sous|du|d'un|par)|me\s+faire\s+du\s+mal|me\s+scarifier|me\s+couper|disparaitre\s+pour\s+toujours)\b`,
      R`\bme\s+suicider\b`,
      R`\bmettre\s+fin\s+a\s+mes\s+jours\b`,
      R`\bje\s+${W}?(?:ne\s+)?veux\s+plus\s+(?:vivre|exister|me\s+reveiller|etre\s+la)\b`,
      R`\bj'?ai\s+${W}?des\s+(?:pensees|idees)\s+(?:suicidaires|noires\s+tous\s+les\s+jours)\b`,
      R`\bje\s+suis\s+${W}?suicidaire\b`,
      R`\bje\s+(?:me\s+)?(?:suis\s+)?(?:scarifie|scarifiee|me\s+scarifie|me\s+coupe|me\s+mutile)\b`,
      R`\bje\s+me\s+(?:fais|suis\s+fait|suis\s+faite)\s+du\s+mal\s+${W}{0,2}(?:encore|expres|chaque|pour|depuis)\b`,
      R`\b(?:seraient|serait|serais|serez)\s+mieux\s+sans\s+moi\b`,
      R`\bpersonne\s+ne\s+(?:me\s+regretterait|remarquerait\s+si\s+je)\b`,
      R`\bj'?aimerais\s+${W}?(?:etre\s+morte?|ne\s+jamais\s+etre\s+nee?|ne\s+pas\s+me\s+reveiller)\b`,
      R`\b(?:plus\s+aucune|aucune)\s+raison\s+de\s+vivre\b`,
      R`\bj'?ai\s+${W}?(?:garde|stocke|accumule|mis\s+de\s+cote)\s+${W}{0,2}(?:cachets|medicaments|pilules|comprimes)\b`,
      R`\bma\s+lettre\s+d'?adieu\b`,
      R`\bje\s+suis\s+${W}?fatiguee?\s+de\s+vivre\b`,
    ],
    hint: [R`\bje\s+n'?en\s+peux\s+plus\b`, R`\b(?:rien\s+n'?a|plus\s+rien\s+n'?a)\s+de\s+sens\b`, R`\bje\s+suis\s+un\s+fardeau\b`],
    figurative: [
      R`\bje\s+(?:meurs|vais\s+mourir)\s+de\s+(?:faim|rire|honte|soif|fatigue|chaud|froid|ennui)\b`,
      R`\b(?:mere|pere|maman|papa|patron|patronne|prof|femme|mari)\s+va\s+me\s+tuer\b`,
      R`\bmourir\s+de\s+rire\b`,
    ],
    negation: R`(?:jamais|pas|ne)`,
  },
  pt: {
    intent: [
      R`\b(?:quero|vou|penso\s+em|estou\s+pensando\s+em|tenho\s+vontade\s+de|preciso|tentei|devia|deveria|pensei\s+em|planejo)\s+${W}{0,2}(?:me\s+matar|matar-me|me\s+suicidar|suicidar-me|tirar\s+(?:a\s+)?minha\s+(?:propria\s+)?vida|acabar\s+com\s+(?:a\s+)?minha\s+vida|morrer|me\s+cortar|me\s+machucar|me\s+enforcar|me\s+jogar|sumir\s+para\s+sempre)\b`,
      R`\bme\s+suicidar\b`,
      R`\btirar\s+(?:a\s+)?minha\s+(?:propria\s+)?vida\b`,
      R`\bacabar\s+com\s+a\s+minha\s+vida\b`,
      R`\bnao\s+quero\s+mais\s+(?:viver|estar\s+vivo|estar\s+viva|acordar|existir)\b`,
      R`\b(?:tenho|tive|ando\s+com)\s+${W}?pensamentos\s+suicidas\b`,
      R`\bme\s+(?:cortei|corto|machuquei|machuco|mutilo)\s+${W}{0,2}(?:de\s+novo|outra\s+vez|de\s+proposito|todo|toda|para\s+sentir|os\s+bracos|os\s+pulsos)\b`,
      R`\b(?:estariam|ficariam|seriam)\s+melhor(?:es)?\s+sem\s+mim\b`,
      R`\bninguem\s+(?:sentiria|vai\s+sentir)\s+(?:a\s+)?minha\s+falta\b`,
      R`\bqueria\s+estar\s+mort[oa]\b`,
      R`\b(?:nenhum|nao\s+tenho)\s+motivo\s+para\s+viver\b`,
      R`\b(?:juntei|guardei|juntando|guardando)\s+${W}{0,2}(?:remedios|comprimidos|pilulas)\s+para\b`,
      R`\bminha\s+carta\s+de\s+despedida\b`,
      R`\bcansad[oa]\s+de\s+viver\b`,
    ],
    hint: [R`\bnao\s+aguento\s+mais\b`, R`\bnada\s+(?:mais\s+)?faz\s+sentido\b`, R`\bsou\s+um\s+peso\b`],
    figurative: [
      R`\b(?:morrendo|morro|morri)\s+de\s+(?:rir|fome|vergonha|sono|calor|frio|tedio|saudade)\b`,
      R`\b(?:mae|pai|chefe|professor|professora|esposa|marido)\s+vai\s+me\s+matar\b`,
    ],
    negation: R`(?:nunca|jamais|nao)`,
  },
  it: {
    intent: [
      R`\b(?:voglio|vorrei|sto\s+per|penso\s+di|sto\s+pensando\s+di|ho\s+pensato\s+di|devo|potrei|ho\s+provato\s+a|ho\s+voglia\s+di|ho\s+deciso\s+di)\s+${W}{0,2}(?:uccidermi|ammazzarmi|suicidarmi|togliermi\s+la\s+vita|farla\s+finita|morire|tagliarmi|farmi\s+del\s+male|impiccarmi|buttarmi\s+(?:giu|sotto|dal)|sparire\s+per\s+sempre)\b`,
      R`\bsuicidarmi\b`,
      R`\bmi\s+(?:voglio|vorrei|sto\s+per|devo)\s+(?:uccidere|ammazzare|suicidare|togliere\s+la\s+vita|impiccare)\b`,
      R`\btogliermi\s+la\s+vita\b`,
      R`\bnon\s+voglio\s+piu\s+(?:vivere|esistere|svegliarmi|essere\s+viv[oa])\b`,
      R`\b(?:ho|avevo)\s+${W}?pensieri\s+suicidi\b`,
      R`\bmi\s+(?:sono\s+)?(?:tagliat[oa]|taglio|faccio\s+del\s+male|sono\s+fatt[oa]\s+del\s+male)\s+${W}{0,2}(?:di\s+nuovo|ancora|apposta|ogni|per\s+sentire|i\s+polsi|le\s+braccia)\b`,
      R`\b(?:starebbero|sarebbero|stareste)\s+meglio\s+senza\s+di\s+me\b`,
      R`\bnessuno\s+(?:sentirebbe|sentira)\s+la\s+mia\s+mancanza\b`,
      R`\bvorrei\s+essere\s+mort[oa]\b`,
      R`\bnessun\s+motivo\s+per\s+vivere\b`,
      R`\bho\s+${W}?(?:messo\s+da\s+parte|accumulato|conservato)\s+${W}{0,2}(?:pillole|pastiglie|farmaci|sonniferi)\b`,
      R`\bla\s+mia\s+lettera\s+d'?addio\b`,
      R`\bstanc[oa]\s+di\s+vivere\b`,
    ],
    hint: [R`\bnon\s+ce\s+la\s+faccio\s+piu\b`, R`\bniente\s+ha\s+(?:piu\s+)?senso\b`, R`\bsono\s+un\s+peso\b`],
    figurative: [
      R`\b(?:muoio|sto\s+morendo|morire)\s+(?:dal|di|dalla)\s+(?:ridere|fame|vergogna|sonno|caldo|freddo|noia|curiosita)\b`,
      R`\b(?:madre|padre|mamma|papa|capo|prof|moglie|marito)\s+mi\s+(?:uccide|uccidera|ammazza|ammazzera)\b`,
    ],
    negation: R`(?:mai|non)`,
  },
};
