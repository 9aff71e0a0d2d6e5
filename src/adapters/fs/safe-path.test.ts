import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterEach, beforeEach, describe, expect } from "vitest";
import { memoryPath } from "../../engine/memdir/memory-name.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { MnemoError } from "../../errors.js";
import { openMemory } from "../../open-memory.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { HomePaths, resolveFolderInsideHome, resolveInsideHome, validateDocumentPath } from "./safe-path.js";

/** Each test gets a fresh parent folder holding the home and, beside it, a folder "outside" the home. */
let parent = "";
let home = "";
let outside = "";

beforeEach(async () => {
  parent = await makeTempDir("mnemo-safe-path-");
  home = join(parent, "home");
  outside = join(parent, "outside");
  await mkdir(home);
  await mkdir(outside);
});

afterEach(async () => removeDir(parent));

function openHome(): Promise<MemoryHome> {
  return openMemory({ home, env: {}, onWarning: () => undefined });
}

/** Every file (not folder) below `folder`, as paths relative to it. */
async function filesBelow(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
}

describe("validateDocumentPath", () => {
  test.each(["", "/abs", "../x", "a/../b", "a\\b", "a/./b", "x\0y", ".", "..", "a/", "a//b", "./a"])(
    "refuses %j with OUTSIDE_HOME",
    (path) => {
      let error: unknown;
      try {
        validateDocumentPath(path);
      } catch (caught) {
        error = caught;
      }
      expect(MnemoError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: "OUTSIDE_HOME" });
    },
  );

  test.each([
    ["USER.md", ["USER.md"]],
    ["memories/user_go.md", ["memories", "user_go.md"]],
    [".index/write.lock", [".index", "write.lock"]],
    ["archive/daily/2026-11-22.md", ["archive", "daily", "2026-11-22.md"]],
  ])("accepts %j", (path, segments) => {
    expect(validateDocumentPath(path)).toEqual(segments);
  });

  test.prop([fc.string({ unit: "binary", maxLength: 30 })], { numRuns: 300 })(
    "any path it accepts stays inside the home when joined to it",
    (path) => {
      let accepted = true;
      try {
        validateDocumentPath(path);
      } catch (error) {
        expect(error).toMatchObject({ code: "OUTSIDE_HOME" });
        accepted = false;
      }
      if (!accepted) return;
      const inside = relative("/home/someone/.mnemo", join("/home/someone/.mnemo", path));
      expect(inside).not.toBe("");
      expect(inside.startsWith(`..${sep}`) || inside === "..").toBe(false);
    },
  );
});

