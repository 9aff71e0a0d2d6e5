import type { TokenGrant } from "../../contracts/token-registry.js";
import { decideRights, type RequestKind } from "../../engine/tenancy/token-rights.js";
import { HttpError } from "./http-error.js";
import { MCP_PATH } from "./openapi-document.js";

/** The reads a token limited to its own agents may make, filtered by `?agent=`: list and search. */
const AGENT_READ_PATHS = new Set(["/v1/memories", "/v1/search"]);
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

/**
 * Refuses (403 "Missing right: …") a request the token's rights do not allow; else the agent the
 * request writes as when the rights fix it (a token of one agent that sent no Mnemo-Agent header).
 */
export function checkRequestRights(
  grant: TokenGrant | undefined,
  request: RequestForRights,
): string | undefined {
  const kind = requestKind(request);
  const agent = kind === "write" ? request.agentHeader : request.agentFilter;
  const decision = decideRights(grant?.rights, kind, agent);
  if (!decision.allowed) throw new HttpError(403, "FORBIDDEN", decision.message);
  return kind === "write" ? decision.agent : request.agentHeader;
}

function requestKind({ method, path }: RequestForRights): RequestKind {
  if (path === MCP_PATH) return "mcp";
  if (!READ_METHODS.has(method.toUpperCase())) return "write";
  return AGENT_READ_PATHS.has(path) ? "agent-read" : "other-read";
}
