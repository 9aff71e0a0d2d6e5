import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { EmbeddingModel } from "../../src/contracts/embedding-model.js";
import { createCandidate } from "./candidates.js";
import { EmbeddingCacheFile, textKey } from "./embedding-cache.js";
import {
  evaluateBm25,
  evaluateDense,
  GRANULARITIES,
  type Metrics,
  MetricTable,
  prepareTask,
  type SessionVectors,
} from "./evaluate-retrieval.js";
import {
  LONGMEMEVAL_FILE,
  type RetrievalTask,
  readLongMemEval,
  sessionText,
} from "./longmemeval-haystacks.js";
import type { Fusion } from "./score-fusion.js";

/**
 * Compares the local embedders on LongMemEval_S retrieval (dense only, and fused with BM25), with
 * load time, memory and throughput. See docs/embeddings.md.
 *
 *   npx tsx bench/embedders/compare-embedders.ts [--limit N] [--data DIR] [--embedders use-lite,glove]
 *     [--session-vectors turn-mean|joined] [--cache DIR | --no-cache] [--no-measure] [--json FILE]
 *
 * Vectors are kept in --cache (default: the system temp folder), so a run can be resumed.
 */
const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BATCH = 64;
const FUSIONS: Fusion[] = [
  { method: "rrf", k: 60 },
  ...[0.3, 0.5, 0.7, 0.85].map(
    (textWeight): Fusion => ({ method: "weighted", normalise: "max", textWeight }),
  ),
  ...[0.3, 0.5, 0.7].map((textWeight): Fusion => ({ method: "weighted", normalise: "min-max", textWeight })),
];

const { values } = parseArgs({
  options: {
    limit: { type: "string" },
    data: { type: "string", default: resolve(REPOSITORY_ROOT, "..", "shared", "data", "longmemeval") },
    embedders: { type: "string", default: "use-lite,glove,glove-mean" },
    "session-vectors": { type: "string", default: "turn-mean" },
    cache: { type: "string", default: join(tmpdir(), "mnemo-embedder-cache") },
    "no-cache": { type: "boolean", default: false },
    "no-measure": { type: "boolean", default: false },
    json: { type: "string" },
  },
});

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Load time, memory and throughput of each embedder, each in a fresh process. */
function measure(name: string, sentences: string[]): Record<string, unknown> {
  const script = join(REPOSITORY_ROOT, "bench", "embedders", "measure-embedder.ts");
  const output = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", script, name], {
    cwd: REPOSITORY_ROOT,
    input: JSON.stringify(sentences),
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output) as Record<string, unknown>;
}

/** 64 user turns of 18 to 22 words: the throughput batch ("sentences of about 20 words"). */
function throughputSentences(tasks: RetrievalTask[]): string[] {
  const texts = tasks.flatMap((task) =>
    task.sessions.flatMap((session) => session.turns.map((turn) => turn.text)),
  );
  const picked = [...new Set(texts.filter((text) => Math.abs(text.split(/\s+/).length - 20) <= 2))];
  return picked.slice(0, BATCH);
}