describe("resolveInsideHome", () => {
  test("resolves an ordinary path, creating its folders only when asked", async () => {
    await expect(resolveInsideHome(home, "topics/go.md", { createFolders: false })).resolves.toBe(
      join(home, "topics", "go.md"),
    );
    expect(await readdir(home)).toEqual([]);
    await resolveInsideHome(home, "topics/go.md", { createFolders: true });
    expect(await readdir(home)).toEqual(["topics"]);
  });

  test("allows a home that is itself reached through a symbolic link", async () => {
    const linkedHome = join(parent, "linked-home");
    await symlink(home, linkedHome);
    await expect(resolveInsideHome(linkedHome, "memories/user_go.md", { createFolders: true })).resolves.toBe(
      join(linkedHome, "memories", "user_go.md"),
    );
  });

  test("allows a folder linked to another folder inside the home", async () => {
    await mkdir(join(home, "notes"));
    await symlink(join(home, "notes"), join(home, "topics"));
    await expect(resolveInsideHome(home, "topics/go.md", { createFolders: true })).resolves.toBe(
      join(home, "topics", "go.md"),
    );
  });

  test.each([false, true])(
    "refuses a folder linked outside the home (createFolders: %s)",
    async (createFolders) => {
      await symlink(outside, join(home, "memories"));
      const error = await rejection(resolveInsideHome(home, "memories/user_go.md", { createFolders }));
      expect(error).toMatchObject({ code: "OUTSIDE_HOME" });
      expect((error as Error).message).toContain(join(home, "memories", "user_go.md"));
      expect(await filesBelow(outside)).toEqual([]);
    },
  );

  test("refuses a nested path below a folder linked outside, without creating folders outside", async () => {
    await symlink(outside, join(home, "archive"));
    const error = await rejection(
      resolveInsideHome(home, "archive/memories/user_go.md", { createFolders: true }),
    );
    expect(error).toMatchObject({ code: "OUTSIDE_HOME" });
    // Nothing may be created outside the home, not even an empty folder.
    expect(await readdir(outside)).toEqual([]);
  });

  test("refuses to write below a folder that is a broken link to a missing place outside", async () => {
    await symlink(join(outside, "missing"), join(home, "memories"));
    const error = await rejection(resolveInsideHome(home, "memories/user_go.md", { createFolders: true }));
    expect(MnemoError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "OUTSIDE_HOME" });
    expect(await readdir(outside)).toEqual([]);
  });

  test.each([
    ["outside the home", () => join(outside, "secret.md")],
    ["inside the home", () => join(home, "real.md")],
  ])("refuses a file that is itself a symbolic link (pointing %s)", async (_where, target) => {
    await writeFile(target(), "not yours");
    await symlink(target(), join(home, "USER.md"));
    for (const createFolders of [false, true]) {
      await expect(resolveInsideHome(home, "USER.md", { createFolders })).rejects.toMatchObject({
        code: "OUTSIDE_HOME",
      });
    }
    expect(await readFile(target(), "utf8")).toBe("not yours");
  });

  test("refuses traversal before touching the disk", async () => {
    await expect(resolveInsideHome(home, "../outside/x.md", { createFolders: true })).rejects.toMatchObject({
      code: "OUTSIDE_HOME",
    });
    expect(await readdir(outside)).toEqual([]);
  });
});

describe("HomePaths", () => {
  test("inspect says whether a file is there: missing file, missing folder, present file", async () => {
    await mkdir(join(home, "topics"));
    await writeFile(join(home, "topics", "rust.md"), "# Rust\n");
    const paths = new HomePaths(home);
    const noFolder = { createFolders: false };
    const present = await paths.inspect("topics/rust.md", noFolder);
    expect(present).toMatchObject({ absolute: join(home, "topics", "rust.md"), exists: true });
    expect(present.stats?.size).toBe(7n);
    expect(await paths.inspect("topics/go.md", noFolder)).toMatchObject({ exists: false });
    expect(await paths.inspect("people/ada.md", noFolder)).toEqual({
      absolute: join(home, "people", "ada.md"),
      exists: false,
    });
    expect(await readdir(home)).toEqual(["topics"]);
  });

  test("fileOnly refuses a folder where a file is to be written, naming it; a file or nothing passes", async () => {
    await mkdir(join(home, "USER.md"));
    await writeFile(join(home, "SOUL.md"), "soul");
    const paths = new HomePaths(home);
    const error = await rejection(paths.resolve("USER.md", { createFolders: true, fileOnly: true }));
    expect(MnemoError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "IO",
      message: `Cannot use ${join(home, "USER.md")}: it is a folder where mnemo expects a file; move it aside.`,
    });
    expect(await paths.resolve("USER.md", { createFolders: true })).toBe(join(home, "USER.md"));
    for (const path of ["SOUL.md", "new.md"])
      expect(await paths.resolve(path, { createFolders: true, fileOnly: true })).toBe(join(home, path));
  });
});

