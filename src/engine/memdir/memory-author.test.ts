import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { MnemoError } from "../../errors.js";
import { openMemory } from "../../open-memory.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import { checkAuthor, isAuthorName, matchesAuthor } from "./memory-author.js";
import { formatMemoryFile, parseMemoryFile } from "./memory-file.js";

const folders: string[] = [];
const opened: MemoryHome[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
  for (const folder of folders.splice(0)) await removeDir(folder);
});

async function open(options: { agent?: string; run?: string } = {}) {
  const home = await makeTempDir();
  folders.push(home);
  const memory = await openMemory({ home, env: {}, onWarning: () => undefined, ...options });
  opened.push(memory);
  return { memory, home };
}

const fields = { name: "Prefers tabs", description: "Indent", type: "feedback" as const };
const now = new Date("2026-11-29T00:00:00.000Z");

describe("agent and run of a typed memory", () => {
  it("a valid name survives the frontmatter round trip", () => {
    const name = fc
      .string({ minLength: 1, maxLength: 40 })
      .map((text) => `a${text.replace(/[^A-Za-z0-9 ._:@/+-]/g, "")}`.trimEnd())
      .filter(isAuthorName);
    fc.assert(
      fc.property(name, name, (agent, run) => {
        const text = formatMemoryFile({
          previous: undefined,
          fields,
          author: { agent, run },
          body: "x",
          now,
        });
        const parsed = parseMemoryFile("memories/feedback_prefers-tabs.md", text);
        return parsed.ok && parsed.header.agent === agent && parsed.header.run === run;
      }),
    );
  });

  it("refuses a bad name, naming the field", () => {
    expect(() => checkAuthor({ agent: "two\nlines" })).toThrowError(
      /agent "two\\nlines" is not a valid name/,
    );
    expect(() => checkAuthor({ run: "" })).toThrowError(MnemoError);
    expect(() => checkAuthor({ run: " padded" })).toThrowError(/^run/);
    expect(matchesAuthor({ agent: "a", run: "r" }, { agent: "a" })).toBe(true);
    expect(matchesAuthor({ agent: "a" }, { run: "r" })).toBe(false);
  });

  it("openMemory({ agent, run }) records them on every save; a later save by nobody removes them", async () => {
    const { memory, home } = await open({ agent: "claude-code", run: "session-1" });
    const saved = await memory.memories.save({
      type: "user",
      name: "Lives in Porto",
      content: "Lives in Porto.",
    });
    const text = await readFile(join(home, saved.path), "utf8");
    expect(text).toMatch(/^agent: claude-code$/m);
    expect(text).toMatch(/^run: session-1$/m);
    expect(await memory.memories.get("Lives in Porto")).toMatchObject({
      agent: "claude-code",
      run: "session-1",
    });
    const anonymous = await openMemory({ home, env: {}, onWarning: () => undefined });
    opened.push(anonymous);
    await anonymous.memories.save({ type: "user", name: "Lives in Porto", content: "Lives in Lisbon now." });
    const rewritten = await readFile(join(home, saved.path), "utf8");
    expect(rewritten).not.toMatch(/^agent:/m);
    expect(rewritten).not.toMatch(/^run:/m);
  });

  it("writingAs writes as another agent; list and recall filter by agent and run", async () => {
    const { memory } = await open();
    const alice = memory.writingAs({ agent: "alice-bot", run: "r1" });
    const bob = memory.writingAs({ agent: "bob-bot" });
    await alice.memories.save({
      type: "project",
      name: "Deploy day",
      content: "We deploy the garden app on Fridays.",
      consolidate: false,
    });
    await bob.memories.save({
      type: "project",
      name: "Deploy tool",
      content: "The garden app deploys with fly.",
      consolidate: false,
    });
    await memory.memories.save({
      type: "project",
      name: "Garden owner",
      content: "The garden app belongs to Ana.",
      consolidate: false,
    });
    expect(alice.author).toEqual({ agent: "alice-bot", run: "r1" });

    const names = async (options: { agent?: string; run?: string }) =>
      (await memory.memories.list(options)).memories.map((entry) => entry.name);
    expect(await names({ agent: "alice-bot" })).toEqual(["Deploy day"]);
    expect(await names({ agent: "bob-bot" })).toEqual(["Deploy tool"]);
    expect(await names({ run: "r1" })).toEqual(["Deploy day"]);
    expect(await names({ agent: "bob-bot", run: "r1" })).toEqual([]);
    expect((await memory.memories.list({ agent: "alice-bot" })).total).toBe(1);
    expect((await memory.memories.list()).memories).toHaveLength(3);

    const found = await memory.recall("garden app", { agent: "bob-bot" });
    expect(found.hits.map((hit) => hit.title)).toEqual(["Deploy tool"]);
    expect((await memory.recall("garden app", { run: "r1" })).hits.map((hit) => hit.title)).toEqual([
      "Deploy day",
    ]);
    expect((await memory.recall("garden app")).hits.length).toBeGreaterThanOrEqual(3);
    await expect(memory.recall("garden", { agent: "x y\n" })).rejects.toThrowError(/agent/);
    await expect(memory.recall("garden", { agent: "bob-bot", kind: "journal" })).rejects.toThrowError(
      /typed memories only/,
    );
    // The views share the handle's search: closing one leaves the others working.
    await alice.close();
    expect((await bob.recall("garden app", { agent: "alice-bot" })).hits).toHaveLength(1);
  });

  it("the frontmatter keys agent and run cannot be set as extra keys", async () => {
    const { memory } = await open();
    await expect(
      memory.memories.save({ type: "user", name: "X", content: "x", frontmatter: { agent: "forged" } }),
    ).rejects.toThrowError(/agent/);
  });
});

describe("isAuthorName at its edges", () => {
  it("takes 100 characters and refuses 101; refuses what is not a string even if it reads as a name", () => {
    expect(isAuthorName("a".repeat(100))).toBe(true);
    expect(isAuthorName("a".repeat(101))).toBe(false);
    expect(isAuthorName(`${"a".repeat(99)} b`)).toBe(false);
    for (const value of [42, ["ci"], { toString: () => "ci" }, null, undefined])
      expect(isAuthorName(value), String(value)).toBe(false);
  });
});
