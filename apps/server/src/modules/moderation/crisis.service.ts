// The crisis protocol (docs/compliance.md "Crisis protocol"; published at /legal/crisis-protocol): a person's chat
// message that says they want to die or to hurt themselves gets, in the chat, a short message with crisis resources
// for their country, and the character's reply that turn steps out of the role-play. Nothing is blocked. Each time
// is counted (day, country, language, layer: never the account or the words) for the operator's yearly report.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { CrisisDetector, type CrisisLanguage } from './crisis.ts';
import type { CrisisCountKey, CrisisMonthRow, CrisisRepo } from './crisis.repo.ts';
import type { CrisisResource, CrisisResources } from './crisis-resources.ts';
import type { LlmJudge } from './llm-judge.ts';

/** What the chat shows under the person's message. Written by people; never generated. */
export interface CrisisSupport {
  /** The country the list was chosen for; null: not known, the general list. */
  region: string | null;
  message: string;
  resources: CrisisResource[];
  emergency: string;
}

/** Shows a stored card again (chat_messages.crisis_card): what the messages' mapper is given. */
export type CrisisCards = Pick<CrisisProtocol, 'stored'>;
/** Keeps only the keys of the resources list (an imported chat's cards). */
export type KnownCards = Pick<CrisisProtocol, 'knownCard'>;

export interface CrisisFinding {
  language: CrisisLanguage;
  detectedBy: 'lexicon' | 'judge';
}

/** A person's words that expressed a crisis: what was found (to count), the card shown and its key (to store). */
export interface CrisisCheck {
  finding: CrisisFinding;
  support: CrisisSupport;
  card: string;
}

export const CRISIS_MESSAGE =
  "It sounds like you might be going through something really painful right now. You're talking to an AI, and it can't help the way a person can, but the people at these services can: they are free, confidential and there to listen.";
export const CRISIS_EMERGENCY =
  'If you are in danger right now, call your local emergency number (112 in Europe, 911 in North America, 999 in the UK).';
/** The stored card's key for the general list (the `*` of CRISIS_RESOURCES_FILE). */
const GENERAL = '*';
/** The judge's category for suicide and self-harm (Llama Guard 3 taxonomy, llm-judge.ts). */
const SELF_HARM = 'S11';
/**
 * How long a count whose write failed (a pool timeout under load) waits before each new try: bounded (under 6 s in
 * all, inside shutdown's drain), in the background, never on the reply's path. After the last try it is given up.
 */
export const CRISIS_COUNT_RETRY_MS = [250, 1000, 4000] as const;

export class CrisisProtocol {
  private readonly detector = new CrisisDetector();

  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ crisis: CrisisRepo }>;
      background: BackgroundTasks;
      log: Pick<FastifyBaseLogger, 'warn'>;
      resources: CrisisResources;
      judge?: LlmJudge;
      now?: () => Date;
      /** The waits before each new try of a failed count (CRISIS_COUNT_RETRY_MS; tests shorten them). */
      retryMs?: readonly number[];
    },
  ) {}

  /**
   * Whether a message a person sends expresses a crisis: the lexicon; its ambiguous band goes to the model judge
   * when one is configured (a judge that cannot answer counts as "no": the lexicon already caught the clear cases,
   * and nothing is ever blocked on this verdict).
   */
  async detect(text: string): Promise<CrisisFinding | null> {
    const verdict = this.detector.assess(text);
    if (verdict.kind === 'crisis') return { language: verdict.language, detectedBy: 'lexicon' };
    if (verdict.kind === 'none' || !this.deps.judge) return null;
    const judged = await this.deps.judge.judge(text.slice(0, 8000));
    if (judged.kind === 'unavailable') this.deps.log.warn({ crisis: { judge: judged.reason } }, 'crisis judge unavailable');
    return judged.kind === 'unsafe' && judged.categories.includes(SELF_HARM) ? { language: verdict.language, detectedBy: 'judge' } : null;
  }

  /**
   * The protocol for any words a person writes (a chat message, an edit of one, a picture's request): null when they
   * express no crisis; else the finding, the card for the person's country and the key to keep with the words. Nothing
   * is counted here: the caller records the finding once what it answers is saved.
   */
  async check(text: string, country: string | undefined): Promise<CrisisCheck | null> {
    const finding = await this.detect(text);
    if (!finding) return null;
    const support = this.support(country);
    return { finding, support, card: this.cardOf(support) };
  }

  /** The message and the resources for a country (unknown or unlisted: the general list). */
  support(country: string | undefined): CrisisSupport {
    const listed = country ? this.deps.resources[country] : undefined;
    return {
      region: listed ? country! : null,
      message: CRISIS_MESSAGE,
      resources: listed ?? this.deps.resources['*'] ?? [],
      emergency: CRISIS_EMERGENCY,
    };
  }

  /**
   * What is stored with the message so that its card can be shown again (chat_messages.crisis_card): the key of the
   * resources list shown, the country or `*` for the general list. Never the person's country when it has no list.
   */
  cardOf(support: CrisisSupport): string {
    return support.region ?? GENERAL;
  }

  /**
   * Whether a key read from outside (an imported chat's `extra.crisis_resources`) names a list of the resources: a
   * listed country or `*`. Anything else is not a card and is dropped; only the key is ever kept, never text.
   */
  knownCard(key: unknown): key is string {
    return typeof key === 'string' && Object.hasOwn(this.deps.resources, key);
  }

  /** The card of a stored message, from its key (a country no longer listed falls back to the general list). */
  stored(card: string): CrisisSupport {
    return this.support(card === GENERAL ? undefined : card);
  }

  /**
   * Counts one (in the background, outside the request's transaction; a failed write is tried again, `keep`): never
   * the account or the words.
   */
  record(finding: CrisisFinding, country: string | undefined): void {
    const day = (this.deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    const key = { day, region: country ?? 'ZZ', language: finding.language, detectedBy: finding.detectedBy };
    this.deps.uow.outside(() => this.deps.background.run('crisis-count', () => this.keep(key)));
  }

  /**
   * Writes one count; a failed write is tried again after each wait of `retryMs`, and after the last the count is
   * given up with a warning. A write that succeeded is never repeated, so the count is written once.
   */
  private async keep(key: CrisisCountKey): Promise<void> {
    const waits = this.deps.retryMs ?? CRISIS_COUNT_RETRY_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.deps.uow.repos.crisis.increment(key);
        return;
      } catch (err) {
        if (attempt >= waits.length) {
          this.deps.log.warn({ err, attempts: attempt + 1 }, 'a crisis count was not kept');
          return;
        }
        await sleep(waits[attempt]);
      }
    }
  }

  /** The yearly report: counts per month, country, language and layer. */
  async report(year: number): Promise<{ year: number; total: number; rows: CrisisMonthRow[] }> {
    const rows = await this.deps.uow.repos.crisis.year(year);
    return { year, total: rows.reduce((n, r) => n + r.count, 0), rows };
  }
}
