import { createReadStream } from "node:fs";
import { appendFile, writeFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { ChatModel } from "../contracts/chat-model.js";
import type { EmbeddingModel } from "../contracts/embedding-model.js";
import type { ChunkRecord, SearchIndex } from "../contracts/search-index.js";
import type { FusionOptions } from "../engine/search/fusion.js";
import { rankChunks } from "../engine/search/rank-chunks.js";
import type { RankedHit } from "../engine/search/ranked-hit.js";
import { rerankHits } from "../engine/search/rerank-hits.js";
import type { VectorFeedbackOptions } from "../engine/search/vector-feedback.js";
import { errorMessage, MnemoError } from "../errors.js";
import { caseChunks, type TurnsIndexedAs } from "./case-chunks.js";
import { type RetrievalCase, retrievalCaseSchema } from "./retrieval-case.js";
import {
  type MetricsSummary,
  percentile,
  type QueryMetrics,
  queryMetrics,
  summarizeMetrics,
} from "./retrieval-metrics.js";

/**
 * `mnemo eval retrieval`: for each case, a fresh in-memory index built from its documents with
 * the same chunk records, fusion and ranking code as recall, then every query ranked and scored.
 * The ranking options are recall's when taken from rankingSettings (ranking-pipeline.ts).
 */
export interface RetrievalEvalOptions {
  input: string;
  ks: number[];
  embedder?: EmbeddingModel;
  fusion: FusionOptions;
  /** Pseudo-relevance feedback on vectors, as recall does; off when absent. */
  feedback?: VectorFeedbackOptions;
  /** Recent chunks favoured as recall favours them (search.recencyWeight), counted from each query's askedAt; off when absent. */
  recency?: { weight: number; halfLifeDays: number };
  /** Time expressions in queries, as recall reads them (search.timeWindowWeight); off when absent or 0. */
  timeWindowWeight?: number;
  /** Queries naming several things side by side, as recall covers them (search.aspectWeight); off when absent or 0. */
  aspectWeight?: number;
  /** Questions asking for a stated quantity, as recall reads them (search.answerTypeWeight); off when absent or 0. */
  answerTypeWeight?: number;
  /**
   * The optional LLM rerank, as recall runs it (search.rerank): the model reorders each query's
   * fused best `candidates`; a failed call leaves the fused order and is counted in the report.
   */
  rerank?: { model: ChatModel; candidates: number; timeoutMs: number };
  /** How documents with a session are indexed: as conversation messages (default) or as "Speaker: text" documents. */
  as?: TurnsIndexedAs;
  rankedOut?: string;
  limitCases?: number;
  onCase?: (done: number) => void;
  signal?: AbortSignal;
  /** A fresh, empty index for each case (default: SQLite in memory); the eval opens and closes it. */
  createIndex?: () => Promise<SearchIndex>;
}

export interface RetrievalEvalReport {
  input: string;
  mode: "hybrid" | "bm25";
  embedder: string | undefined;
  fusion: FusionOptions;
  feedback: VectorFeedbackOptions | undefined;
  /** With a rerank: the model, how many queries it reordered, and the last reason a query kept its fused order. */
  rerank?: {
    model: string;
    queries: number;
    applied: number;
    lastWarning?: string;
    ms: { p50: number; p95: number };
  };
  cases: number;
  overall: MetricsSummary;
  byCategory: Record<string, MetricsSummary>;
  latencyMs: { p50: number; p95: number };
  queryEmbeddingMs: { p50: number; p95: number };
  indexBuildMs: { total: number; p50: number };
}

export async function runRetrievalEval(options: RetrievalEvalOptions): Promise<RetrievalEvalReport> {
  const { SqliteSearchIndex } = await import("../adapters/sqlite/sqlite-search-index.js");
  const dimensions = options.embedder ? (await options.embedder.open()).dimensions : 0;
  const maxK = Math.max(...options.ks);
  const all: Array<{ metrics: QueryMetrics; category: string | undefined }> = [];
  const latencies: number[] = [];
  const embeddingTimes: number[] = [];
  const buildTimes: number[] = [];
  const reranks = {
    queries: 0,
    applied: 0,
    times: [] as number[],
    lastWarning: undefined as string | undefined,
  };
  if (options.rankedOut) await writeFile(options.rankedOut, "");
  let cases = 0;
  for await (const evalCase of readCases(options.input)) {
    if (options.limitCases !== undefined && cases >= options.limitCases) break;
    options.signal?.throwIfAborted();
    const index = options.createIndex
      ? await options.createIndex()
      : new SqliteSearchIndex({ path: ":memory:" });
    await index.open();
    const buildStart = performance.now();
    if (options.embedder) await index.resetVectors({ id: options.embedder.id, dimensions });
    const documentIds = await indexDocuments(index, options.embedder, evalCase, options.as);
    buildTimes.push(performance.now() - buildStart);
    const rankedLines: string[] = [];
    for (const query of evalCase.queries) {
      const started = performance.now();
      const ranking = await rankChunks(index, options.embedder, query.text, {
        limit: options.rerank ? Math.max(maxK, options.rerank.candidates) : maxK,
        fusion: options.fusion,
        feedback: options.feedback,
        recency: options.recency ?? { weight: 0, halfLifeDays: 30 },
        timeWindowWeight: options.timeWindowWeight,
        aspectWeight: options.aspectWeight,
        answerTypeWeight: options.answerTypeWeight,
        now: query.askedAt ? new Date(query.askedAt) : new Date(),
      });
      const hits = options.rerank
        ? await reranked(options.rerank, query.text, ranking.hits, reranks, options.signal)
        : ranking.hits;
      const { queryEmbeddingMs } = ranking;
      latencies.push(performance.now() - started);
      embeddingTimes.push(queryEmbeddingMs);
      const ranked = hits
        .slice(0, maxK)
        .map((hit) => documentIds.get(`${hit.path}#${hit.locator}`) ?? hit.locator);
      all.push({ metrics: queryMetrics(ranked, query.gold, options.ks), category: query.category });
      rankedLines.push(JSON.stringify({ case: evalCase.id, query: query.id, ranked }));
    }
    await index.close();
    if (options.rankedOut) await appendFile(options.rankedOut, `${rankedLines.join("\n")}\n`);
    // Counted apart from the call: `onCase?.(++cases)` skips the increment when there is no callback.
    cases += 1;
    options.onCase?.(cases);
  }
  if (cases === 0)
    throw new MnemoError("INVALID_INPUT", `${options.input} has no cases; each line must be one JSON case.`);
  const categories = [...new Set(all.flatMap((entry) => (entry.category ? [entry.category] : [])))].sort();
  return {
    input: options.input,
    mode: options.embedder ? "hybrid" : "bm25",
    embedder: options.embedder?.id,
    fusion: options.fusion,
    feedback: options.feedback,
    ...(options.rerank && {
      rerank: {
        model: options.rerank.model.id,
        queries: reranks.queries,
        applied: reranks.applied,
        ...(reranks.lastWarning !== undefined && { lastWarning: reranks.lastWarning }),
        ms: { p50: percentile(reranks.times, 50), p95: percentile(reranks.times, 95) },
      },
    }),
    cases,
    overall: summarizeMetrics(
      all.map((entry) => entry.metrics),
      options.ks,
    ),
    byCategory: Object.fromEntries(
      categories.map((category) => [
        category,
        summarizeMetrics(
          all.filter((entry) => entry.category === category).map((entry) => entry.metrics),
          options.ks,
        ),
      ]),
    ),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
    queryEmbeddingMs: { p50: percentile(embeddingTimes, 50), p95: percentile(embeddingTimes, 95) },
    indexBuildMs: { total: buildTimes.reduce((sum, time) => sum + time, 0), p50: percentile(buildTimes, 50) },
  };
}

/** One query's hits in the model's order, or the fused one when the call fails; counted either way. */
async function reranked(
  rerank: NonNullable<RetrievalEvalOptions["rerank"]>,
  query: string,
  hits: RankedHit[],
  counts: { queries: number; applied: number; times: number[]; lastWarning: string | undefined },
  signal: AbortSignal | undefined,
): Promise<RankedHit[]> {
  const result = await rerankHits(rerank.model, query, hits, {
    candidates: rerank.candidates,
    timeoutMs: rerank.timeoutMs,
    signal,
  });
  counts.queries += 1;
  if (result.report.applied) counts.applied += 1;
  if (result.report.warning !== undefined) counts.lastWarning = result.report.warning;
  counts.times.push(result.report.ms);
  return result.hits;
}

/** Indexes the case's documents; returns the document id of each chunk, by `<path>#<locator>`. */
export async function indexDocuments(
  index: SearchIndex,
  embedder: EmbeddingModel | undefined,
  evalCase: RetrievalCase,
  as: TurnsIndexedAs = "messages",
): Promise<Map<string, string>> {
  const { chunks, documentIds } = caseChunks(evalCase, as);
  const vectors = new Map<string, Float32Array>();
  if (embedder) {
    const unique = [...new Map(chunks.map((chunk) => [chunk.textHash, chunk.text]))];
    const embedded = await embedder.embed(
      unique.map(([, text]) => text),
      { purpose: "document" },
    );
    unique.forEach(([hash], position) => {
      vectors.set(hash, embedded[position] as Float32Array);
    });
  }
  const byPath = new Map<string, ChunkRecord[]>();
  for (const chunk of chunks) {
    const ofPath = byPath.get(chunk.path) ?? [];
    ofPath.push(chunk);
    byPath.set(chunk.path, ofPath);
  }
  for (const [path, ofPath] of byPath) {
    await index.replaceDocument(path, { hash: path, mtimeMs: 0, size: ofPath.length }, ofPath, vectors);
  }
  return documentIds;
}

/** Cases from a JSONL file (gzip when it ends in .gz); a bad line is an error naming its number. */
async function* readCases(path: string): AsyncGenerator<RetrievalCase> {
  const stream = createReadStream(path);
  const lines = createInterface({
    input: path.endsWith(".gz") ? stream.pipe(createGunzip()) : stream,
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber++;
      if (line.trim() === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new MnemoError(
          "INVALID_INPUT",
          `${path} line ${lineNumber} is not valid JSON: ${errorMessage(error)}`,
        );
      }
      const parsed = retrievalCaseSchema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new MnemoError(
          "INVALID_INPUT",
          `${path} line ${lineNumber}: ${issue?.path.join(".") || "(case)"}: ${issue?.message}. See \`mnemo eval retrieval --help\` for the format.`,
        );
      }
      yield parsed.data;
    }
  } catch (error) {
    if (MnemoError.isInstance(error)) throw error;
    // A missing file is the caller's to fix (NOT_FOUND, exit 3), not a failing disk (IO, exit 5).
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new MnemoError("NOT_FOUND", `Cannot read ${path}: the file does not exist. Check --input.`, {
        cause: error,
      });
    throw new MnemoError("IO", `Cannot read ${path}: ${errorMessage(error)}`, { cause: error });
  }
}
