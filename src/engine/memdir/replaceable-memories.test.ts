import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { mayReplace, replaceableMemories } from "./replaceable-memories.js";

const agentArb = fc.option(fc.constantFrom("alice", "bob"), { nil: undefined });
const memoriesArb = fc.array(fc.record({ path: fc.string(), agent: agentArb }, { requiredKeys: ["path"] }));

describe("the memories a writer may replace (pure)", () => {
  test.prop([memoriesArb, agentArb, fc.boolean()])(
    "are all of them for an unlimited writer, else exactly those its agent wrote, in order",
    (memories, agent, replacesOnlyOwn) => {
      const writer = { author: agent === undefined ? {} : { agent }, replacesOnlyOwn };
      const kept = replaceableMemories(memories, writer);
      const own = memories.filter((memory) => memory.agent !== undefined && memory.agent === agent);
      expect(kept).toEqual(replacesOnlyOwn ? own : memories);
      for (const memory of memories) expect(mayReplace(writer, memory.agent)).toBe(kept.includes(memory));
    },
  );

  it("never lets a limited writer replace a memory nobody named wrote", () => {
    expect(mayReplace({ author: {}, replacesOnlyOwn: true }, undefined)).toBe(false);
    expect(mayReplace({ author: { agent: "bob" }, replacesOnlyOwn: true }, "bob")).toBe(true);
    expect(mayReplace({ author: { agent: "bob" } }, "alice")).toBe(true);
  });
  it("a writer that replaces only its own but names no agent replaces nothing (and does not fail)", () => {
    expect(mayReplace({ replacesOnlyOwn: true }, "ci")).toBe(false);
    expect(mayReplace({ replacesOnlyOwn: true }, undefined)).toBe(false);
    expect(replaceableMemories([{ agent: "ci" }, {}], { replacesOnlyOwn: true })).toEqual([]);
  });
});
