import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { MnemoError } from "../../errors.js";
import { seededRandom } from "../../testing/seeded-random.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { ioError } from "./io-error.js";
import { resolveInsideHome } from "./safe-path.js";
import type { StagedChanges } from "./staged-writer.js";
import { commitChanges, completeInterruptedCommit, PENDING_WRITES_PATH } from "./write-ahead-log.js";

/**
 * commitChanges and completeInterruptedCommit on real files, with the store's own path resolver.
 * A commit is interrupted where a killed writer would stop: the rename over a chosen file fails
 * (node:fs/promises' rename, wrapped), or the resolver fails for a removal. What is on disk then is
 * what the next writer finds.
 */
const renameFault = vi.hoisted(() => ({ target: undefined as string | undefined, renamed: [] as string[] }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    rename: async (from: string, to: string) => {
      if (to === renameFault.target) throw new Error(`killed while renaming over ${to}`);
      renameFault.renamed.push(to);
      return actual.rename(from, to);
    },
  };
});

let home = "";
beforeEach(async () => {
  home = await makeTempDir("mnemo-wal-commit-");
  renameFault.target = undefined;
  renameFault.renamed = [];
});
afterEach(async () => removeDir(home));

const read = (path: string) => readFile(join(home, path), "utf8").catch(() => undefined);

/** The store's resolver, recording each path asked for; fails when `failOn` says so. */
function files(failOn?: (path: string, call: number) => boolean) {
  const asked: string[] = [];
  return {
    asked,
    resolvePath: async (path: string, options: { createFolders: boolean }) => {
      asked.push(path);
      if (failOn?.(path, asked.length)) throw new Error(`killed while resolving ${path}`);
      return resolveInsideHome(home, path, options);
    },
    fileError: ioError,
  };
}

/** Fails at the n-th path resolved once the commit is decided (its record written): only removals are resolved then. */
function failOnNthApplied(n: number) {
  let decided = false;
  let applied = 0;
  return (asked: string) => {
    if (asked === PENDING_WRITES_PATH) decided = true;
    else if (decided) applied++;
    return applied === n;
  };
}

/** Where some text is: the files among `paths` that hold it. */
async function holders(text: string, paths: string[]): Promise<string[]> {
  const contents = await Promise.all(paths.map((path) => read(path)));
  return paths.filter((_, index) => contents[index]?.includes(text));
}

async function temporaryFiles(): Promise<string[]> {
  const entries = await readdir(home, { recursive: true });
  return entries.filter((entry) => entry.endsWith(".tmp")).sort();
}

const record = () => read(PENDING_WRITES_PATH);

