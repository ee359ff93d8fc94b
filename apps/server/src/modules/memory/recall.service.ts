// Recall: before a reply, what the rest of the conversation holds that the latest messages call for. Words (the chat
// search's full-text expression, ranked by ts_rank) and meaning (cosine similarity of the message vectors to the
// latest messages' vector) are fused by reciprocal rank. With pgvector (db/vector-index.ts) the database ranks the
// conversation's vectors by cosine; without it (or while a conversation's vectors are still being copied there)
// meaning reads a shortlist: the vectors ranked by their signs in the database (an index alone), the best
// MEANING_SHORTLIST read and scored in full here. What is
// already in the context window is never recalled; the passages stop at a token budget. Without a ready embedding
// model recall works by words alone.
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { EmbeddingsUnavailableError, type Embedder } from '../../providers/embeddings/index.ts';
import { passageText } from '../chat/index.ts';
import type { VectorIndex } from '../../db/vector-index.ts';
import type { MemoryVectorsRepo } from './memory-vectors.repo.ts';
import type { MemoryRepo, RecallMessageRow } from './memory.repo.ts';
import { bytesToVector, dot, signMasks } from './vector.ts';
import { QUERY_CHARS, recallQueryOf, WORD_CANDIDATES } from './recall-read.repo.ts';
import type { WordHitRow } from './memory.rows.ts';

/** Reciprocal rank fusion's constant (Cormack et al.: 60). */
const RRF_K = 60;
/** Candidates each way before fusion. */
const CANDIDATES = WORD_CANDIDATES;
/**
 * Vectors read and scored in full, of those nearest by their signs (a conversation with fewer is scored whole). In
 * bench:memory's 10,000-message conversation with the hash embedder (a hard case for signs: its words collide and
 * repeat, which signs cannot count), 99.5 % of the 6 nearest by cosine were in the shortlist at 512 and 97.5 % at 256;
 * with a real model's vectors (Universal Sentence Encoder lite, bench:memory's planted facts among 10,000 messages),
 * 99.6 % of the 5 nearest at 512 and 97.6 % at 256.
 */
const MEANING_SHORTLIST = 512;
/** Below this cosine similarity a message is not "about" the latest messages. */
const MIN_SIMILARITY = 0.15;
/** Meaning slower than this (a busy embedding model) is left out of this recall: words alone answer. */
const MEANING_WAIT_MS = 300;

export type RecallReason = 'words' | 'meaning' | 'both';

export interface RecalledPassage {
  messageId: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** The fused score (reciprocal rank), higher is better. */
  score: number;
  why: RecallReason;
  /** Cosine similarity when meaning found it. */
  similarity?: number;
  tokens: number;
}

export interface RecallQuery {
  conversationId: string;
  /** The latest messages' text (the new message first). */
  text: string;
  /** Messages already in the context window (never recalled). */
  excluded: string[];
  /** At most this many passages … */
  limit: number;
  /** … and this many tokens in all (the chat's recall step passes what the journal leaves). */
  tokenBudget: number;
  countTokens: (text: string) => number;
  /** Each passage is cut to this many characters. */
  maxChars?: number;
  /**
   * The search by words already made for this text and window (the first read's column, recall-read.repo.ts): the
   * reply pipeline reads it with the conversation, so recall only adds what meaning finds.
   */
  wordHits?: WordHitRow[];
}

