import { execFileSync } from "node:child_process";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { folderBytes } from "../../testing/test-folder-files.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { readTreeFolder, writeTreeFolder } from "./tree-folder.js";

/** A tree in a real folder: written and read back byte for byte, and every kind of bad input refused by name. */
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
    expect(await readTreeFolder(folder)).toEqual({ files: FILES, skipped: [] });
  });

  test("an empty tree is an empty folder", async () => {
    await writeTreeFolder(join(root, "tree", "empty"), []);
    expect(await readTreeFolder(join(root, "tree", "empty"))).toEqual({ files: [], skipped: [] });
  });

  test("an export goes into a new folder or one with only hidden entries, never over files", async () => {
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

  test("hidden files and folders are not read; config.json is skipped and said so", async () => {
    await writeRaw("MEMORY.md", "# Memory\n");
    await writeRaw(".index/search.sqlite", "not text \u0000");
    await writeRaw("memories/.user_pet.md.0123456789ab.tmp", "half a file");
    await writeRaw("config.json", "{}");
    const read = await readTreeFolder(join(root, "tree"));
    expect(read.files).toEqual([{ path: "MEMORY.md", text: "# Memory\n" }]);
    expect(read.skipped).toEqual([{ path: "config.json", reason: expect.stringContaining("settings") }]);
  });
});

describe("readTreeFolder refuses a folder it cannot import whole, naming the file", () => {
  test("a symbolic link, even to a good file", async () => {
    await writeRaw("memories/user_pet.md", "---\nname: Pet\ntype: user\n---\n\nA cat.\n");
    await symlink(join(root, "tree/memories/user_pet.md"), join(root, "tree/memories/user_dog.md"));
    await expect(readTreeFolder(join(root, "tree"))).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: `${join(root, "tree/memories/user_dog.md")} is not part of a memory home's Markdown tree: it is a symbolic link; put the file itself in the folder. Move it out of the folder to import, then try again; nothing was imported.`,
    });
  });

  test("a linked folder", async () => {
    await mkdir(join(root, "elsewhere"));
    await mkdir(join(root, "tree"));
    await symlink(join(root, "elsewhere"), join(root, "tree/topics"));
    await expect(readTreeFolder(join(root, "tree"))).rejects.toMatchObject({
      message: expect.stringContaining(
        `${join(root, "tree/topics")} is not part of a memory home's Markdown tree: it is a symbolic link`,
      ),
    });
  });

  test("bytes that are not UTF-8", async () => {
    await writeRaw("USER.md", Buffer.from([0x23, 0x20, 0x55, 0xff, 0xfe, 0x0a]));
    await expect(readTreeFolder(join(root, "tree"))).rejects.toMatchObject({
      code: "MALFORMED_FILE",
      message: expect.stringMatching(new RegExp(`^${join(root, "tree/USER.md")} is not UTF-8 text`)),
    });
  });

  test.each([
    ["notes/todo.md", "a memory home has no folder notes/"],
    ["README.md", "the top level of a memory home holds only SOUL.md, USER.md, MEMORY.md"],
    ["daily/notes.txt", "only Markdown files (*.md) belong in daily/"],
    ["archive/old/x.md", "a memory home has no folder archive/old/"],
  ])("%s", async (path, reason) => {
    await writeRaw(path, "text\n");
    await expect(readTreeFolder(join(root, "tree"))).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining(`${join(root, "tree", path.split("/")[0] ?? "")}`),
    });
    await expect(readTreeFolder(join(root, "tree"))).rejects.toMatchObject({
      message: expect.stringContaining(reason),
    });
  });

  test("a named pipe", async () => {
    await mkdir(join(root, "tree"));
    execFileSync("mkfifo", [join(root, "tree/MEMORY.md")]);
    await expect(readTreeFolder(join(root, "tree"))).rejects.toMatchObject({
      message: expect.stringContaining("it is not a regular file"),
    });
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
