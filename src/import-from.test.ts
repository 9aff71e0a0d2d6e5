import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MemoryHome } from "./engine/memory-home.js";
import { importFrom } from "./import-from.js";
import { folderBytes } from "./testing/test-folder-files.js";
import { makeTempDir, openTestMemory, removeDir } from "./testing/test-home.js";

/** importFrom on a real file home through openMemory: what the CLI's --from does, item by item. */
let memory: MemoryHome;
let home: string;
let scratch: string;
beforeEach(async () => {
  ({ memory, home } = await openTestMemory());
  scratch = await makeTempDir("mnemo-import-from-lib-");
});
afterEach(async () => {
  await memory.close();
  await removeDir(home);
  await removeDir(scratch);
});

async function agentFile(blocks: Array<{ label: string; value: string }>): Promise<string> {
  const path = join(scratch, "agent.af");
  await writeFile(
    path,
    JSON.stringify({ name: "Sam", core_memory: blocks.map((each) => ({ ...each, limit: 5000 })) }),
  );
  return path;
}

async function mem0Export(memories: string[]): Promise<string> {
  const path = join(scratch, "mem0.json");
  const results = memories.map((text, index) => ({
    id: `m${index}`,
    memory: text,
    created_at: "2024-05-01T00:00:00Z",
  }));
  await writeFile(path, JSON.stringify({ results }));
  return path;
}

describe("importFrom", () => {
  it("adds a profile section once, leaves it unchanged on the same text, and replaces its text when the block changed", async () => {
    await memory.profile.add("user", "Work", "Data engineer.");
    const first = await importFrom(
      memory,
      "letta",
      await agentFile([{ label: "human", value: "Name: Chad" }]),
    );
    expect(first.added).toEqual([
      { source: join(scratch, "agent.af#human"), path: "USER.md", name: "Human (Letta agent Sam)" },
    ]);
    const again = await importFrom(memory, "letta", join(scratch, "agent.af"));
    expect([again.added.length, again.unchanged.length]).toEqual([0, 1]);

    const changed = await importFrom(
      memory,
      "letta",
      await agentFile([{ label: "human", value: "Name: Chad Lee" }]),
    );
    expect(changed.updated).toHaveLength(1);
    expect(await readFile(join(home, "USER.md"), "utf8")).toBe(
      "# User\n\n## Work\nData engineer.\n\n## Human (Letta agent Sam)\nName: Chad Lee\n\n",
    );
  });

  it("saves a block too long for its profile file's budget as a memory instead, saying why", async () => {
    const persona = `I am Sam. ${"I answer patiently and check every order number. ".repeat(50)}`;
    const report = await importFrom(memory, "letta", await agentFile([{ label: "persona", value: persona }]));
    expect(report.added).toEqual([
      {
        source: join(scratch, "agent.af#persona"),
        path: "memories/feedback_sam-persona.md",
        name: "Sam persona",
        reason: "too long for SOUL.md's budget (2000 characters), saved as a memory",
      },
    ]);
    expect((await memory.memories.get("Sam persona")).content).toBe(persona.trim());
  });

  it("skips a memory holding a credential with the guard's reason, or stores it redacted when asked", async () => {
    const path = await mem0Export([
      "Likes jazz",
      "The deploy key is ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    ]);
    const refused = await importFrom(memory, "mem0", path);
    expect(refused.added.map((item) => item.name)).toEqual(["Likes jazz"]);
    expect(refused.skipped).toEqual([{ source: "mem0:m1", reason: expect.stringContaining("github-token") }]);

    const redacted = await importFrom(memory, "mem0", path, { redactSecrets: true });
    expect(redacted.added).toHaveLength(1);
    expect(redacted.unchanged.map((item) => item.name)).toEqual(["Likes jazz"]);
    const saved = await memory.memories.get(redacted.added[0]?.name ?? "");
    expect(saved.content).toContain("[REDACTED:");
  });

  it("a dry run gives the import's answers and leaves every file of the home as it was", async () => {
    await memory.memories.save({ type: "user", name: "Music", content: "Likes jazz" });
    const path = await mem0Export(["Likes jazz", "Lives in Porto"]);
    const before = await folderBytes(home);
    const dry = await importFrom(memory, "mem0", path, { dryRun: true });
    expect(await folderBytes(home)).toEqual(before);
    const done = await importFrom(memory, "mem0", path);
    expect({ ...dry, dryRun: false }).toEqual(done);
    expect(done.unchanged.map((item) => item.name)).toEqual(["Music"]);
  });
});
