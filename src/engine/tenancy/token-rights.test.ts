import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import type { TokenRights } from "../../contracts/token-registry.js";
import { decideRights, isLimited, mayReadMemoryOf, type RequestKind } from "./token-rights.js";

const AGENTS = ["alice", "bob", "carol"];
const KINDS: RequestKind[] = ["write", "agent-read", "named-read", "other-read", "mcp"];
const rightsArb: fc.Arbitrary<TokenRights> = fc.record(
  {
    write: fc.boolean(),
    agents: fc.subarray(AGENTS, { minLength: 1 }),
    read: fc.constantFrom("all" as const, "own" as const),
  },
  { requiredKeys: ["write", "read"] },
);
const agentArb = fc.option(fc.constantFrom(...AGENTS, "mallory"), { nil: undefined });

describe("a token's rights (pure)", () => {
  test.prop([fc.option(rightsArb, { nil: undefined }), fc.constantFrom(...KINDS), agentArb])(
    "a request allowed never writes or reads as an agent outside the token's; a refusal names its right",
    (rights, kind, agent) => {
      const decision = decideRights(rights, kind, agent);
      if (!decision.allowed) {
        expect(decision.message.startsWith(`Missing right: ${decision.missing} (`)).toBe(true);
        expect(isLimited(rights)).toBe(true);
        return;
      }
      expect(
        decision.agent === undefined || AGENTS.includes(decision.agent) || decision.agent === agent,
      ).toBe(true);
      if (rights === undefined) return;
      if (kind === "mcp") expect(rights.read).toBe("all");
      expect(decision.readOnly === true).toBe(kind === "mcp" && !rights.write);
      if (kind === "write") expect(rights.write).toBe(true);
      const writesAsAgent = kind === "write" || (kind === "mcp" && rights.write);
      const bound = writesAsAgent || (kind === "agent-read" && rights.read === "own");
      if (bound && rights.agents) expect(rights.agents).toContain(decision.agent);
      if (kind === "other-read") expect(rights.read).toBe("all");
      // A read by name of a token that reads its own agents shows only their memories.
      const ownNamed = kind === "named-read" && rights.read === "own";
      expect(decision.readableAgents).toEqual(ownNamed ? (rights.agents ?? []) : undefined);
      if (agent !== undefined && !ownNamed) expect(decision.agent).toBe(agent);
    },
  );

  test.prop([fc.constantFrom(...KINDS), agentArb])(
    "absent rights allow everything, as before",
    (kind, agent) => {
      expect(decideRights(undefined, kind, agent)).toEqual({ allowed: true, agent });
    },
  );

  it("refuses every write to a read-only token, saying how to get the right", () => {
    const decision = decideRights({ write: false, read: "all" }, "write", "alice");
    expect(decision).toEqual({
      allowed: false,
      missing: "write",
      message: "Missing right: write (this token is read-only; create a token without --read-only).",
    });
    expect(decideRights({ write: false, read: "all" }, "other-read", undefined)).toEqual({ allowed: true });
  });

  it("writes as the one agent of a token without a header, and refuses another agent", () => {
    const rights: TokenRights = { write: true, agents: ["alice"], read: "all" };
    expect(decideRights(rights, "write", undefined)).toEqual({ allowed: true, agent: "alice" });
    expect(decideRights(rights, "write", "alice")).toEqual({ allowed: true, agent: "alice" });
    const other = decideRights(rights, "write", "bob");
    expect(other.allowed).toBe(false);
    if (!other.allowed) {
      expect(other.missing).toBe("agent");
      expect(other.message).toContain('writes only as "alice"');
      expect(other.message).toContain('names "bob"');
      expect(other.message).toContain("--agent bob");
    }
  });

  it("asks a token of several agents to name one in its writes", () => {
    const decision = decideRights({ write: true, agents: ["alice", "bob"], read: "all" }, "write", undefined);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.message).toContain("no Mnemo-Agent header was sent");
  });

  it("lets a token that reads its own agents list and search them only, and no other read", () => {
    const rights: TokenRights = { write: false, agents: ["bob"], read: "own" };
    // The server filters by the token's one agent when the request names none.
    expect(decideRights(rights, "agent-read", undefined)).toEqual({ allowed: true, agent: "bob" });
    expect(decideRights(rights, "agent-read", "bob")).toEqual({ allowed: true, agent: "bob" });
    const several: TokenRights = { write: false, agents: ["bob", "carol"], read: "own" };
    const unnamed = decideRights(several, "agent-read", undefined);
    expect(unnamed.allowed === false && unnamed.message).toContain("names no agent");
    expect(decideRights(several, "agent-read", "carol")).toEqual({ allowed: true, agent: "carol" });
    const others = decideRights(rights, "agent-read", "alice");
    expect(others.allowed === false && others.missing).toBe("read all");
    const context = decideRights(rights, "other-read", undefined);
    expect(context.allowed === false && context.message).toContain("--read all");
  });

  it("lets a read by name show only the memories of a token's own agents", () => {
    const own = decideRights({ write: true, agents: ["bob", "carol"], read: "own" }, "named-read", "x");
    expect(own).toEqual({ allowed: true, readableAgents: ["bob", "carol"] });
    expect(mayReadMemoryOf(["bob", "carol"], "carol")).toBe(true);
    expect(mayReadMemoryOf(["bob"], "alice")).toBe(false);
    // A memory nobody named wrote is no agent's own.
    expect(mayReadMemoryOf(["bob"], undefined)).toBe(false);
    expect(mayReadMemoryOf(undefined, undefined)).toBe(true);
    expect(decideRights({ write: true, read: "all" }, "named-read", undefined)).toEqual({ allowed: true });
  });

  it("/mcp: reading tools only for a read-only token, its agent for a writer, refused to an own-reader", () => {
    expect(decideRights({ write: true, read: "all" }, "mcp", undefined)).toEqual({ allowed: true });
    expect(decideRights({ write: false, read: "all" }, "mcp", "bob")).toEqual({
      allowed: true,
      agent: "bob",
      readOnly: true,
    });
    expect(decideRights({ write: true, agents: ["alice"], read: "all" }, "mcp", undefined)).toEqual({
      allowed: true,
      agent: "alice",
    });
    const forged = decideRights({ write: true, agents: ["alice"], read: "all" }, "mcp", "bob");
    expect(forged.allowed === false && forged.missing).toBe("agent");
    const ownReader = decideRights({ write: true, agents: ["alice"], read: "own" }, "mcp", "alice");
    expect(ownReader.allowed === false && ownReader.missing).toBe("read all");
    expect(ownReader.allowed === false && ownReader.message).toMatch(
      /^Missing right: read all \(\/mcp serves/,
    );
  });
});
