import type { TokenGrant } from "../../contracts/token-registry.js";
import type { Memory } from "../../engine/memdir/save-types.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { decideRights, mayReadMemoryOf, type RequestKind } from "../../engine/tenancy/token-rights.js";
import { MnemoError } from "../../errors.js";
import { HttpError } from "./http-error.js";
import { MCP_PATH } from "./openapi-document.js";

/** The reads a token limited to its own agents may make, filtered by `?agent=`: list and search. */
const AGENT_READ_PATHS = new Set(["/v1/memories", "/v1/search"]);
/** A read of one memory by its name (GET /v1/memories/batch reads a memory "batch"). */
const NAMED_READ_PATH = /^\/v1\/memories\/[^/]+$/;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestForRights {
  method: string;
  /** The request's path ("/v1/memories"). */
  path: string;
  /** The Mnemo-Agent header. */
  agentHeader: string | undefined;
  /** The `agent` query parameter. */
  agentFilter: string | undefined;
}

/** What a request allowed may do, as its rights fix it. */
export interface RequestRights {
  /** The agent its saves record: its Mnemo-Agent header, or its token's one agent. */
  writesAs: string | undefined;
  /** A list or search: the agent it is filtered by (its `agent` filter, or the one its token reads). */
  readsAgent: string | undefined;
  /** A read by name of a token that reads its own agents: the writers whose memory it may show. */
  readableAgents: string[] | undefined;
  /** A token limited to agents: its saves never write over another agent's memory. */
  replacesOnlyOwn: boolean;
  /** /mcp for a read-only token: only the tools that read. */
  readOnly: boolean;
}

/**
 * Refuses (403 "Missing right: …") a request the token's rights do not allow; else what its rights
 * fix: the agent it writes as (a token of one agent that sent no Mnemo-Agent header), the agent its
 * list or search is filtered by, the writers a read by name may show.
 */
export function checkRequestRights(grant: TokenGrant | undefined, request: RequestForRights): RequestRights {
  const kind = requestKind(request);
  const writes = kind === "write" || kind === "mcp";
  const agent = writes ? request.agentHeader : request.agentFilter;
  const decision = decideRights(grant?.rights, kind, agent);
  if (!decision.allowed) throw new HttpError(403, "FORBIDDEN", decision.message);
  return {
    writesAs: writes ? decision.agent : request.agentHeader,
    readsAgent: kind === "agent-read" ? decision.agent : undefined,
    readableAgents: decision.readableAgents,
    replacesOnlyOwn: grant?.rights?.agents !== undefined,
    readOnly: decision.readOnly === true,
  };
}

function requestKind({ method, path }: RequestForRights): RequestKind {
  if (path === MCP_PATH) return "mcp";
  if (!READ_METHODS.has(method.toUpperCase())) return "write";
  if (AGENT_READ_PATHS.has(path)) return "agent-read";
  return NAMED_READ_PATH.test(path) ? "named-read" : "other-read";
}

/**
 * The memory NAME for a read by name: with `readableAgents`, a memory another agent wrote is answered
 * as a missing one, with the same 404 and message, and so is any other failure to find it (a missing
 * name's message lists similar names, an ambiguous one the files, a broken one its line, whoever
 * wrote it): a 403 would tell the token that
 * the name exists, and the names it may not read are none of its business.
 */
export async function readableMemory(
  memory: MemoryHome,
  name: string,
  readableAgents: string[] | undefined,
): Promise<Memory> {
  if (readableAgents === undefined) return memory.memories.get(name);
  const found = await memory.memories.get(name).catch((error: unknown) => {
    if (MnemoError.isInstance(error) && FINDING_FAILURES.has(error.code)) return undefined;
    throw error;
  });
  if (found !== undefined && mayReadMemoryOf(readableAgents, found.agent)) return found;
  throw new HttpError(
    404,
    "NOT_FOUND",
    `No memory named "${name}" that ${readableAgents.map((agent) => `"${agent}"`).join(" or ")} wrote (this token reads only its own agents' memories). List them with GET /v1/memories.`,
  );
}

/** What a read by name may fail with that says something of the home's files (not a server fault). */
const FINDING_FAILURES = new Set(["NOT_FOUND", "INVALID_INPUT", "OUTSIDE_HOME", "MALFORMED_FILE"]);
