import { z } from "zod";
import { HOME_ID_RULE, homeIdProblem } from "../../rules/home-id.js";

const positiveInt = z.number().int().positive();

/** Where a journal category's entries go: a topic name (topics/<name>.md) or "MEMORY" (MEMORY.md). */
export const MEMORY_TARGET = "MEMORY";

const budgets = z
  .object({
    soul: positiveInt.default(2000),
    user: positiveInt.default(1400),
    memory: positiveInt.default(2200),
    daily: positiveInt.default(1000),
  })
  .strict();

const index = z
  .object({
    maxLines: positiveInt.default(200),
    maxBytes: positiveInt.default(25_000),
  })
  .strict();

const capacity = z
  .object({
    maxLines: positiveInt.default(500),
    targetLines: positiveInt.default(400),
  })
  .strict()
  .refine((value) => value.targetLines <= value.maxLines, {
    message: "capacity.targetLines must not be larger than capacity.maxLines",
  });

/** Longest category or topic name: a topic is a file name, which the file system bounds (255 bytes). */
export const MAX_TOPIC_NAME_LENGTH = 100;
const categoryName = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, "use lower-case letters, digits and _")
  .max(MAX_TOPIC_NAME_LENGTH, `use at most ${MAX_TOPIC_NAME_LENGTH} characters`);
const topicName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "use letters, digits, _ and -")
  .max(MAX_TOPIC_NAME_LENGTH, `use at most ${MAX_TOPIC_NAME_LENGTH} characters`);

const search = z
  .object({
    /** Where vectors come from: a local model shipped in an npm package, an OpenAI-compatible endpoint, or none (BM25 only). */
    embedder: z.enum(["local", "openai", "none"]).default("local"),
    /** Which local model; the default was chosen by measured retrieval quality (docs/embeddings.md). */
    localModel: z.enum(["use-lite", "glove"]).default("use-lite"),
    /** The OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio); the API key comes from the environment. */
    openaiBaseUrl: z.string().url().optional(),
    openaiModel: z.string().min(1).default("text-embedding-3-small"),
    /**
     * How BM25 and vector candidates are combined, and BM25's share in "weighted" when the query's
     * words are found (it shrinks with how much of the query the best BM25 score covers).
     */
    fusion: z.enum(["weighted", "rrf"]).default("weighted"),
    textWeight: z.number().min(0).max(1).default(0.5),
    /** Pseudo-relevance feedback: the query vector moves towards the best `feedbackTop` first results (of different documents) by this weight (0 = off). */
    feedbackWeight: z.number().min(0).max(10).default(1),
    feedbackTop: z.number().int().min(1).max(20).default(3),
    /**
     * The embedded index's BM25 from the chunks' terms held in memory (same ranking as SQLite's FTS5,
     * several times faster; about 20 MB per 10,000 memories): gathered in the background after the
     * first search, FTS5 answering meanwhile ("background"), all at the first search ("now"), or
     * never (FTS5 only, the least memory). PostgreSQL homes ignore it.
     */
    bm25Terms: z.enum(["background", "now", "never"]).default("background"),
    /** Every file is checked at least this often; folders are checked before every search. 0: every file, every search. */
    fullScanIntervalMs: z.number().int().min(0).default(1000),
    /** Bonus for recent memories (0 = off): a score is multiplied by up to 1 + weight, halving every half-life. */
    recencyWeight: z.number().min(0).default(0),
    recencyHalfLifeDays: z.number().positive().default(30),
    /**
     * A time expression in the query ("two weeks ago", "last month", "in March"): the window's own
     * best results join the candidates, and those dated in it score × (1 + weight). 0 = off.
     */
    timeWindowWeight: z.number().min(0).max(10).default(0.25),
    /**
     * A query naming several things side by side ("which came first, A or B?", "between A and B"):
     * the best results are reordered so each thing's own memory is near the top, this share of a
     * pick's value being what it adds to the things not yet covered (xQuAD). 0 = off.
     */
    aspectWeight: z.number().min(0).max(1).default(0.5),
    /**
     * A question asking for a stated quantity ("how many hours …", "how much did I spend …"): a
     * memory that states one of that kind ("10 hours", "$40") scores × (1 + weight). 0 = off.
     */
    answerTypeWeight: z.number().min(0).max(10).default(0.3),
    /**
     * "llm": the chat model of `llm` reorders the fused ranking's best `rerankCandidates` hits, one
     * call per recall, given up after `rerankTimeoutMs` (the fused order stands, with a warning).
     * Off by default: recall needs no LLM. A call can turn it on or off (`rerank` of recall).
     */
    /**
     * Hits less relevant than this on their own evidence (a hit's relevance: its BM25 coverage of
     * the query and its cosine with the query, hit-relevance.ts) are left out of what the CLI's
     * recall, memory_search, /v1/search and the per-turn memories show, so an unrelated question
     * gets "nothing relevant" instead of the least unrelated memories (the library's recall applies
     * a floor only when a call asks). Measured on LongMemEval (docs/retrieval.md); applied only to
     * a hybrid search, since BM25 coverage alone is no measure of relevance. 0 = off.
     * MNEMO_MIN_RELEVANCE.
     */
    minRelevance: z.number().min(0).max(1).default(0.2),
    rerank: z.enum(["none", "llm"]).default("none"),
    rerankCandidates: z.number().int().min(2).max(100).default(20),
    rerankTimeoutMs: positiveInt.default(15_000),
  })
  .strict();

