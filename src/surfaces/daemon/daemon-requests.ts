/**
 * What `mnemo daemon` does with one request: checks it, then answers a recall on a home kept open
 * (HomePool: a few homes, least recently used closed first), its status, or stops. A long-open home
 * sees other processes' writes: each search first brings the index in step with the files
 * (engine/search/index-sync.ts).
 */
import { isAbsolute } from "node:path";
import { z } from "zod";
import { HomePool } from "../../engine/tenancy/home-pool.js";
import { errorMessage, MnemoError } from "../../errors.js";
import type { MemoryHome } from "../../index.js";
import { jsonText } from "../cli/output.js";
import type { CallerEnv, DaemonAnswer, DaemonRequest, DaemonStatus } from "./daemon-protocol.js";

/** Homes kept open between requests: a user works in a few (their own, a project's). */
export const MAX_OPEN_HOMES = 4;

const requestSchema = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("recall"),
    home: z.string().refine(isAbsolute, "the home must be an absolute path"),
    env: z.record(z.string(), z.string()),
    query: z.string(),
    filters: z.record(z.string(), z.unknown()),
  }),
  z.object({ op: z.literal("status") }),
  z.object({ op: z.literal("stop") }),
]);

interface OpenHome {
  memory: MemoryHome;
  /** Warnings of the home since the last answer took them. */
  warnings: string[];
}

export interface DaemonRequestsOptions {
  status(): Omit<DaemonStatus, "requests" | "recalls" | "homes">;
  /** Called after the answer to a stop request is sent. */
  stop(): void;
}

export class DaemonRequests {
  private readonly homes: HomePool<OpenHome>;
  private requests = 0;
  private recalls = 0;

  constructor(private readonly options: DaemonRequestsOptions) {
    this.homes = new HomePool<OpenHome>({
      maxOpen: MAX_OPEN_HOMES,
      open: (key) => openHome(JSON.parse(key) as [string, CallerEnv]),
      close: (open) => open.memory.close(),
      onError: () => undefined, // a home that fails to close is the next opener's to report
    });
  }

  /** The answer to one line of a client; never throws. */
  async answer(line: string): Promise<DaemonAnswer> {
    this.requests++;
    try {
      const parsed = requestSchema.safeParse(parseLine(line));
      if (!parsed.success)
        throw new MnemoError("INVALID_INPUT", `not a daemon request: ${parsed.error.issues[0]?.message}`);
      return await this.answerRequest(parsed.data);
    } catch (error) {
      const code = error instanceof MnemoError ? error.code : "UNEXPECTED";
      return { ok: false, error: { code, message: errorMessage(error) } };
    }
  }

  private async answerRequest(request: DaemonRequest): Promise<DaemonAnswer> {
    if (request.op === "status") return { ok: true, status: this.status() };
    if (request.op === "stop") {
      setImmediate(() => this.options.stop());
      return { ok: true, status: this.status() };
    }
    const lease = await this.homes.lease(JSON.stringify([request.home, request.env]));
    try {
      const { memory } = lease.home;
      const filters = request.filters as { minRelevance?: number };
      const minRelevance = filters.minRelevance ?? memory.config.search.minRelevance;
      const result = await memory.recall(request.query, { ...filters, minRelevance });
      this.recalls++;
      const warnings = lease.home.warnings.splice(0);
      return { ok: true, result, json: jsonText(result), warnings };
    } finally {
      lease.release();
    }
  }

  status(): DaemonStatus {
    const homes = [...new Set(this.homes.openIds.map((key) => (JSON.parse(key) as [string])[0]))];
    return { ...this.options.status(), requests: this.requests, recalls: this.recalls, homes };
  }

  close(): Promise<void> {
    return this.homes.close();
  }
}

/** The request's JSON; a line that is not JSON is the client's mistake (INVALID_INPUT), not the daemon's. */
function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    throw new MnemoError(
      "INVALID_INPUT",
      `the request is not JSON (${errorMessage(error)}); send one JSON object on one line, such as {"op":"status"}`,
    );
  }
}

async function openHome([home, env]: [string, CallerEnv]): Promise<OpenHome> {
  // Loaded with the first recall: a daemon that only answers status stays small.
  const { openMemory } = await import("../../open-memory.js");
  const warnings: string[] = [];
  const memory = await openMemory({ home, env, onWarning: (message) => warnings.push(message) });
  return { memory, warnings };
}