describe("commitChanges", () => {
  test("one file is written without a record; two or more with one, removed at the end", async () => {
    const single = files();
    await commitChanges(home, new Map([["USER.md", "one"]]), single);
    expect(single.asked).not.toContain(PENDING_WRITES_PATH);
    // No .index folder yet: the record's folder is made for it.
    const several = files();
    await commitChanges(
      home,
      new Map([
        ["USER.md", "two"],
        ["SOUL.md", "soul"],
      ]),
      several,
    );
    expect(several.asked).toContain(PENDING_WRITES_PATH);
    expect([await read("USER.md"), await read("SOUL.md"), await record()]).toEqual([
      "two",
      "soul",
      undefined,
    ]);
    expect(await temporaryFiles()).toEqual([]);
  });

  test("moved text is never nowhere: archive/ is renamed first, so a commit stopped after one rename has it", async () => {
    await writeFile(join(home, "USER.md"), "# User\n\n## Work\nCompilers\n");
    // Staged in the order a careless writer might: the file first, its archive second.
    const changes: StagedChanges = new Map([
      ["USER.md", "# User\n"],
      ["archive/USER.md", "## Work\nCompilers\n"],
    ]);
    renameFault.target = join(home, "USER.md");
    await expect(commitChanges(home, changes, files())).rejects.toThrow("killed");
    renameFault.target = undefined;
    expect(await holders("Compilers", ["USER.md", "archive/USER.md"])).toEqual([
      "USER.md",
      "archive/USER.md",
    ]);
    expect(await completeInterruptedCommit(home, files())).toBe(2);
    expect([await read("USER.md"), await read("archive/USER.md"), await record()]).toEqual([
      "# User\n",
      "## Work\nCompilers\n",
      undefined,
    ]);
  });

  test("stopped at the archive's rename, nothing else has moved: the file still holds the text", async () => {
    await writeFile(join(home, "USER.md"), "# User\n\n## Work\nCompilers\n");
    const changes: StagedChanges = new Map([
      ["USER.md", "# User\n"],
      ["archive/USER.md", "## Work\nCompilers\n"],
    ]);
    renameFault.target = join(home, "archive", "USER.md");
    await expect(commitChanges(home, changes, files())).rejects.toThrow("killed");
    renameFault.target = undefined;
    expect(await read("USER.md")).toBe("# User\n\n## Work\nCompilers\n");
    expect(await completeInterruptedCommit(home, files())).toBe(2);
    expect(await holders("Compilers", ["USER.md", "archive/USER.md"])).toEqual(["archive/USER.md"]);
  });

  test("a removal staged first still comes after the writes: stopped at a write, the removed file is kept", async () => {
    // A memory moved to a new name: the old file is staged for removal before the new one is written.
    await writeFile(join(home, "old.md"), "the memory");
    const changes: StagedChanges = new Map([
      ["old.md", null],
      ["new.md", "the memory"],
    ]);
    renameFault.target = join(home, "new.md");
    await expect(commitChanges(home, changes, files())).rejects.toThrow("killed");
    renameFault.target = undefined;
    expect(await holders("the memory", ["old.md", "new.md"])).toEqual(["old.md"]);
    expect(await completeInterruptedCommit(home, files())).toBe(2);
    expect(await holders("the memory", ["old.md", "new.md"])).toEqual(["new.md"]);
  });

  test("a large commit staged in any order is applied archive/ first, then the other writes, the removals last", async () => {
    // 90 changes shuffled: enough that the sort merges runs rather than inserting one by one.
    const changes: StagedChanges = new Map();
    const staged: Array<[string, string | null]> = [];
    for (let n = 0; n < 30; n++) {
      await writeFile(join(home, `old-${n}.md`), "old");
      staged.push([`old-${n}.md`, null], [`note-${n}.md`, "new"], [`archive/note-${n}.md`, "archived"]);
    }
    const random = seededRandom(13);
    for (const [path, content] of staged.sort(() => random() - 0.5)) changes.set(path, content);
    // One log of both: each rename's target (the mock) and each removal's path (resolved just before it).
    const steps = renameFault.renamed;
    const removal = (path: string) => (path.startsWith("old-") ? steps.push(path) : 0) < 0;
    await commitChanges(home, changes, files(removal));
    const kindOf = (step: string) => (step.includes("archive") ? 0 : step.includes("note-") ? 1 : 2);
    const kinds = steps.filter((step) => !step.includes(".index")).map(kindOf);
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    expect(kinds.filter((kind) => kind === 2)).toHaveLength(30);
    expect(await readdir(home)).not.toContain("old-0.md");
  });

  test("a commit of nothing writes nothing, not even the record's folder", async () => {
    await commitChanges(home, new Map(), files());
    expect(await readdir(home)).toEqual([]);
  });

  test("a removal comes last: stopped before it, the removed file and its archived copy both exist", async () => {
    await writeFile(join(home, "notes.md"), "old notes");
    const changes: StagedChanges = new Map([
      ["notes.md", null],
      ["archive/notes.md", "old notes"],
    ]);
    await expect(commitChanges(home, changes, files(failOnNthApplied(1)))).rejects.toThrow("killed");
    expect(await holders("old notes", ["notes.md", "archive/notes.md"])).toEqual([
      "notes.md",
      "archive/notes.md",
    ]);
    expect(await completeInterruptedCommit(home, files())).toBe(2);
    expect([await read("notes.md"), await read("archive/notes.md")]).toEqual([undefined, "old notes"]);
  });

  test("a transaction of 70 files (two parallel batches) writes every one", async () => {
    const changes: StagedChanges = new Map(
      Array.from({ length: 70 }, (_, n) => [`memories/m${n}.md`, `memory ${n}`]),
    );
    await commitChanges(home, changes, files());
    const written = await readdir(join(home, "memories"));
    expect(written).toHaveLength(70);
    expect(await read("memories/m69.md")).toBe("memory 69");
    expect(await temporaryFiles()).toEqual([]);
  });

  test("a folder where a file belongs refuses the commit before it is decided, leaving nothing", async () => {
    await mkdir(join(home, "SOUL.md"));
    const changes: StagedChanges = new Map([
      ["USER.md", "user"],
      ["SOUL.md", "soul"],
    ]);
    const error = await commitChanges(home, changes, files()).catch((reason: unknown) => reason);
    expect(MnemoError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "IO", message: expect.stringContaining("SOUL.md") });
    expect([await read("USER.md"), await record(), await temporaryFiles()]).toEqual([
      undefined,
      undefined,
      [],
    ]);
  });

  test("a single file whose rename fails leaves no temporary file", async () => {
    renameFault.target = join(home, "USER.md");
    await expect(commitChanges(home, new Map([["USER.md", "one"]]), files())).rejects.toThrow("killed");
    expect([await read("USER.md"), await temporaryFiles()]).toEqual([undefined, []]);
  });

  test("a record that cannot be written fails naming it, and leaves no temporary file", async () => {
    await mkdir(join(home, PENDING_WRITES_PATH), { recursive: true });
    const changes: StagedChanges = new Map([
      ["USER.md", "user"],
      ["SOUL.md", "soul"],
    ]);
    await expect(commitChanges(home, changes, files())).rejects.toMatchObject({
      code: "IO",
      message: expect.stringContaining("pending-writes.json"),
    });
    expect([await read("USER.md"), await temporaryFiles()]).toEqual([undefined, []]);
  });
});

