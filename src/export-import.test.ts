import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterEach, describe, expect } from "vitest";
import type { MemoryHome } from "./engine/memory-home.js";
import { MnemoError } from "./errors.js";
import { exportHome, importHome } from "./export-import.js";
import { fillEveryFolder } from "./testing/every-folder-home.js";
import { folderBytes, treeBytes } from "./testing/test-folder-files.js";
import { makeTempDir, openTestMemory, removeDir } from "./testing/test-home.js";

/**
 * Issues 15 and 26: a home moved through a folder is the same home. File home -> export -> import
 * into a new home -> export again: every byte equal, conversations and records included, for a
 * home with every folder of the layout and for random homes built by random operations and hand
 * edits. And an import keeps the rules of a save: what breaks one is refused, by name.
 */
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await removeDir(folder);
});

async function newHome(clock: () => Date = () => new Date("2026-05-01T10:00:00Z")) {
  const opened = await openTestMemory({ now: clock, config: { search: { embedder: "none" } } });
  folders.push(opened.home);
  return opened;
}

async function newFolder(): Promise<string> {
  const folder = await makeTempDir("mnemo-export-");
  folders.push(folder);
  return join(folder, "tree");
}

/** Export `memory`, import the folder into a new home, export that: both folders and the new home's files. */
async function roundTrip(memory: MemoryHome) {
  const first = await newFolder();
  const exported = await exportHome(memory, first);
  const target = await newHome();
  const imported = await importHome(target.memory, first);
  const second = await newFolder();
  await exportHome(target.memory, second);
  await target.memory.close();
  return {
    exported,
    imported,
    first: await treeBytes(first),
    second: await treeBytes(second),
    target: await treeBytes(target.home),
  };
}

/** The home's own files less its settings: what a person sees in the folder, and its records. */
async function homeFiles(home: string) {
  const files = await treeBytes(home);
  files.delete("config.json");
  return files;
}

describe("a round trip through export and import", () => {
  test("a home with every folder of the layout and hand-edited files comes back byte for byte", async () => {
    let now = new Date("2026-04-01T10:00:00");
    const { memory, home } = await newHome(() => now);
    const { sessionId } = await fillEveryFolder(memory, home, (days) => {
      now = new Date(now.getTime() + days * 86_400_000);
    });

    const trip = await roundTrip(memory);
    const expected = await homeFiles(home);
    expect([...expected.keys()]).toEqual(
      expect.arrayContaining([
        "SOUL.md",
        "USER.md",
        "MEMORY.md",
        "memories/user_pet.md",
        "topics/user_prefs.md",
        "topics/hand_written.md",
        "daily/2026-04-09.md",
        "conversations/talk-1.md",
        `conversations/${sessionId}.md`,
        `.pending/${sessionId}.json`,
        `.sessions/${sessionId}.json`,
        "archive/USER.md",
        "archive/memories/user_pet.md",
        "archive/memories/feedback_tabs.md",
        "archive/daily/2026-04-01.md",
        "archive/conversations/talk-0.md",
      ]),
    );
    expect(trip.first).toEqual(expected);
    expect(trip.second).toEqual(trip.first);
    expect(trip.target).toEqual(trip.first);
    expect(trip.exported).toMatchObject({
      files: expected.size,
      skipped: [
        { path: ".index/", reason: expect.stringMatching(/^derived state: the search index/) },
        { path: "config.json", reason: expect.stringContaining("settings") },
      ],
    });
    expect(trip.imported.added).toHaveLength(expected.size);
    expect(trip.imported.refused).toEqual([]);
  });

  const word = fc.constantFrom(
    "cat",
    "deploy",
    "Grace",
    "日本語",
    "🦉",
    "naïve",
    "tabs",
    "x",
    "---",
    "## not a heading",
    "\\",
  );
  const text = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(" "));
  const name = fc.constantFrom("Pet", "Job", "C++ style", "C# style", "Ünïcode", "日本語 メモ");
  const operation = fc.oneof(
    fc.record({
      op: fc.constant("save" as const),
      name,
      text,
      type: fc.constantFrom("user", "project" as const),
    }),
    fc.record({ op: fc.constant("forget" as const), name }),
    fc.record({
      op: fc.constant("journal" as const),
      text,
      category: fc.constantFrom("user_pref", "general", "file_pattern"),
    }),
    fc.record({
      op: fc.constant("profile" as const),
      text,
      file: fc.constantFrom("user", "soul", "memory", "daily" as const),
      section: fc.constantFrom("A", "B"),
    }),
    fc.record({
      op: fc.constant("remove" as const),
      file: fc.constantFrom("user", "soul" as const),
      section: fc.constantFrom("A", "B"),
    }),
    fc.record({
      op: fc.constant("conversation" as const),
      session: fc.constantFrom("s-1", "s-2"),
      text,
      speaker: fc.constantFrom("user", "assistant"),
    }),
    fc.record({
      op: fc.constant("hand" as const),
      path: fc.constantFrom("USER.md", "topics/notes.md", "daily/2026-01-01.md", "archive/SOUL.md"),
      text,
      ending: fc.constantFrom("\n", "\r\n", ""),
    }),
  );

  type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

  /** One operation on the home; one that mnemo refuses (a forget of nothing) changes nothing. */
  async function apply(memory: MemoryHome, home: string, each: Operation): Promise<void> {
    if (each.op === "save")
      await memory.memories.save({ type: each.type, name: each.name, content: each.text });
    else if (each.op === "forget") await memory.memories.delete(each.name);
    else if (each.op === "journal") await memory.journal.add(each.category, each.text);
    else if (each.op === "profile") await memory.profile.add(each.file, each.section, each.text);
    else if (each.op === "remove") await memory.profile.remove(each.file, each.section);
    else if (each.op === "conversation")
      await memory.conversations.add(each.session, [{ speaker: each.speaker, text: each.text }]);
    else {
      await mkdir(join(home, each.path, ".."), { recursive: true });
      await writeFile(join(home, each.path), `${each.text}${each.ending}`);
    }
  }

  test.prop([fc.array(operation, { maxLength: 14 })], { numRuns: 12 })(
    "a home built by random operations and hand edits comes back byte for byte",
    async (operations) => {
      const { memory, home } = await newHome();
      for (const each of operations) {
        await apply(memory, home, each).catch((error: unknown) => {
          if (!MnemoError.isInstance(error)) throw error;
        });
      }
      const trip = await roundTrip(memory);
      expect(trip.first).toEqual(await homeFiles(home));
      expect(trip.second).toEqual(trip.first);
      expect(trip.target).toEqual(trip.first);
    },
  );
});

