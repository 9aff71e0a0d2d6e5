import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { TreeFile } from "../../rules/tree-layout.js";
import { inMemoryHome } from "../../testing/in-memory-home.js";
import { createFrontmatter, serializeFrontmatter } from "../markdown/frontmatter.js";
import { memoryPath } from "../memdir/memory-name.js";
import { newSessionLog, serializeSessionLog } from "../sessions/session-log.js";

/**
 * Issue 26: an import keeps the rules of a save. Each file that breaks one is refused with the
 * reason (and the error code a save gives), the others are imported; through MemoryHome.importTree
 * on the in-memory store.
 */
const memory = (path: string, fields: Record<string, string>, body: string): TreeFile => ({
  path,
  text: serializeFrontmatter(createFrontmatter(fields, `\n${body}\n`)),
});
const entry = (minute: number, text: string) =>
  `### [2026-04-30 10:${String(minute % 60).padStart(2, "0")}] user_pref\n\n${text}\n\n---\n\n`;
const pending = (sessionId: string) =>
  `${JSON.stringify({ version: 1, sessionId, queuedAt: "2026-04-30T10:00:00.000Z", attempts: 1, lastError: "down", transcript: [{ role: "user", content: "Hi" }] })}\n`;
const sessionLog = (sessionId: string) =>
  serializeSessionLog(
    newSessionLog({ sessionId, source: "agent", startedAt: new Date("2026-04-30T10:00:00Z") }),
  );

const GOOD: TreeFile[] = [
  memory("memories/user_pet.md", { name: "Pet", description: "Pet", type: "user" }, "A cat."),
  memory("memories/user_c-style--1a2b3c4d.md", { name: "C# style", type: "user" }, "Tabs."),
  { path: "conversations/s-1.md", text: "# Conversation s-1\n\n### [2026-04-30 10:00] user\n\nHi.\n\n---\n" },
  { path: ".pending/s-1.json", text: pending("s-1") },
  { path: ".pending/s-1.2.json", text: pending("s-1") },
  { path: ".sessions/s-1.json", text: sessionLog("s-1") },
  // Archives hold what was pushed out of the home, whatever its size.
  { path: "archive/memories/user_big.md", text: "x".repeat(200_000) },
];

const cases: Array<[string, TreeFile, string, RegExp]> = [
  [
    "a memory over the 20,000 characters a save takes",
    memory("memories/user_big.md", { name: "Big", type: "user" }, "x".repeat(200_000)),
    "TOO_LARGE",
    /^Memory "Big" is 200000 characters; the limit is 20000/,
  ],
  [
    "a description over 300 characters",
    memory("memories/user_long.md", { name: "Long", description: "d".repeat(301), type: "user" }, "x"),
    "TOO_LARGE",
    /^The description of "Long" is 301 characters/,
  ],
  [
    "a memory with no content",
    memory("memories/user_empty.md", { name: "Empty", type: "user" }, "  "),
    "INVALID_INPUT",
    /^Memory "Empty" has no content/,
  ],
  [
    "a name with a path in it",
    memory("memories/user_etc-passwd.md", { name: "../../etc/passwd", type: "user" }, "root"),
    "INVALID_INPUT",
    /^Invalid memory name "\.\.\/\.\.\/etc\/passwd": it contains a path separator/,
  ],
  [
    "a reserved name",
    memory("memories/user_memory.md", { name: "MEMORY", type: "user" }, "x"),
    "INVALID_INPUT",
    /"MEMORY" is reserved/,
  ],
  [
    "a memory in a file its name does not give",
    memory("memories/user_zzz.md", { name: "A", type: "user" }, "x"),
    "INVALID_INPUT",
    /^memory "A" of type user belongs in memories\/user_a\.md, where mnemo finds it by its name/,
  ],
  [
    "a memory under another type's file name",
    memory("memories/user_a.md", { name: "A", type: "project" }, "x"),
    "INVALID_INPUT",
    /belongs in memories\/project_a\.md/,
  ],
  [
    "a second memory of a name the tree already brings",
    memory("memories/user_pet--00000000.md", { name: "pet", type: "user" }, "A dog."),
    "INVALID_INPUT",
    /^memory "pet" is also in memories\/user_pet\.md, which is imported; a home holds one memory of a name/,
  ],
  [
    "a journal entry over 10,000 characters",
    { path: "topics/user_prefs.md", text: `# user_prefs\n\n${entry(0, "y".repeat(10_001))}` },
    "TOO_LARGE",
    /^the journal entry of 2026-04-30 10:00 is 10001 characters; an entry may have 10000/,
  ],
  [
    "a topic past the capacity of 500 lines",
    {
      path: "topics/user_prefs.md",
      text: `# user_prefs\n\n${Array.from({ length: 100 }, (_, at) => entry(at, `Fact ${at}.`)).join("")}`,
    },
    "TOO_LARGE",
    /^602 lines, past the capacity of 500 .* run `mnemo doctor --fix --home <folder>` on the folder/,
  ],
  [
    "a topic past capacity without entries",
    { path: "topics/notes.md", text: "line\n".repeat(600) },
    "TOO_LARGE",
    /^600 lines, past the capacity of 500 .* must be cut by hand/,
  ],
  [
    "a profile file over its budget",
    { path: "SOUL.md", text: `# Soul\n\n## Identity\n${"z".repeat(2_100)}\n` },
    "TOO_LARGE",
    /^\d+ characters, over the budget of 2000; run `mnemo doctor --fix/,
  ],
  [
    "a daily log over its budget",
    { path: "daily/2026-04-30.md", text: `# 2026-04-30\n\n## Notes\n${"z".repeat(1_100)}\n` },
    "TOO_LARGE",
    /over the budget of 1000/,
  ],
  [
    "a conversation whose file name is no session",
    { path: "conversations/-x.md", text: "# Conversation\n" },
    "INVALID_INPUT",
    /^The conversation session "-x" cannot name a file/,
  ],
  [
    "a message over 100,000 characters",
    {
      path: "conversations/s-2.md",
      text: `# Conversation s-2\n\n### [2026-04-30 10:00] user\n\n${"m".repeat(100_001)}\n\n---\n`,
    },
    "TOO_LARGE",
    /^message 1 \(line 3\) is 100001 characters; a message may have 100000/,
  ],
  [
    "a queued conversation that is not JSON",
    { path: ".pending/s-3.json", text: "{ not json" },
    "MALFORMED_FILE",
    /^not a conversation waiting for extraction: not JSON/,
  ],
  [
    "a queued conversation under another session's name",
    { path: ".pending/s-4.json", text: pending("s-3") },
    "INVALID_INPUT",
    /^the record of session "s-3" belongs in \.pending\/s-3\.json/,
  ],
  [
    "a session log under another session's name",
    { path: ".sessions/s-5.json", text: sessionLog("s-6") },
    "INVALID_INPUT",
    /belongs in \.sessions\/s-6\.json/,
  ],
  [
    "a session log that does not parse",
    { path: ".sessions/s-7.json", text: '{"version": 1}' },
    "MALFORMED_FILE",
    /^not a session log: /,
  ],
];

