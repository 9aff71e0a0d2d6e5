import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { MemoryHome } from "../../index.js";
import { startFakeOpenAiServer } from "../../testing/fake-openai-server.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";

/**
 * Consolidation on every save (issue 30, point 3) through the library (`openMemory`,
 * `memory.memories.save`): what each save answers, and what the home holds afterwards.
 */
let opened: { memory: MemoryHome; home: string } | undefined;

async function open(config: Record<string, unknown> = {}) {
  const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" }, ...config } });
  opened = { memory, home };
  return opened;
}

afterEach(async () => {
  await opened?.memory.close();
  if (opened) await removeDir(opened.home);
  opened = undefined;
});

const memoryFiles = async (home: string) => (await readdir(join(home, "memories"))).sort();

describe("a save with the rules (the default)", () => {
  it("adds a new memory, leaves a duplicate unchanged, and updates on a contradiction", async () => {
    const { memory, home } = await open();
    const first = await memory.memories.save({ type: "user", name: "Home city", content: "Lives in Porto." });
    expect(first).toMatchObject({
      action: "added",
      created: true,
      decidedBy: "rules",
      possibleConflicts: [],
    });

    const again = await memory.memories.save({
      type: "user",
      name: "Where I live",
      content: "lives in porto",
    });
    expect(again).toMatchObject({
      action: "unchanged",
      created: false,
      name: "Home city",
      path: "memories/user_home-city.md",
      archived: [],
    });
    expect(again.reason).toContain("already says");
    expect(await memoryFiles(home)).toEqual(["user_home-city.md"]);

    const moved = await memory.memories.save({ type: "user", name: "City", content: "Now lives in Lisbon." });
    expect(moved).toMatchObject({ action: "updated", name: "Home city", path: "memories/user_home-city.md" });
    expect(moved.reason).toContain('contradicts "Home city"');
    expect(await memoryFiles(home)).toEqual(["user_home-city.md"]);
    const current = await memory.memories.get("Home city");
    expect(current.content).toBe("Now lives in Lisbon.");
    // The older version is in the archive, marked with when it stopped holding and what replaced it.
    const archive = await readFile(join(home, "archive/memories/user_home-city.md"), "utf8");
    expect(archive).toContain("Lives in Porto.");
    expect(archive).toMatch(/validTo: .*\n/);
    expect(archive).toContain("supersededBy: memories/user_home-city.md");
    expect(await readFile(join(home, "memories/user_home-city.md"), "utf8")).toMatch(/validFrom: /);
  });

  it("a save under a memory's own name edits it, as it always did (a new type moves it)", async () => {
    const { memory, home } = await open();
    await memory.memories.save({ type: "feedback", name: "Prefers tabs", content: "Indent with tabs." });
    const edited = await memory.memories.save({
      type: "feedback",
      name: "Prefers tabs",
      content: "Indent with two-wide tabs.",
    });
    expect(edited).toMatchObject({ action: "updated", name: "Prefers tabs", archived: [expect.anything()] });
    expect(edited.reason).toBeUndefined();
    const retyped = await memory.memories.save({
      type: "user",
      name: "Prefers tabs",
      content: "Indent with two-wide tabs.",
    });
    expect(retyped).toMatchObject({ action: "updated", type: "user", path: "memories/user_prefers-tabs.md" });
    expect(await memoryFiles(home)).toEqual(["user_prefers-tabs.md"]);
    const same = await memory.memories.save({
      type: "user",
      name: "Prefers tabs",
      content: "Indent with two-wide tabs.",
    });
    expect(same).toMatchObject({ action: "unchanged", name: "Prefers tabs", archived: [] });
  });

  it("adds a memory on a related subject, naming the one it may conflict with", async () => {
    const { memory } = await open();
    await memory.memories.save({
      type: "user",
      name: "Editor",
      content: "Uses Neovim with the Lazy plugin manager.",
    });
    const saved = await memory.memories.save({
      type: "user",
      name: "Editor at work",
      content: "Uses VS Code at work.",
    });
    expect(saved).toMatchObject({
      action: "added",
      name: "Editor at work",
      possibleConflicts: [{ name: "Editor", path: "memories/user_editor.md", reason: expect.any(String) }],
    });
    expect((await memory.memories.list()).memories.map((each) => each.name).sort()).toEqual([
      "Editor",
      "Editor at work",
    ]);
  });

  it("a writer that replaces only its own compares with its own agent's memories: another's duplicate is no reason for unchanged", async () => {
    const { memory } = await open();
    const alice = memory.writingAs({ agent: "alice" }, { replacesOnlyOwn: true });
    const bob = memory.writingAs({ agent: "bob" });
    await bob.memories.save({ type: "user", name: "Home city", content: "Lives in Porto." });
    const bobs = await alice.memories.save({ type: "user", name: "City", content: "Lives in Porto." });
    expect(bobs).toMatchObject({ action: "added", possibleConflicts: [] });
    // Its own agent's memory, with the text it holds, is found: an exact duplicate is unchanged.
    const own = await alice.memories.save({ type: "user", name: "Town", content: "Lives in Porto." });
    expect(own).toMatchObject({ action: "unchanged", name: "City" });
    // Without the limit, the first one found is the duplicate, whoever wrote it.
    const anyone = await memory.writingAs({ agent: "carol" }).memories.save({
      type: "user",
      name: "Where",
      content: "Lives in Porto.",
    });
    expect(anyone).toMatchObject({ action: "unchanged" });
  });

  it("never compares with memories of another type, nor touches an unrelated one", async () => {
    const { memory } = await open();
    await memory.memories.save({ type: "user", name: "Home city", content: "Lives in Porto." });
    const feedback = await memory.memories.save({
      type: "feedback",
      name: "Porto",
      content: "Lives in Porto.",
    });
    expect(feedback).toMatchObject({ action: "added", name: "Porto" });
    const other = await memory.memories.save({
      type: "user",
      name: "Pet",
      content: "Has a cat called Miso.",
    });
    expect(other).toMatchObject({ action: "added", possibleConflicts: [] });
  });

  it("saves as given with consolidate: false, or when the home turns consolidation off", async () => {
    const { memory } = await open();
    await memory.memories.save({ type: "user", name: "Home city", content: "Lives in Porto." });
    const given = await memory.memories.save({
      type: "user",
      name: "Where I live",
      content: "Lives in Porto.",
      consolidate: false,
    });
    expect(given).toMatchObject({ action: "added", decidedBy: "off", name: "Where I live" });
    await memory.close();
    const off = await openTestMemory({
      config: { search: { embedder: "none" }, consolidation: { enabled: false } },
    });
    opened = off;
    await off.memory.memories.save({ type: "user", name: "Home city", content: "Lives in Porto." });
    const kept = await off.memory.memories.save({ type: "user", name: "City", content: "Lives in Porto." });
    expect(kept).toMatchObject({ action: "added", decidedBy: "off", name: "City" });
  });
});