describe("an import through the rules of a save (issue 26)", () => {
  const memoryFile = (name: string, body: string) => `---\nname: ${name}\ntype: user\n---\n\n${body}\n`;

  test("refuses each file that breaks one, with the reason, imports the rest, and a dry run changes nothing", async () => {
    const { memory } = await newHome();
    await memory.memories.save({ type: "user", name: "Pet", content: "A cat." });
    const folder = await newFolder();
    await exportHome(memory, folder);
    await writeFile(join(folder, "USER.md"), Buffer.from("# User\n\nCaf\xe9\n", "latin1"));
    await writeFile(join(folder, "memories", "user_big.md"), memoryFile("Big", "x".repeat(200_000)));
    await writeFile(join(folder, "memories", "user_a.md"), memoryFile("A", "First."));
    await writeFile(join(folder, "memories", "user_a--0badf00d.md"), memoryFile("a", "Second."));
    await writeFile(join(folder, "memories", "user_etc-passwd.md"), memoryFile("../../etc/passwd", "root"));
    await writeFile(join(folder, "memories", ".user_hidden.md"), memoryFile("Hidden", "x"));

    const target = await newHome();
    await target.memory.memories.save({ type: "user", name: "Job", content: "Pilot." });
    const before = await folderBytes(target.home);
    const dry = await importHome(target.memory, folder, { dryRun: true });
    expect(await folderBytes(target.home)).toEqual(before);

    const report = await importHome(target.memory, folder);
    expect({ ...dry, dryRun: false }).toEqual(report);
    expect(report.refused).toEqual([
      { path: "USER.md", code: "MALFORMED_FILE", reason: expect.stringMatching(/^not UTF-8 text/) },
      {
        path: "memories/user_a.md",
        code: "INVALID_INPUT",
        reason: expect.stringMatching(
          /^memory "A" is also in memories\/user_a--0badf00d\.md, which is imported/,
        ),
      },
      {
        path: "memories/user_big.md",
        code: "TOO_LARGE",
        reason: expect.stringMatching(/^Memory "Big" is 200000 characters; the limit is 20000/),
      },
      {
        path: "memories/user_etc-passwd.md",
        code: "INVALID_INPUT",
        reason: expect.stringMatching(
          /^Invalid memory name "\.\.\/\.\.\/etc\/passwd": it contains a path separator/,
        ),
      },
    ]);
    expect(report.skipped).toEqual([
      {
        path: "memories/.user_hidden.md",
        reason: expect.stringMatching(/^hidden files and folders are not memory/),
      },
    ]);
    expect(report.added).toEqual(["memories/user_a--0badf00d.md", "memories/user_pet.md"]);
    const names = (await target.memory.memories.list()).memories.map((each) => each.name).sort();
    expect(names).toEqual(["Job", "Pet", "a"]);
    expect((await target.memory.memories.get("A")).content).toBe("Second.");
    await target.memory.close();
  });
});