describe("an import refuses what a save refuses, file by file", () => {
  test("a tree that keeps the rules is imported whole", async () => {
    const report = await inMemoryHome().importTree(GOOD);
    expect(report.refused).toEqual([]);
    expect(report.added).toEqual(GOOD.map((file) => file.path));
  });

  test.each(cases)("%s", async (_name, bad, code, reason) => {
    const home = inMemoryHome();
    const dry = await home.importTree([...GOOD, bad], { dryRun: true });
    expect((await home.readTree()).files).toEqual([]);
    const report = await home.importTree([...GOOD, bad]);
    expect(report.refused).toEqual([{ path: bad.path, code, reason: expect.stringMatching(reason) }]);
    expect({ ...dry, dryRun: false }).toEqual(report);
    expect(report.added).toEqual(GOOD.map((file) => file.path).filter((path) => path !== bad.path));
    const kept = GOOD.filter((file) => file.path !== bad.path);
    expect((await home.readTree()).files).toEqual(kept.sort((a, b) => (a.path < b.path ? -1 : 1)));
  });

  test("a memory of a name the home holds in another file replaces it, as a save would", async () => {
    const home = inMemoryHome();
    await home.memories.save({ type: "user", name: "Pet", content: "A dog." });
    await home.memories.save({ type: "user", name: "Job", content: "Pilot." });
    const report = await home.importTree([
      memory("memories/project_pet.md", { name: "pet", type: "project" }, "A cat."),
    ]);
    expect(report.archived).toEqual([
      {
        path: "memories/user_pet.md",
        archivedTo: "archive/memories/user_pet.md",
        replacedBy: "memories/project_pet.md",
      },
    ]);
    const listed = await home.memories.list();
    expect(listed.memories.map((each) => [each.name, each.path])).toEqual(
      expect.arrayContaining([
        ["pet", "memories/project_pet.md"],
        ["Job", "memories/user_job.md"],
      ]),
    );
    expect(listed.memories).toHaveLength(2);
    expect((await home.memories.get("Pet")).content).toBe("A cat.");
    const index = (await home.readTree()).files.find((file) => file.path === "MEMORY.md")?.text;
    expect(index).not.toContain("memories/user_pet.md");
    const archive = (await home.readTree()).files.find(
      (file) => file.path === "archive/memories/user_pet.md",
    );
    expect(archive?.text).toMatch(/replaced by memories\/project_pet\.md \(an import\) -->\n[\s\S]*A dog\./);
  });

  const anyName = fc.oneof(
    fc.string({ maxLength: 110 }),
    fc.constantFrom("../x", "a/b", "MEMORY", ".", "..", " Pet ", "Ünïcode", "日本語", "x\ny", "--"),
  );

  test.prop([anyName, fc.string({ maxLength: 30 })], { numRuns: 150 })(
    "a memory file is refused exactly when a save of its name and content is",
    async (name, content) => {
      const saving = inMemoryHome();
      const saved = await saving.memories.save({ type: "user", name, content }).then(
        (result) => result,
        (error: { code: string }) => error,
      );
      const tree =
        "code" in saved
          ? [memory(memoryPath("user", name), { name, type: "user" }, content)]
          : (await saving.readTree()).files;
      const report = await inMemoryHome().importTree(tree);
      expect(report.refused.length > 0).toBe("code" in saved);
    },
  );
});
