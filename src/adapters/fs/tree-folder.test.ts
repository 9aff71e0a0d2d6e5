import { execFileSync } from "node:child_process";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { folderBytes } from "../../testing/test-folder-files.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { readTreeFolder, writeTreeFolder } from "./tree-folder.js";

/** A tree in a real folder: written and read back byte for byte, and every kind of bad input skipped or refused by name. */
let root: string;
beforeEach(async () => {
  root = await makeTempDir("mnemo-tree-folder-");
});
afterEach(async () => {
  await removeDir(root);
});

const FILES = [
  { path: "MEMORY.md", text: "# Memory\n" },
  { path: "SOUL.md", text: "\uFEFF# Soul\r\n\r\n## Identity\r\nÄda 日本語 🦉\r\n" },
  { path: "archive/daily/2026-01-01.md", text: "# 2026-01-01\n" },
  { path: "memories/user_pet.md", text: "---\nname: Pet\ntype: user\n---\n\nA cat." },
];

async function writeRaw(path: string, bytes: string | Buffer): Promise<void> {
  await mkdir(join(root, "tree", path, ".."), { recursive: true });
  await writeFile(join(root, "tree", path), bytes);
}

describe("writeTreeFolder and readTreeFolder", () => {
  test("write the files as UTF-8 and read them back unchanged, a byte order mark and CRLF included", async () => {
    const folder = join(root, "tree");
    await writeTreeFolder(folder, FILES);
    const bytes = await folderBytes(folder);
    expect([...bytes.keys()]).toEqual(FILES.map((file) => file.path));
    expect(bytes.get("SOUL.md")?.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(await readTreeFolder(folder)).toEqual({ files: FILES, skipped: [], refused: [] });
  });

  test("an empty tree is an empty folder", async () => {
    await writeTreeFolder(join(root, "tree", "empty"), []);
    expect(await readTreeFolder(join(root, "tree", "empty"))).toEqual({
      files: [],
      skipped: [],
      refused: [],
    });
  });

  test("the records of .pending/ and .sessions/ are written and read back like the rest", async () => {
    const records = [
      { path: ".pending/s-1.json", text: "{}\n" },
      { path: ".sessions/s-1.json", text: "{}\n" },
      { path: "conversations/s-1.md", text: "# Conversation s-1\n" },
    ];
    await writeTreeFolder(join(root, "tree"), records);
    expect((await readTreeFolder(join(root, "tree"))).files).toEqual(records);
  });

  test("an export goes into a new folder or one with only hidden entries of its own, never over files", async () => {
    await writeRaw(".sessions/s-1.json", "{}\n");
    await expect(writeTreeFolder(join(root, "tree"), FILES)).rejects.toMatchObject({
      message: expect.stringContaining("is not empty (it holds .sessions)"),
    });
    await removeDir(join(root, "tree"));
    await writeRaw(".git/HEAD", "ref: main\n");
    await writeTreeFolder(join(root, "tree"), FILES);
    await expect(writeTreeFolder(join(root, "tree"), FILES)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining(
        `${join(root, "tree")} is not empty (it holds MEMORY.md, SOUL.md, archive, …)`,
      ),
    });
    expect(await readFile(join(root, "tree", "MEMORY.md"), "utf8")).toBe("# Memory\n");
  });

  test("derived state, other hidden entries and config.json are skipped, each said with the reason", async () => {
    await writeRaw("MEMORY.md", "# Memory\n");
    await writeRaw(".index/search.sqlite", "not text \u0000");
    await writeRaw(".git/HEAD", "ref: main\n");
    await writeRaw(".DS_Store", "x");
    await writeRaw("memories/.user_pet.md.0123456789ab.tmp", "half a file");
    await writeRaw("config.json", "{}");
    const read = await readTreeFolder(join(root, "tree"));
    expect(read.files).toEqual([{ path: "MEMORY.md", text: "# Memory\n" }]);
    expect(read.refused).toEqual([]);
    expect(read.skipped).toEqual([
      { path: ".DS_Store", reason: expect.stringMatching(/^hidden files and folders are not memory/) },
      { path: ".git/", reason: expect.stringMatching(/^hidden files and folders are not memory/) },
      { path: ".index/", reason: expect.stringMatching(/^derived state: the search index/) },
      { path: "config.json", reason: expect.stringContaining("settings") },
      {
        path: "memories/.user_pet.md.0123456789ab.tmp",
        reason: expect.stringMatching(/^hidden files and folders are not memory/),
      },
    ]);
  });
});

