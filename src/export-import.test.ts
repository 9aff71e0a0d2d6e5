import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterEach, describe, expect } from "vitest";
import type { MemoryHome } from "./engine/memory-home.js";
import { MnemoError } from "./errors.js";
import { exportHome, importHome } from "./export-import.js";
import { folderBytes } from "./testing/test-folder-files.js";
import { makeTempDir, openTestMemory, removeDir } from "./testing/test-home.js";

/**
 * Issue 15: a home moved through a folder is the same home. File home -> export -> import into a
 * new home -> export again: every byte equal, for a home with every folder of the layout and for
 * random homes built by random operations and hand edits.
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
    first: await folderBytes(first),
    second: await folderBytes(second),
    target: await folderBytes(target.home),
  };
}

/** The home's own files, as a person sees the folder, less its settings. */
async function homeFiles(home: string) {
  const files = await folderBytes(home);
  files.delete("config.json");
  return files;
}

describe("a round trip through export and import", () => {
  test("a home with every folder of the layout and hand-edited files comes back byte for byte", async () => {
    let now = new Date("2026-04-01T10:00:00");
    const { memory, home } = await newHome(() => now);
    await memory.onboard({ name: "Ada", personality: "Curious.", speakingStyle: "Brief." });
    await memory.profile.add("user", "Name", "Grace Hopper, 日本語 and emoji 🦉.");
    await memory.profile.add("memory", "Notes", "Check staging first.");
    await memory.profile.add("daily", "Session", "Talked about the deploy.");
    await memory.memories.save({ type: "user", name: "Pet", content: "A cat." });
    await memory.memories.save({ type: "user", name: "Pet", content: "A dog now." }); // archive/memories/
    await memory.memories.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
    await memory.memories.delete("Tabs");
    await memory.journal.add("user_pref", "Answers in French.");
    await memory.journal.add("general", "CI runs on Debian.");
    await memory.profile.remove("user", "Name"); // archive/USER.md
    now = new Date("2026-04-09T10:00:00");
    await memory.profile.add("daily", "Session", "A later day."); // the old daily goes to archive/daily/
    await writeFile(
      join(home, "topics", "hand_written.md"),
      "\uFEFF# Hand\r\n\r\nWritten on Windows, no final newline",
    );
    await writeFile(join(home, "config.json"), "{}\n");

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
        "archive/USER.md",
        "archive/memories/user_pet.md",
        "archive/memories/feedback_tabs.md",
        "archive/daily/2026-04-01.md",
      ]),
    );
    expect(trip.first).toEqual(expected);
    expect(trip.second).toEqual(trip.first);
    expect(trip.target).toEqual(trip.first);
    expect(trip.exported).toMatchObject({ files: expected.size, skipped: [{ path: "config.json" }] });
    expect(trip.imported.added).toHaveLength(expected.size);
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

describe("an import that cannot be done whole", () => {
  test("writes nothing: one file that is not UTF-8 among good ones leaves the home as it was", async () => {
    const { memory } = await newHome();
    await memory.memories.save({ type: "user", name: "Pet", content: "A cat." });
    const folder = await newFolder();
    await exportHome(memory, folder);
    await writeFile(join(folder, "USER.md"), Buffer.from("# User\n\nCaf\xe9\n", "latin1"));
    const target = await newHome();
    await target.memory.memories.save({ type: "user", name: "Job", content: "Pilot." });
    const before = await folderBytes(target.home);
    await expect(importHome(target.memory, folder)).rejects.toMatchObject({
      code: "MALFORMED_FILE",
      message: expect.stringContaining(`${join(folder, "USER.md")} is not UTF-8 text`),
    });
    expect(await folderBytes(target.home)).toEqual(before);
  });
});
