// How far the index of every message has come, as a line of /api/health (its detail for administrators): after the
// embedding model changes, or on a first start with messages written before the model was there, every message is
// embedded again in the background (indexer.service.ts), and the operator sees how far that is. Counted at most once
// a minute and by one caller at a time: load balancers ask for the health every few seconds, and a count reads every
// message (a third of a second a million messages on PostgreSQL). A check waits for a count at most
// PROGRESS_WAIT_MS: past it, the check answers with the last count (or says a count is under way) and the count
// goes on for the next check.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { VectorIndex } from '../../db/vector-index.ts';
import type { Embedder, EmbedderInfo } from '../../providers/embeddings/index.ts';
import type { ProviderHealth, ProviderStatus } from '../../providers/health.ts';
import type { MemoryVectorsRepo } from './memory-vectors.repo.ts';
import type { MemoryRepo } from './memory.repo.ts';

/** How long a count is shown before it is taken again. */
export const PROGRESS_FRESH_MS = 60_000;
/** How long a health check waits for a count before it answers with what it has. */
export const PROGRESS_WAIT_MS = 1_000;

export interface Progress {
  /** Messages the index should hold: not blocked, not blank. */
  messages: number;
  /** Of them, those with a vector of the current model. */
  current: number;
  /** Vectors of an earlier model, replaced as the re-embedding goes. */
  otherModels: number;
  /** Vectors not copied into pgvector's column yet (0 without pgvector). */
  uncopied: number;
}

const n = (x: number) => x.toLocaleString('en-US');

export class IndexProgress implements ProviderHealth {
  readonly name = 'memoryIndex';
  private last: { at: number; model: string; status: ProviderStatus } | undefined;
  private counting: Promise<ProviderStatus> | undefined;

  constructor(
    private readonly d: {
      uow: UnitOfWork<{ memory: MemoryRepo; memoryVectors: MemoryVectorsRepo }>;
      embedder: Pick<Embedder, 'info'>;
      vectorIndex: Pick<VectorIndex, 'enabled'>;
      now?: () => number;
      waitMs?: number;
    },
  ) {}

  /** The embedding provider in use (`off`: no index). */
  get kind(): string {
    return this.d.embedder.info().provider;
  }

  health(): Promise<ProviderStatus> {
    const info = this.d.embedder.info();
    if (info.state === 'off') {
      return Promise.resolve({ status: 'disabled', detail: 'No embedding model (EMBEDDING_PROVIDER=off): recall searches by words only.' });
    }
    const now = this.now();
    const last = this.last?.model === info.model ? this.last : undefined;
    if (last && now - last.at < PROGRESS_FRESH_MS) return Promise.resolve(last.status);
    const counting = (this.counting ??= this.count(info).finally(() => (this.counting = undefined)));
    const meanwhile: ProviderStatus = last?.status ?? {
      status: 'ok',
      detail: `The messages with a vector of ${info.model} are being counted; the next check shows the count.`,
    };
    return answerWithin(counting, this.d.waitMs ?? PROGRESS_WAIT_MS, meanwhile);
  }

  private async count(info: EmbedderInfo): Promise<ProviderStatus> {
    try {
      const { memory, memoryVectors } = this.d.uow.repos;
      const counted = await memory.indexProgress(info.model);
      const uncopied = this.d.vectorIndex.enabled ? await memoryVectors.unconvertedCount() : 0;
      const status: ProviderStatus = { status: 'ok', detail: describeProgress(info, { ...counted, uncopied }) };
      this.last = { at: this.now(), model: info.model, status };
      return status;
    } catch (err) {
      // Not kept: the next check counts again (the database line of the report says whether it is down).
      return { status: 'down', detail: `The index could not be counted: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  private now(): number {
    return this.d.now?.() ?? Date.now();
  }
}

/** What `work` settles to if it does within `ms`, else `meanwhile` (the work goes on). */
function answerWithin<T>(work: Promise<T>, ms: number, meanwhile: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(meanwhile), ms);
    timer.unref();
  });
  return Promise.race([work, waited]).finally(() => clearTimeout(timer));
}

/** The sentence an administrator reads: how many messages have a vector of the model, and what goes on meanwhile. */
export function describeProgress(info: Pick<EmbedderInfo, 'model' | 'state' | 'progress'>, p: Progress): string {
  const current = Math.min(p.current, p.messages);
  const parts: string[] = [];
  if (p.messages === 0) {
    parts.push(`No messages to index yet (the model: ${info.model}).`);
  } else if (current >= p.messages) {
    parts.push(`Every message (${n(p.messages)}) has a vector of ${info.model}.`);
  } else {
    // Rounded down: 99.96 % is not shown as done.
    const percent = (Math.floor((current / p.messages) * 1000) / 10).toFixed(1);
    const waiting =
      info.state === 'ready'
        ? 'the rest are embedded in the background, the most recently active conversations first'
        : 'the rest wait for the model';
    parts.push(`${n(current)} of ${n(p.messages)} messages (${percent} %) have a vector of ${info.model}; ${waiting}.`);
  }
  if (info.state === 'downloading') parts.push(`The model is downloading (${info.progress ?? 0} %): recall searches by words meanwhile.`);
  if (info.state === 'loading') parts.push('The model is loading: recall searches by words meanwhile.');
  if (info.state === 'error') parts.push('The model did not start (see the embeddings line): recall searches by words.');
  if (p.otherModels > 0) parts.push(`${n(p.otherModels)} vectors of an earlier model are replaced as it goes.`);
  if (p.uncopied > 0)
    parts.push(`${n(p.uncopied)} vectors wait to be copied into pgvector (their conversations are ranked in the process meanwhile).`);
  return parts.join(' ');
}