describe("readTreeFolder refuses what it cannot import, naming the file and the reason, and reads the rest", () => {
  async function refusedOf(path = "MEMORY.md") {
    await writeRaw(path === "MEMORY.md" ? "SOUL.md" : "MEMORY.md", "# Good\n");
    const read = await readTreeFolder(join(root, "tree"));
    expect(read.files).toHaveLength(1);
    return read.refused;
  }

  test("a symbolic link, even to a good file", async () => {
    await writeRaw("memories/user_pet.md", "---\nname: Pet\ntype: user\n---\n\nA cat.\n");
    await symlink(join(root, "tree/memories/user_pet.md"), join(root, "tree/memories/user_dog.md"));
    const read = await readTreeFolder(join(root, "tree"));
    expect(read.files.map((file) => file.path)).toEqual(["memories/user_pet.md"]);
    expect(read.refused).toEqual([
      {
        path: "memories/user_dog.md",
        code: "INVALID_INPUT",
        reason: "not part of a memory home's tree: it is a symbolic link; put the file itself in the folder",
      },
    ]);
  });

  test("a linked folder", async () => {
    await mkdir(join(root, "elsewhere"));
    await mkdir(join(root, "tree"));
    await symlink(join(root, "elsewhere"), join(root, "tree/topics"));
    expect(await refusedOf()).toEqual([
      { path: "topics", code: "INVALID_INPUT", reason: expect.stringContaining("it is a symbolic link") },
    ]);
  });

  test("bytes that are not UTF-8", async () => {
    await writeRaw("USER.md", Buffer.from([0x23, 0x20, 0x55, 0xff, 0xfe, 0x0a]));
    expect(await refusedOf()).toEqual([
      { path: "USER.md", code: "MALFORMED_FILE", reason: expect.stringMatching(/^not UTF-8 text/) },
    ]);
  });

  test.each([
    ["notes/todo.md", "notes/", "a memory home has no folder notes/"],
    ["README.md", "README.md", "the top level of a memory home holds only SOUL.md, USER.md, MEMORY.md"],
    ["daily/notes.txt", "daily/notes.txt", "only Markdown files (*.md) belong in daily/"],
    ["archive/old/x.md", "archive/old/", "a memory home has no folder archive/old/"],
    [".sessions/notes.txt", ".sessions/notes.txt", "only JSON records (*.json) belong in .sessions/"],
  ])("%s", async (path, refused, reason) => {
    await writeRaw(path, "text\n");
    expect(await refusedOf()).toEqual([
      { path: refused, code: "INVALID_INPUT", reason: expect.stringContaining(reason) },
    ]);
  });

  test("a named pipe", async () => {
    await mkdir(join(root, "tree"));
    execFileSync("mkfifo", [join(root, "tree/SOUL.md")]);
    expect(await refusedOf("SOUL.md")).toEqual([
      { path: "SOUL.md", code: "INVALID_INPUT", reason: expect.stringContaining("it is not a regular file") },
    ]);
  });

  test("a folder that does not exist, or a file given as the folder", async () => {
    await expect(readTreeFolder(join(root, "missing"))).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining(`There is no folder ${join(root, "missing")} to import`),
    });
    await writeFile(join(root, "file"), "x");
    await expect(readTreeFolder(join(root, "file"))).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});