export type SearchConfig = z.output<typeof search>;

const llm = z
  .object({
    /** An OpenAI-compatible endpoint (https://api.openai.com/v1, http://localhost:11434/v1 for Ollama, ...); the key comes from the environment. */
    baseUrl: z.string().url().optional(),
    /** The chat model; without one, nothing that needs an LLM runs (mnemo chat says how to set it). */
    model: z.string().min(1).optional(),
    /** Per attempt; a stream that stalls for this long also fails. */
    timeoutMs: positiveInt.default(60_000),
    /** Retries of transient failures only (timeouts, lost connections, 408/409/429/5xx). */
    maxRetries: z.number().int().min(0).max(10).default(2),
    temperature: z.number().min(0).max(2).optional(),
  })
  .strict();

export type LlmConfig = z.output<typeof llm>;

const extraction = z
  .object({
    /** Run extraction and the daily summary at session end. */
    enabled: z.boolean().default(true),
    /** Existing memories shown to the extraction call, so it can update rather than repeat. */
    relatedMemories: z.number().int().min(0).max(50).default(10),
    /** Word-overlap (Jaccard) at or above which a new memory counts as a near duplicate of an old one. */
    duplicateSimilarity: z.number().min(0).max(1).default(0.8),
  })
  .strict();

export type ExtractionConfig = z.output<typeof extraction>;

const consolidation = z
  .object({
    /**
     * Compare each typed-memory save with the memories already there (docs/consolidation.md): a
     * duplicate is not written again, a contradiction or refinement updates the older memory. A
     * call can say `consolidate: false` (`--no-consolidate`).
     */
    enabled: z.boolean().default(true),
    /**
     * Who decides: "rules", the deterministic rules (no model, no cost); "llm", the chat model of
     * `llm` in one call shown the candidates, the rules deciding when it fails or times out.
     */
    decider: z.enum(["rules", "llm"]).default("rules"),
    /** Existing memories read and compared with each save (and shown to the model), at most. */
    candidates: z.number().int().min(1).max(20).default(6),
    /** How long the model may take before the rules decide instead. */
    timeoutMs: positiveInt.default(15_000),
  })
  .strict();

export type ConsolidationConfig = z.output<typeof consolidation>;

const daemon = z
  .object({
    /**
     * Let `mnemo recall` ask a background process of this user (`mnemo daemon`, docs/daemon.md) that
     * keeps homes and the embedding model loaded, starting it on first use. Off by default: mnemo then
     * leaves no process behind. MNEMO_DAEMON=1 turns it on for one shell.
     */
    enabled: z.boolean().default(false),
    /** The background process stops itself after this many minutes without a request. */
    idleMinutes: z.number().positive().max(1440).default(15),
  })
  .strict();

const share = z.number().positive().max(100);

const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/;

