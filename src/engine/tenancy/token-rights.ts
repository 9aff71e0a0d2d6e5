/**
 * What a limited token of `mnemo serve` may do, decided from its rights, the kind of request and the
 * agent the request names: pure, so every surface that resolves a token asks the same question.
 * Absent rights are a token's full rights (tokens issued before rights existed keep working).
 */
import type { TokenRights } from "../../contracts/token-registry.js";

/**
 * The kind of a request, for rights: a change; a read of memories filtered by agent (list,
 * search); a read of one memory by its name (get); any other read (context, profile, journal,
 * archive, export…); /mcp, whose tools read and write.
 */
export type RequestKind = "write" | "agent-read" | "named-read" | "other-read" | "mcp";

export type RightsDecision =
  | {
      allowed: true;
      /** The agent the request writes as, or filters its reads by, when the rights fix it. */
      agent?: string;
      /** A read by name: only a memory one of these agents wrote may be shown (else it is "not found"). */
      readableAgents?: string[];
      /** /mcp for a read-only token: only the tools that read are served. */
      readOnly?: true;
    }
  | { allowed: false /** The right the token lacks. */; missing: MissingRight; message: string };

export type MissingRight = "write" | "agent" | "read all";

/**
 * Whether a token with `rights` may make a request of `kind`. `agent` is the agent the request
 * names: its Mnemo-Agent header for a write, its `agent` filter for a read.
 */
export function decideRights(
  rights: TokenRights | undefined,
  kind: RequestKind,
  agent: string | undefined,
): RightsDecision {
  if (rights === undefined) return { allowed: true, agent };
  if (kind === "mcp") return decideMcp(rights, agent);
  if (kind === "write") return decideWrite(rights, agent);
  if (rights.read === "all") return { allowed: true, agent };
  if (kind === "other-read") return refuse("read all", READ_ALL_REFUSAL);
  if (kind === "named-read") return { allowed: true, readableAgents: [...(rights.agents ?? [])] };
  return decideOwnRead(rights.agents ?? [], agent);
}

/** Whether a memory `writer` wrote may be shown to a read by name the rights allowed with `readableAgents`. */
export function mayReadMemoryOf(
  readableAgents: readonly string[] | undefined,
  writer: string | undefined,
): boolean {
  return readableAgents === undefined || (writer !== undefined && readableAgents.includes(writer));
}

/** Whether rights limit anything at all. */
export function isLimited(rights: TokenRights | undefined): boolean {
  return rights !== undefined && (!rights.write || rights.agents !== undefined || rights.read !== "all");
}

function decideWrite(rights: TokenRights, agent: string | undefined): RightsDecision {
  if (!rights.write)
    return refuse(
      "write",
      "Missing right: write (this token is read-only; create a token without --read-only).",
    );
  const agents = rights.agents;
  if (agents === undefined) return { allowed: true, agent };
  if (agent === undefined && agents.length === 1) return { allowed: true, agent: agents[0] };
  if (agent !== undefined && agents.includes(agent)) return { allowed: true, agent };
  return refuse("agent", `Missing right: agent (${agentProblem(agent, agents)}).`);
}

/**
 * /mcp serves tools that read and tools that write: a read-only token gets the reading tools only,
 * a token of agents writes as one of them (as a write through /v1 does), and a token that reads
 * only its own agents is refused, since MCP's reads (context, journal, resources) mix every
 * agent's text.
 */
function decideMcp(rights: TokenRights, agent: string | undefined): RightsDecision {
  if (rights.read !== "all") return refuse("read all", MCP_OWN_READ_REFUSAL);
  if (!rights.write) return { allowed: true, agent, readOnly: true };
  return decideWrite(rights, agent);
}

/**
 * A list or search of a token that reads its own agents is filtered by one of them: the one it
 * names, or the token's only agent when it names none (the server filters; the client need not).
 */
function decideOwnRead(agents: string[], agent: string | undefined): RightsDecision {
  if (agent === undefined && agents.length === 1) return { allowed: true, agent: agents[0] };
  if (agent !== undefined && agents.includes(agent)) return { allowed: true, agent };
  const asked = agent === undefined ? "names no agent" : `reads agent "${agent}"`;
  return refuse(
    "read all",
    `Missing right: read all (this token reads only its own agents, ${list(agents)}, and the request ${asked}; filter with ?agent=<one of them>, or create a token with --read all).`,
  );
}

function agentProblem(agent: string | undefined, agents: string[]): string {
  const writes = `this token writes only as ${list(agents)}`;
  const asked =
    agent === undefined ? "no Mnemo-Agent header was sent" : `the Mnemo-Agent header names "${agent}"`;
  return `${writes} and ${asked}; send Mnemo-Agent: <one of them>, or create a token with --agent ${agent ?? "<name>"}`;
}

function list(agents: string[]): string {
  return agents.length === 0 ? "no agent" : agents.map((name) => `"${name}"`).join(", ");
}

function refuse(missing: MissingRight, message: string): RightsDecision {
  return { allowed: false, missing, message };
}

const MCP_OWN_READ_REFUSAL =
  "Missing right: read all (/mcp serves context, journal and resources that mix every agent's memories, so a token that reads only its own agents cannot use it; use /v1 with this token, or create a token with --read all for MCP).";
const READ_ALL_REFUSAL =
  "Missing right: read all (this token reads only list, search and get by name of its own agents' memories; create a token with --read all to read context, profile, journal and the rest).";