describe("completeInterruptedCommit", () => {
  async function plant(pending: unknown): Promise<void> {
    await mkdir(join(home, ".index"), { recursive: true });
    await writeFile(join(home, PENDING_WRITES_PATH), JSON.stringify(pending));
  }

  test("with nothing to finish it returns 0 and creates nothing", async () => {
    expect(await completeInterruptedCommit(home, files())).toBe(0);
    expect(await readdir(home)).toEqual([]);
  });

  test("a replay is idempotent: a rename already done and a removal already done are skipped", async () => {
    await writeFile(join(home, "USER.md"), "new content");
    await plant({
      version: 1,
      changes: [{ path: "USER.md", temporary: ".USER.md.0123456789ab.tmp" }, { path: "gone.md" }],
    });
    expect(await completeInterruptedCommit(home, files())).toBe(2);
    expect([await read("USER.md"), await record()]).toEqual(["new content", undefined]);
  });

  test("replaying a removal in a folder that is gone creates no folder", async () => {
    await plant({ version: 1, changes: [{ path: "topics/gone.md" }, { path: "USER.md" }] });
    expect(await completeInterruptedCommit(home, files())).toBe(2);
    expect(await readdir(home)).toEqual([".index"]);
  });

  test("a folder where the record belongs fails naming it", async () => {
    await mkdir(join(home, PENDING_WRITES_PATH), { recursive: true });
    await expect(completeInterruptedCommit(home, files())).rejects.toMatchObject({
      code: "IO",
      message: expect.stringContaining("pending-writes.json"),
    });
  });

  test.each([
    ["not JSON", "{"],
    ["null", null],
    ["another version", { version: 2, changes: [] }],
    ["no changes", { version: 1 }],
    ["a change without a path", { version: 1, changes: [{ temporary: ".x.md.0123456789ab.tmp" }] }],
    ["a null change", { version: 1, changes: [null] }],
    ["a temporary that is not a string", { version: 1, changes: [{ path: "x.md", temporary: 42 }] }],
    ["one good change and one bad", { version: 1, changes: [{ path: "x.md" }, { path: 7 }] }],
  ])("a record holding %s is refused as MALFORMED_FILE, saying what to do", async (_what, pending) => {
    if (typeof pending === "string") {
      await mkdir(join(home, ".index"), { recursive: true });
      await writeFile(join(home, PENDING_WRITES_PATH), pending);
    } else await plant(pending);
    await expect(completeInterruptedCommit(home, files())).rejects.toMatchObject({
      code: "MALFORMED_FILE",
      message: expect.stringContaining("Move it out of the home's .index folder and run `mnemo doctor`."),
    });
  });
});