describe("safe paths: the refusals and the edges a person meets", () => {
  test("a bad path is refused saying what memory-home paths are", () => {
    expect(() => validateDocumentPath("../x")).toThrow(
      'Refusing path "../x": memory-home paths are relative, use "/" and contain no "." or ".." parts.',
    );
  });

  test("a file that is a link, a folder linked nowhere and a listing linked outside each say what to do", async () => {
    await writeFile(join(home, "real.md"), "x");
    await symlink(join(home, "real.md"), join(home, "USER.md"));
    await expect(resolveInsideHome(home, "USER.md", { createFolders: false })).rejects.toThrow(
      `Refusing ${join(home, "USER.md")}: it is a symbolic link. mnemo only reads and writes regular files inside the home; replace the link with the file itself.`,
    );
    await symlink(join(outside, "missing"), join(home, "memories"));
    await expect(resolveInsideHome(home, "memories/a.md", { createFolders: true })).rejects.toThrow(
      `Refusing ${join(home, "memories", "a.md")}: its folder ${join(home, "memories")} is a symbolic link to a place that does not exist. Remove the link, or point it at a folder inside the memory home.`,
    );
    await symlink(outside, join(home, "topics"));
    await expect(resolveFolderInsideHome(home, "topics")).rejects.toThrow(
      `Refusing to list ${join(home, "topics")}: it is a symbolic link to ${outside}, outside the memory home ${home}.`,
    );
  });

  test("listing a folder that does not exist creates nothing", async () => {
    await expect(resolveFolderInsideHome(home, "topics")).resolves.toBe(join(home, "topics"));
    expect(await readdir(home)).toEqual([]);
  });

  test("a folder linked to the home itself is inside the home", async () => {
    await symlink(home, join(home, "self"));
    await expect(resolveInsideHome(home, "self/USER.md", { createFolders: true })).resolves.toBe(
      join(home, "self", "USER.md"),
    );
    await expect(resolveFolderInsideHome(home, "self")).resolves.toBe(join(home, "self"));
  });

  test("below a file: a read finds nothing, a write fails naming the file in the way", async () => {
    await writeFile(join(home, "USER.md"), "# User\n");
    await expect(resolveInsideHome(home, "USER.md/sub/x.md", { createFolders: false })).resolves.toBe(
      join(home, "USER.md", "sub", "x.md"),
    );
    await expect(resolveInsideHome(home, "USER.md/sub/x.md", { createFolders: true })).rejects.toMatchObject({
      code: "IO",
      message: expect.stringContaining("a part of its path is a file where a folder is expected"),
    });
  });

  test("a folder link that loops fails with a MnemoError naming the path, for a read and a listing", async () => {
    await symlink(join(home, "loop"), join(home, "loop"));
    for (const attempt of [
      () => resolveInsideHome(home, "loop/x.md", { createFolders: false }),
      () => resolveFolderInsideHome(home, "loop"),
    ]) {
      const error = await rejection(attempt());
      expect(MnemoError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: "IO",
        message: expect.stringContaining("too many symbolic links"),
      });
    }
  });
});

