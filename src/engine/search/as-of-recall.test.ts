import { afterEach, describe, expect, it } from "vitest";
import type { MemoryHome } from "../../index.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";

/**
 * Recall "as of" a date through the library (issue 30, point 4, engine part): a memory that a
 * consolidated save superseded is found in the version that held then, read from archive/.
 */
let opened: { memory: MemoryHome; home: string } | undefined;

afterEach(async () => {
  await opened?.memory.close();
  if (opened) await removeDir(opened.home);
  opened = undefined;
});

describe("recall with asOf", () => {
  it("gives the version that held on that day, and leaves out what was saved later", async () => {
    let clock = new Date("2026-01-10T12:00:00");
    opened = await openTestMemory({ config: { search: { embedder: "none" } }, now: () => clock });
    const { memory } = opened;
    await memory.memories.save({ type: "user", name: "Home city", content: "Lives in Porto." });
    clock = new Date("2026-03-01T12:00:00");
    const moved = await memory.memories.save({ type: "user", name: "City", content: "Now lives in Lisbon." });
    expect(moved).toMatchObject({ action: "updated", name: "Home city" });

    const inFebruary = await memory.recall("where does the user live", {
      asOf: "2026-02-01",
      kind: "memory",
    });
    expect(inFebruary.hits[0]).toMatchObject({
      path: "archive/memories/user_home-city.md",
      validity: expect.objectContaining({ archived: true, supersededBy: "memories/user_home-city.md" }),
    });
    expect(inFebruary.hits[0]?.text).toContain("Lives in Porto.");

    const now = await memory.recall("where does the user live", { asOf: "2026-03-02", kind: "memory" });
    expect(now.hits[0]?.text).toContain("Now lives in Lisbon.");
    expect(now.hits[0]?.path).toBe("memories/user_home-city.md");

    const before = await memory.recall("where does the user live", { asOf: "2026-01-01", kind: "memory" });
    expect(before.hits).toEqual([]);
  });

  it("refuses a date it cannot read, naming asOf", async () => {
    opened = await openTestMemory({ config: { search: { embedder: "none" } } });
    await expect(opened.memory.recall("x", { asOf: "last May" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("asOf must be a date"),
    });
  });
});