async function embedAll(model: EmbeddingModel, texts: Map<string, string>, cache: EmbeddingCacheFile) {
  const missing = [...texts].filter(([key]) => !cache.vectors.has(key));
  const started = performance.now();
  let reported = started;
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH);
    const vectors = await model.embed(
      batch.map(([, text]) => text),
      { purpose: "document" },
    );
    await cache.add(batch.map(([key], index) => [key, vectors[index] as Float32Array]));
    if (performance.now() - reported > 30_000) {
      reported = performance.now();
      const rate = (start + batch.length) / ((reported - started) / 1000);
      const left = (missing.length - start - batch.length) / rate;
      log(
        `  ${model.id}: ${start + batch.length}/${missing.length} texts, ${rate.toFixed(1)}/s, about ${Math.round(left / 60)} min left`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const characters = missing.reduce((sum, [, text]) => sum + text.length, 0);
  return {
    embedded: missing.length,
    cached: texts.size - missing.length,
    seconds: Math.round(seconds),
    textsPerSecond: missing.length > 0 ? Math.round(missing.length / seconds) : undefined,
    averageCharacters: missing.length > 0 ? Math.round(characters / missing.length) : undefined,
  };
}

function textsToEmbed(tasks: RetrievalTask[], sessionVectors: SessionVectors): Map<string, string> {
  const texts = new Map<string, string>();
  const add = (text: string) => texts.set(textKey(text), text);
  for (const task of tasks) {
    add(task.query);
    for (const session of task.sessions) {
      for (const turn of session.turns) add(turn.text);
      if (sessionVectors === "joined") add(sessionText(session));
    }
  }
  return texts;
}

function formatTable(table: MetricTable): string {
  const cell = (metrics: Metrics | undefined) =>
    metrics
      ? [metrics.rAll5, metrics.rAll10, metrics.ndcg5, metrics.ndcg10]
          .map((value) => value.toFixed(3))
          .join(" ")
      : "";
  const width = Math.max(...table.variants().map((variant) => variant.length));
  const header = `${"variant".padEnd(width)} | session R_all@5 R_all@10 NDCG@5 NDCG@10 | turn R_all@5 R_all@10 NDCG@5 NDCG@10`;
  const rows = table.variants().map((variant) => {
    const [session, turn] = GRANULARITIES.map((granularity) => cell(table.mean(variant, granularity)));
    return `${variant.padEnd(width)} | ${session} | ${turn}`;
  });
  return [header, "-".repeat(header.length), ...rows].join("\n");
}

async function main(): Promise<number> {
  const folder = resolve(values.data);
  if (!existsSync(join(folder, LONGMEMEVAL_FILE))) {
    log(
      `LongMemEval not found: ${join(folder, LONGMEMEVAL_FILE)} does not exist. Pass --data DIR (the folder holding ${LONGMEMEVAL_FILE}).`,
    );
    return 2;
  }
  const sessionVectors = values["session-vectors"] === "joined" ? "joined" : "turn-mean";
  const limit = values.limit === undefined ? undefined : Number.parseInt(values.limit, 10);
  const tasks = (await readLongMemEval(folder)).slice(0, limit);
  log(`${tasks.length} questions from ${folder}; session vectors: ${sessionVectors}`);
  const prepared = tasks.map(prepareTask);
  const table = new MetricTable();
  evaluateBm25(prepared, table);
  const names = values.embedders.split(",").filter((name) => name !== "");
  const sentences = throughputSentences(tasks);
  const measurements = values["no-measure"] ? [] : names.map((name) => measure(name, sentences));
  for (const measurement of measurements) log(`  measured ${JSON.stringify(measurement)}`);
  const texts = textsToEmbed(tasks, sessionVectors);
  const embedding: Array<Record<string, unknown>> = [];
  for (const name of names) {
    const model = createCandidate(name);
    const { dimensions } = await model.open();
    const cache = new EmbeddingCacheFile(values["no-cache"] ? undefined : values.cache, model.id, dimensions);
    await cache.load();
    log(
      `${model.id}: ${texts.size} distinct texts, ${[...texts.keys()].filter((key) => !cache.vectors.has(key)).length} to embed`,
    );
    embedding.push({ name, id: model.id, ...(await embedAll(model, texts, cache)) });
    await model.close();
    const vectorOf = (text: string) => cache.vectors.get(textKey(text)) ?? new Float32Array(dimensions);
    evaluateDense(prepared, { label: name, vectorOf, sessionVectors }, FUSIONS, table);
  }
  const results = Object.fromEntries(
    table
      .variants()
      .map((variant) => [
        variant,
        Object.fromEntries(table.groups(variant).map((group) => [group, table.mean(variant, group)])),
      ]),
  );
  const report = { questions: tasks.length, data: folder, sessionVectors, measurements, embedding, results };
  process.stdout.write(`${formatTable(table)}\n\n${JSON.stringify(report)}\n`);
  if (values.json) await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
  return 0;
}

process.exitCode = await main();
