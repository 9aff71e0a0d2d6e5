import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { InMemoryDocumentStore } from "../../adapters/memory/in-memory-document-store.js";
import type { TreeFile } from "../../rules/tree-layout.js";
import { inMemoryHome as inMemoryHomeOn } from "../../testing/in-memory-home.js";
import { folderTexts } from "../../testing/test-folder-files.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/** importTree and readTree on a real file home and on the in-memory store (the contract's oracle). */
const homes: string[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await removeDir(home);
});

const NOW = () => new Date("2026-05-01T10:00:00Z");

async function fileHome() {
  const opened = await openTestMemory({ now: NOW, config: { search: { embedder: "none" } } });
  homes.push(opened.home);
  return opened;
}

/** Counts the documents read one by one: a database store pays a query for each. */
class CountingStore extends InMemoryDocumentStore {
  reads: string[] = [];
  override async read(path: string): Promise<string | undefined> {
    this.reads.push(path);
    return super.read(path);
  }
}

function inMemoryHome(store = new CountingStore({ now: NOW })): MemoryHome {
  return inMemoryHomeOn(store, NOW);
}

const memoryFile = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: ${name}\ntype: user\n---\n\n${body}\n`;

const TREE: TreeFile[] = [
  { path: "MEMORY.md", text: "# Memory\n\n## Memories\n- [Pet](memories/user_pet.md) — Pet\n\n" },
  { path: "SOUL.md", text: "\uFEFF# Soul\r\n\r\n## Identity\r\nAda\r\n" },
  {
    path: "archive/USER.md",
    text: "<!-- mnemo archived from USER.md at 2026-04-01 09:00: removed -->\nOld.\n",
  },
  { path: "daily/2026-04-30.md", text: "# 2026-04-30\n\n## Notes\nA day." },
  { path: "memories/user_pet.md", text: memoryFile("Pet", "A cat.") },
  {
    path: "topics/user_prefs.md",
    text: "# user_prefs\n\n### [2026-04-30 10:00] user_pref\n\nFrench.\n\n---\n",
  },
];

describe("a tree imported into an empty home", () => {
  test("is read back as the same files, byte for byte, on the in-memory store", async () => {
    const memory = inMemoryHome();
    const report = await memory.importTree(TREE);
    expect(report.added).toEqual(TREE.map((file) => file.path));
    expect((await memory.readTree()).files).toEqual(TREE);
    expect((await memory.memories.get("Pet")).content).toBe("A cat.");
  });

  test("reads no document of a folder the home does not have", async () => {
    const store = new CountingStore({ now: NOW });
    await inMemoryHome(store).importTree(TREE);
    expect(store.reads.sort()).toEqual(["MEMORY.md", "SOUL.md"]);
  });

  test("is the home's files on a file home, and the same files again on export", async () => {
    const { memory, home } = await fileHome();
    await memory.importTree(TREE);
    expect(await folderTexts(home)).toEqual(Object.fromEntries(TREE.map((file) => [file.path, file.text])));
    expect((await memory.readTree()).files).toEqual(TREE);
  });
});

describe("a tree imported over a home's files", () => {
  async function homeWithFiles() {
    const opened = await fileHome();
    await mkdir(join(opened.home, "memories"), { recursive: true });
    await mkdir(join(opened.home, "archive"), { recursive: true });
    await writeFile(join(opened.home, "memories/user_pet.md"), memoryFile("Pet", "A dog."));
    await writeFile(join(opened.home, "memories/user_job.md"), memoryFile("Job", "Pilot."));
    await writeFile(
      join(opened.home, "archive/USER.md"),
      "<!-- mnemo archived from USER.md at 2026-03-01 09:00: removed -->\nOlder.\n",
    );
    await writeFile(join(opened.home, "SOUL.md"), TREE[1]?.text ?? "");
    return opened;
  }

  test("replaces changed files, archiving the home's version; archives only grow; other files stay", async () => {
    const { memory, home } = await homeWithFiles();
    const report = await memory.importTree(TREE);
    expect(report).toMatchObject({
      dryRun: false,
      replaced: [{ path: "memories/user_pet.md", archivedTo: "archive/memories/user_pet.md" }],
      appended: ["archive/USER.md"],
      unchanged: ["SOUL.md"],
      added: ["MEMORY.md", "daily/2026-04-30.md", "topics/user_prefs.md"],
    });
    const files = await folderTexts(home);
    expect(files["memories/user_pet.md"]).toBe(memoryFile("Pet", "A cat."));
    expect(files["archive/memories/user_pet.md"]).toBe(
      `<!-- mnemo archived from memories/user_pet.md at ${localMinute(NOW())}: replaced by an import -->\n${memoryFile("Pet", "A dog.")}`,
    );
    expect(files["archive/USER.md"]).toBe(
      "<!-- mnemo archived from USER.md at 2026-03-01 09:00: removed -->\nOlder.\n\n<!-- mnemo archived from USER.md at 2026-04-01 09:00: removed -->\nOld.\n",
    );
    expect(files["memories/user_job.md"]).toBe(memoryFile("Job", "Pilot."));
  });

  test("a dry run writes nothing and reports what the import then does", async () => {
    const { memory, home } = await homeWithFiles();
    const before = await folderTexts(home);
    const planned = await memory.importTree(TREE, { dryRun: true });
    expect(await folderTexts(home)).toEqual(before);
    const done = await memory.importTree(TREE);
    expect({ ...planned, dryRun: false }).toEqual(done);
  });

  test("the same tree imported again changes nothing", async () => {
    const { memory, home } = await homeWithFiles();
    await memory.importTree(TREE);
    const once = await folderTexts(home);
    const again = await memory.importTree(TREE);
    expect(again.unchanged).toEqual(TREE.map((file) => file.path));
    expect(await folderTexts(home)).toEqual(once);
  });
});

describe("a file the import refuses is named with the reason, and the rest is imported", () => {
  const cases: Array<[string, TreeFile, string, RegExp]> = [
    [
      "an unparseable memory",
      { path: "memories/user_bad.md", text: "---\nname: Bad\ntype: opinion\n---\nx\n" },
      "MALFORMED_FILE",
      /^line 2: frontmatter "type"/,
    ],
    [
      "a memory without frontmatter's end",
      { path: "memories/user_open.md", text: "---\nname: Open\n" },
      "MALFORMED_FILE",
      /^line \d+/,
    ],
    [
      "a file outside the layout",
      { path: "notes/todo.md", text: "x" },
      "INVALID_INPUT",
      /^not part of a memory home's tree: a memory home has no folder notes\//,
    ],
    [
      "derived state",
      { path: ".index/search.sqlite", text: "x" },
      "INVALID_INPUT",
      /^not part of a memory home's tree: derived state/,
    ],
    [
      "a credential",
      { path: "USER.md", text: "# User\n\nKey: sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD\n" },
      "SECRET_DETECTED",
      /^Not stored: the file holds what looks like a credential/,
    ],
    [
      "the same path twice",
      TREE[0] as TreeFile,
      "INVALID_INPUT",
      /^the path is given twice; the first is imported/,
    ],
  ];

  test.each(cases)("%s", async (_name, bad, code, reason) => {
    const { memory, home } = await fileHome();
    await memory.memories.save({ type: "user", name: "Job", content: "Pilot." });
    const report = await memory.importTree([...TREE, bad]);
    expect(report.refused).toEqual([{ path: bad.path, code, reason: expect.stringMatching(reason) }]);
    expect(report.added).toEqual(TREE.map((file) => file.path).filter((path) => path !== "MEMORY.md"));
    const files = await folderTexts(home);
    for (const file of TREE) expect(files[file.path], file.path).toBe(file.text);
    if (!TREE.includes(bad)) expect(Object.keys(files)).not.toContain(bad.path);
  });

  test("a credential is stored redacted when asked, and the report says where", async () => {
    const { memory } = await fileHome();
    const secret = {
      path: "USER.md",
      text: "# User\n\nKey: sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD\n",
    };
    const report = await memory.importTree([secret], { redactSecrets: true });
    expect(report.redactedSecrets).toEqual([{ path: "USER.md", kinds: [expect.any(String)] }]);
    expect((await memory.readTree()).files[0]?.text).toMatch(/^# User\n\nKey: \[REDACTED:[a-z-_]+\]\n$/);
  });
});

function localMinute(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