describe("a save decided by the chat model (consolidation.decider llm)", () => {
  it("asks once with the candidates and does what the model answers", async () => {
    const server = await startFakeOpenAiServer({
      reply: [{ content: '```json\n{"decision": "updated", "memory": 1, "conflicts": []}\n```' }],
    });
    try {
      const { memory } = await open({
        llm: { baseUrl: server.baseURL, model: "judge", maxRetries: 0 },
        consolidation: { decider: "llm" },
      });
      // Nothing to compare with: no call.
      await memory.memories.save({
        type: "project",
        name: "Standup",
        content: "Standup is at 9:30 in Kepler.",
      });
      expect(server.requests).toHaveLength(0);
      const saved = await memory.memories.save({
        type: "project",
        name: "Morning meeting",
        content: "The morning standup is now in Galileo.",
      });
      expect(server.requests).toHaveLength(1);
      const prompt = JSON.stringify(server.requests[0]?.body.messages);
      expect(prompt).toContain("[1] Standup");
      expect(prompt).toContain("The morning standup is now in Galileo.");
      expect(saved).toMatchObject({ action: "updated", decidedBy: "model", name: "Standup" });
      expect(saved.reason).toContain("the model");
      expect((await memory.memories.get("Standup")).content).toBe("The morning standup is now in Galileo.");
    } finally {
      await server.close();
    }
  });

  it("falls back to the rules, with a warning, when the reply cannot be used", async () => {
    const server = await startFakeOpenAiServer({ reply: [{ content: "They look alike to me." }] });
    try {
      const { memory } = await open({
        llm: { baseUrl: server.baseURL, model: "judge", maxRetries: 0 },
        consolidation: { decider: "llm" },
      });
      await memory.memories.save({ type: "user", name: "Home city", content: "Lives in Porto." });
      const saved = await memory.memories.save({ type: "user", name: "Where", content: "Lives in Porto." });
      expect(saved).toMatchObject({ action: "unchanged", decidedBy: "rules", name: "Home city" });
      expect(saved.warning).toMatch(/reply of .* was not usable .*; the rules decided/);
    } finally {
      await server.close();
    }
  });

  it("falls back to the rules when the model names a memory it was not shown", async () => {
    const server = await startFakeOpenAiServer({
      reply: [{ content: '{"decision": "unchanged", "memory": 7, "conflicts": []}' }],
    });
    try {
      const { memory } = await open({
        llm: { baseUrl: server.baseURL, model: "judge", maxRetries: 0 },
        consolidation: { decider: "llm" },
      });
      await memory.memories.save({ type: "user", name: "Home city", content: "Lives in Porto." });
      const saved = await memory.memories.save({
        type: "user",
        name: "City",
        content: "Now lives in Lisbon.",
      });
      expect(saved).toMatchObject({ action: "updated", decidedBy: "rules", name: "Home city" });
      expect(saved.warning).toContain("without naming one of the memories 1 to 1");
    } finally {
      await server.close();
    }
  });
});