/** A home of a PostgreSQL database (a tenant id such as "acme/user-42"). */
const homeId = z.string().superRefine((id, context) => {
  const problem = homeIdProblem(id);
  if (problem !== undefined) context.addIssue({ code: "custom", message: `${problem}. ${HOME_ID_RULE}` });
});

/** A stack of homes (docs/scopes.md), as the user's home configures it. */
const scopes = z
  .object({
    /**
     * Each layer's weight in the split of contextBudgetTokens (default 1 each, an equal split); what
     * one layer does not use goes to the others.
     */
    shares: z.object({ project: share, user: share, team: share }).partial().strict().default({}),
    /**
     * A team layer under the user's and the project's: `home`, a folder (absolute, or `~/…`), or
     * `store` and `homeId`, a home of a PostgreSQL database. Left out: no team layer.
     */
    team: z
      .union([
        z.object({ home: z.string().min(1) }).strict(),
        z
          .object({
            store: z.string().regex(POSTGRES_URL, "use a postgres://user@host:port/database URL"),
            homeId,
          })
          .strict(),
      ])
      .optional(),
  })
  .strict();

export const configSchema = z
  .object({
    /** false: mnemo touches no file at all. */
    enabled: z.boolean().default(true),
    /** Lines of MEMORY.md loaded into the session context at most (seed 000's core memory). */
    autoLoadLines: positiveInt.default(200),
    /**
     * Estimated tokens (UTF-8 bytes / 4) of the memory blocks of the frozen session context, shared by
     * its layers; the newest of each layer is kept, and what is left out is named in a notice.
     */
    contextBudgetTokens: z.number().int().min(300).default(2500),
    /** Character budgets of the always-loaded files; daily is per day. */
    budgets: budgets.default({ soul: 2000, user: 1400, memory: 2200, daily: 1000 }),
    /** Caps on the typed-memory index as loaded into context (seed 001). */
    index: index.default({ maxLines: 200, maxBytes: 25_000 }),
    /** Daily logs loaded into context (today and the days before it). */
    dailyDays: positiveInt.default(2),
    /** A journal file longer than maxLines is brought down to targetLines, oldest entries archived. */
    capacity: capacity.default({ maxLines: 500, targetLines: 400 }),
    /** Journal category -> topic name, or "MEMORY" for MEMORY.md. */
    categories: z
      .record(categoryName, topicName)
      .default({
        file_pattern: "file_patterns",
        user_pref: "user_prefs",
        error_solution: MEMORY_TARGET,
        general: MEMORY_TARGET,
      })
      .refine((value) => Object.keys(value).length > 0, { message: "at least one category is needed" }),
    search: search.default(search.parse({})),
    llm: llm.default(llm.parse({})),
    extraction: extraction.default(extraction.parse({})),
    consolidation: consolidation.default(consolidation.parse({})),
    daemon: daemon.default(daemon.parse({})),
    scopes: scopes.default(scopes.parse({})),
    /**
     * Text to store that holds a credential (an API key, a token, a private key, a password): "refuse"
     * fails the write with SECRET_DETECTED; "redact" stores it with each secret replaced by
     * [REDACTED:<kind>]. A caller can ask for redaction per call; extraction always redacts.
     */
    secrets: z.enum(["refuse", "redact"]).default("refuse"),
    /** How long a writer waits for another process's lock before giving up. */
    lockTimeoutMs: positiveInt.default(10_000),
    /**
     * Where the home's documents, index and messages live: left out, the home folder (the embedded
     * default); a `postgres://user@host:port/database` URL, a PostgreSQL database shared by many homes.
     */
    store: z
      .string()
      .regex(
        POSTGRES_URL,
        "use a postgres://user@host:port/database URL, or leave it out for the home folder",
      )
      .optional(),
    /** Which home of the database (a tenant id such as "acme/user-42"); needed with a PostgreSQL store. */
    homeId: homeId.optional(),
  })
  .strict()
  .refine((value) => value.store === undefined || value.homeId !== undefined, {
    path: ["homeId"],
    message: "a PostgreSQL store holds many homes: say which one (--home-id, MNEMO_HOME_ID or homeId)",
  });

export type MnemoConfig = z.output<typeof configSchema>;
export type MnemoConfigInput = z.input<typeof configSchema>;
