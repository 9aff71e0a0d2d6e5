import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import { frozenBlock, newSessionLog, recordedWrite } from "../sessions/session-log.js";
import { saveSessionLog } from "../sessions/session-logs.js";

/** MemoryHome.status on a real home: what `mnemo status` and GET /v1/status show. */
let memory: MemoryHome;
let home = "";

afterEach(async () => {
  await memory.close();
  await removeDir(home);
});

describe("the home's status", () => {
  test("a new home: budgets unused, nothing counted, no index, no session", async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
    const status = await memory.status();
    expect(status.profile.map((file) => [file.file, file.characters, file.budget, file.exists])).toEqual([
      ["soul", 0, 2000, false],
      ["user", 0, 1400, false],
      ["memory", 0, 2200, false],
      ["daily", 0, 1000, false],
    ]);
    expect(status).toMatchObject({
      memories: { total: 0, byType: { user: 0, feedback: 0, project: 0, reference: 0 } },
      journal: { entries: 0, topics: [] },
      dailies: { dates: [] },
      archive: { files: 0, chunks: 0 },
      index: { state: "missing", stale: true },
      pendingExtractions: 0,
    });
    expect(status.lastSession).toBeUndefined();
  });

  test("counts memories by type, entries by topic, dailies, archived pieces, pending extractions; the index is stale after a write", async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
    await memory.profile.add("user", "Name", "Grace.");
    await memory.profile.add("daily", "Notes", "Fixed the deploy.");
    for (const name of ["A", "B"]) await memory.memories.save({ type: "user", name, content: `${name}.` });
    await memory.memories.save({ type: "feedback", name: "Tabs", content: "Tabs." });
    await memory.memories.delete("B");
    await memory.journal.add("user_pref", "French.");
    await memory.journal.add("error_solution", "chmod 600.");
    await mkdir(join(home, ".pending"));
    await writeFile(join(home, ".pending", "s1.json"), "{}");
    await memory.recall("Grace");
    expect((await memory.status()).index).toMatchObject({ state: "ready", behind: 0, stale: false });
    await memory.memories.save({ type: "project", name: "Deploy", content: "Fridays." });

    const status = await memory.status();
    expect(status.profile.find((file) => file.file === "user")).toMatchObject({
      characters: "# User\n\n## Name\nGrace.\n\n".length,
      exists: true,
    });
    expect(status.memories).toEqual({ total: 3, byType: { user: 1, feedback: 1, project: 1, reference: 0 } });
    expect(status.journal).toEqual({
      entries: 2,
      topics: [
        { topic: "user_prefs", path: "topics/user_prefs.md", entries: 1 },
        { topic: "MEMORY", path: "MEMORY.md", entries: 1 },
      ],
    });
    expect(status.dailies.dates).toHaveLength(1);
    expect(status.archive).toEqual({ files: 1, chunks: 1 });
    expect(status.pendingExtractions).toBe(1);
    expect(status.index).toMatchObject({ state: "ready", behind: 2, stale: true });
  });

  const FROZEN = "<agent-identity>\nAda\n</agent-identity>\n";
  test("the last session: its frozen block's size and its writes", async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
    const older = newSessionLog({ sessionId: "s-older", source: "mcp", startedAt: new Date(2026, 0, 1) });
    await saveSessionLog(memory.store, older);
    const last = {
      ...newSessionLog({
        sessionId: "s-last",
        source: "agent",
        client: "m",
        startedAt: new Date(2026, 0, 2),
      }),
      frozen: frozenBlock(FROZEN),
      writes: [recordedWrite(new Date(2026, 0, 2), "memory_save", "{}", "Saved.")],
    };
    await saveSessionLog(memory.store, last);
    expect((await memory.status()).lastSession).toEqual({
      sessionId: "s-last",
      source: "agent",
      client: "m",
      startedAt: last.startedAt,
      frozenCharacters: FROZEN.length,
      frozenTokens: Math.ceil(FROZEN.length / 4),
      turns: 0,
      writes: 1,
      extracted: 0,
    });
  });
});
