import { describe, expect, it } from "vitest";
import { mapLettaAgentFile } from "./letta-agent-file.js";

const modifiedAt = new Date("2025-01-15T08:00:00.000Z");
const file = (value: unknown) => ({ path: "/in/agent.af", text: JSON.stringify(value), modifiedAt });
const block = (label: string, value: string, more: object = {}) => ({ label, value, limit: 5000, ...more });

describe("mapLettaAgentFile", () => {
  it("puts human in USER.md and persona in SOUL.md, named after the agent, with a memory to fall back on", () => {
    const plan = mapLettaAgentFile(
      file({
        name: "Sam",
        core_memory: [block("human", "Name: Chad\n## Orders\nboots"), block("persona", "I am Sam.")],
      }),
    );
    expect(plan.items).toEqual([
      expect.objectContaining({
        kind: "section",
        file: "user",
        section: "Human (Letta agent Sam)",
        text: "Name: Chad\n### Orders\nboots",
        source: "/in/agent.af#human",
        fallback: expect.objectContaining({
          type: "user",
          name: "Sam human",
          date: modifiedAt.toISOString(),
        }),
      }),
      expect.objectContaining({ kind: "section", file: "soul", section: "Persona (Letta agent Sam)" }),
    ]);
  });

  it("makes any other block a project memory dated by the block, described by its description", () => {
    const plan = mapLettaAgentFile(
      file({
        agents: [{ name: "Loop" }],
        blocks: [
          block("tickets", "Ticket 1 open", {
            description: "Open tickets",
            updated_at: "2025-03-12T09:15:00",
          }),
          block("scratch", ""),
        ],
      }),
    );
    expect(plan.items).toEqual([
      {
        kind: "memory",
        type: "project",
        name: "Loop tickets",
        description: "Open tickets",
        content: "Ticket 1 open",
        date: "2025-03-12T09:15:00.000Z",
        source: "/in/agent.af#tickets",
      },
    ]);
    expect(plan.skipped).toEqual([{ source: "/in/agent.af#scratch", reason: "the block is empty" }]);
  });

  it("names the block and field that do not fit, and a file with no blocks", () => {
    expect(() =>
      mapLettaAgentFile(file({ core_memory: [block("human", "x"), { label: "persona" }] })),
    ).toThrow('Cannot import /in/agent.af, core_memory[1], field "value": Invalid input: expected string');
    expect(() => mapLettaAgentFile(file({ name: "x", tools: [] }))).toThrow("it has no memory blocks");
  });
});
