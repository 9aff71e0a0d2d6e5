import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { AgentMessage } from "../../contracts/message-store.js";
import { lastItems, ShortTermMemory } from "./short-term-memory.js";

function message(id: string): AgentMessage {
  return { id, role: "user", content: id, causeBy: "", sentFrom: "", sendTo: [], createdAt: new Date(0) };
}
const ids = fc.array(fc.constantFrom("a", "b", "c", "d", "e", "f"), { maxLength: 12 });

describe("ShortTermMemory", () => {
  test.prop([ids, ids, fc.integer({ min: -2, max: 8 })])(
    "findNews keeps, in order, the observed messages not among the k most recent (all when k <= 0)",
    (added, observed, k) => {
      const memory = new ShortTermMemory();
      for (const id of added) memory.add(message(id));
      const kept = memory.list().map((entry) => entry.id);
      expect(kept).toEqual([...new Set(added)]);
      const window = new Set(lastItems(kept, k));
      const news = memory.findNews(observed.map(message), k).map((entry) => entry.id);
      expect(news).toEqual(observed.filter((id) => !window.has(id)));
    },
  );

  test.prop([fc.array(fc.nat(), { maxLength: 10 }), fc.integer({ min: -3, max: 12 })])(
    "lastItems returns the last k items, or all when k <= 0",
    (items, k) => {
      const last = lastItems(items, k);
      expect(last).toEqual(k <= 0 ? items : items.slice(Math.max(0, items.length - k)));
    },
  );

  test("keeps one message per id; delete and clear forget it", () => {
    const memory = new ShortTermMemory();
    expect(memory.add(message("a"))).toBe(true);
    expect(memory.add(message("a"))).toBe(false);
    memory.add(message("b"));
    expect(memory.delete("a")).toBe(true);
    expect(memory.delete("a")).toBe(false);
    expect(memory.list().map((entry) => entry.id)).toEqual(["b"]);
    memory.clear();
    expect(memory.has("b")).toBe(false);
    expect(memory.list()).toEqual([]);
  });
});