describe("the memory home refuses hostile paths end to end", () => {
  test("saving a memory when memories/ is linked outside fails with OUTSIDE_HOME and writes nothing there", async () => {
    await symlink(outside, join(home, "memories"));
    const memory = await openHome();
    const error = await rejection(memory.memories.save({ type: "user", name: "Go", content: "Ten years." }));
    expect(error).toMatchObject({ code: "OUTSIDE_HOME" });
    expect(await readdir(outside)).toEqual([]);
    expect(await filesBelow(home)).toEqual(["memories"]); // the link itself, nothing else
  });

  test("listing memories when memories/ is linked outside fails with OUTSIDE_HOME and reveals nothing", async () => {
    await writeFile(join(outside, "user_secret.md"), "---\ntype: user\n---\n\nnot yours\n");
    await symlink(outside, join(home, "memories"));
    const memory = await openHome();
    await expect(memory.memories.list()).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
    const listing = await memory.store.list("memories").then(
      (documents) => documents.map((document) => document.path),
      (error: unknown) => error,
    );
    expect(listing).toMatchObject({ code: "OUTSIDE_HOME" });
  });

  test("saving a memory when memories/ is a broken link outside fails with a MnemoError and writes nothing", async () => {
    await symlink(join(outside, "missing"), join(home, "memories"));
    const memory = await openHome();
    const error = await rejection(memory.memories.save({ type: "user", name: "Go", content: "Ten years." }));
    expect(MnemoError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "OUTSIDE_HOME" });
    expect(await readdir(outside)).toEqual([]);
  });

  test("reading through a profile file linked outside fails with OUTSIDE_HOME and changes nothing", async () => {
    await writeFile(join(outside, "secret.md"), "# Secret\n\n## Keys\nhunter2\n");
    await symlink(join(outside, "secret.md"), join(home, "USER.md"));
    const memory = await openHome();
    await expect(memory.profile.read("user")).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
    await expect(memory.profile.add("user", "Keys", "more")).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
    expect(await readFile(join(outside, "secret.md"), "utf8")).toBe("# Secret\n\n## Keys\nhunter2\n");
  });

  test("archiving through archive/ linked outside fails with OUTSIDE_HOME and creates nothing there", async () => {
    const memory = await openHome();
    await memory.memories.save({ type: "user", name: "Go", content: "Ten years." });
    await symlink(outside, join(home, "archive"));
    // Replacing the memory archives the old version under archive/memories/.
    const error = await rejection(
      memory.memories.save({ type: "user", name: "Go", content: "Eleven years." }),
    );
    expect(error).toMatchObject({ code: "OUTSIDE_HOME" });
    expect(await readdir(outside, { recursive: true })).toEqual([]);
  });

  test("a transaction never puts its lock file in a .index folder linked outside", async () => {
    await symlink(outside, join(home, ".index"));
    const memory = await openHome();
    let seenOutside: string[] = [];
    await memory.store
      .transaction(async () => {
        seenOutside = await readdir(outside);
      })
      .catch((error: unknown) => expect(error).toMatchObject({ code: "OUTSIDE_HOME" }));
    expect(seenOutside).toEqual([]);
    expect(await readdir(outside)).toEqual([]);
  });

  test.each(["../evil", "a/b", "..", "MEMORY.md", "memory", "a\\b", "x\0y", " ", "...", "general\ud800"])(
    "the memory name %j is refused with INVALID_INPUT and nothing is written",
    async (name) => {
      const memory = await openHome();
      const before = await filesBelow(parent);
      const error = await rejection(memory.memories.save({ type: "project", name, content: "payload" }));
      expect(error).toMatchObject({ code: "INVALID_INPUT" });
      expect(await filesBelow(parent)).toEqual(before);
      expect(await readdir(home)).toEqual([".index"]);
    },
  );

  const memoryName = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.string({ unit: "binary", maxLength: 20 }),
    fc.stringMatching(/^[./\\a-zA-Z ]{0,12}$/),
    fc.constantFrom(
      "..",
      "../x",
      "./a",
      "a/../b",
      "MEMORY",
      "Memory.md",
      "soul",
      "user.md",
      "ｍｅｍｏｒｙ",
      "\0",
    ),
  );

  test.prop([memoryName, fc.constantFrom("user", "feedback", "project", "reference" as const)], {
    numRuns: 120,
  })(
    "any name either fails with INVALID_INPUT or writes one memory file inside memories/",
    async (name, type) => {
      const runParent = await makeTempDir("mnemo-name-property-");
      try {
        const runHome = join(runParent, "home");
        const memory = await openMemory({ home: runHome, env: {}, onWarning: () => undefined });
        let saved = true;
        try {
          await memory.memories.save({ type, name, content: "payload" });
        } catch (error) {
          expect(error).toMatchObject({ code: "INVALID_INPUT" });
          saved = false;
        }
        expect(await readdir(runParent)).toEqual(["home"]);
        const files = await filesBelow(runHome);
        if (!saved) {
          expect(files).toEqual([]);
          return;
        }
        const memoryFiles = files.filter((file) => file.startsWith(`memories${sep}`));
        expect(memoryFiles).toEqual([join(...memoryPath(type, name).split("/"))]);
        expect(files).toEqual(["MEMORY.md", ...memoryFiles].sort());
      } finally {
        await removeDir(runParent);
      }
    },
  );
});