export class RecallService {
  constructor(
    private readonly d: {
      uow: UnitOfWork<{ memory: MemoryRepo; memoryVectors: MemoryVectorsRepo }>;
      embedder: Embedder;
      vectorIndex: Pick<VectorIndex, 'enabled' | 'iterative'>;
      log: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {}

  async recall(q: RecallQuery): Promise<RecalledPassage[]> {
    if (q.limit <= 0 || q.tokenBudget <= 0) return [];
    const text = q.text.slice(0, QUERY_CHARS);
    const [words, meaning] = await Promise.all([this.byWords(q, text), within(MEANING_WAIT_MS, this.byMeaning(q, text), [])]);
    const fused = new Map<string, { score: number; words: boolean; similarity?: number }>();
    words.forEach((hit, rank) => fused.set(hit.id, { score: 1 / (RRF_K + rank + 1), words: true }));
    meaning.forEach((hit, rank) => {
      const prev = fused.get(hit.id);
      fused.set(hit.id, { score: (prev?.score ?? 0) + 1 / (RRF_K + rank + 1), words: prev?.words ?? false, similarity: hit.similarity });
    });
    const order = [...fused.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, q.limit * 3);
    const known = new Map<string, RecallMessageRow>(words.map((w) => [w.id, w]));
    const missing = order.map(([id]) => id).filter((id) => !known.has(id));
    for (const row of await this.d.uow.repos.memory.messages(q.conversationId, missing)) known.set(row.id, row);
    return this.withinBudget(q, order, known);
  }

  private withinBudget(
    q: RecallQuery,
    order: [string, { score: number; words: boolean; similarity?: number }][],
    rows: Map<string, RecallMessageRow>,
  ): RecalledPassage[] {
    const out: RecalledPassage[] = [];
    let spent = 0;
    for (const [id, f] of order) {
      const row = rows.get(id);
      if (!row || out.length >= q.limit) continue;
      const content = passageText(row.content, q.maxChars);
      const tokens = q.countTokens(content) + 8;
      if (spent + tokens > q.tokenBudget) continue;
      spent += tokens;
      const why: RecallReason = f.words && f.similarity !== undefined ? 'both' : f.words ? 'words' : 'meaning';
      out.push({
        messageId: id,
        role: row.role,
        content,
        createdAt: row.createdAt,
        score: Math.round(f.score * 10_000) / 10_000,
        why,
        ...(f.similarity !== undefined ? { similarity: Math.round(f.similarity * 1000) / 1000 } : {}),
        tokens,
      });
    }
    return out;
  }

  private async byWords(q: RecallQuery, text: string) {
    if (q.wordHits) return q.wordHits;
    const query = recallQueryOf(text);
    return query ? this.d.uow.repos.memory.wordHits(q.conversationId, query, q.excluded, CANDIDATES) : [];
  }

  /** pgvector's ranking of the conversation, or undefined when it has none (or not of all its vectors yet). */
  private async rankedInDatabase(q: RecallQuery, model: string, query: Float32Array) {
    const { vectorIndex } = this.d;
    if (!vectorIndex.enabled) return undefined;
    const { conversationId, excluded } = q;
    const found = await this.d.uow.repos.memoryVectors.nearest({
      ...{ conversationId, model, query, excluded },
      limit: CANDIDATES,
      iterative: vectorIndex.iterative,
    });
    return found.unconverted ? undefined : found.rows;
  }

  /** The conversation's messages nearest the latest ones in meaning; none while no model is ready. */
  private async byMeaning(q: RecallQuery, text: string): Promise<{ id: string; similarity: number }[]> {
    const { embedder } = this.d;
    if (embedder.info().state !== 'ready' || !text.trim()) return [];
    let query: Float32Array;
    try {
      [query] = (await embedder.embed([text], 'query')) as [Float32Array];
    } catch (err) {
      if (!(err instanceof EmbeddingsUnavailableError)) this.d.log.warn({ err }, 'recall by meaning failed; recalling by words');
      return [];
    }
    const model = embedder.info().model;
    const ranked = await this.rankedInDatabase(q, model, query);
    const rows =
      ranked ??
      (
        await this.d.uow.repos.memory.nearVectors({
          conversationId: q.conversationId,
          model,
          dimensions: query.length,
          excluded: q.excluded,
          masks: signMasks(query),
          limit: MEANING_SHORTLIST,
        })
      ).map((r) => ({ id: r.id, similarity: dot(query, bytesToVector(r.vector)) }));
    return rows
      .filter((r) => r.similarity >= MIN_SIMILARITY)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, CANDIDATES);
  }
}

/** The promise's value, or `fallback` after `ms` (the work goes on and its result is dropped). */
async function within<T>(ms: number, work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([work.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}
