import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openMemory } from "../../open-memory.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { FsDocumentStore } from "./fs-document-store.js";
import { PENDING_WRITES_PATH } from "./write-ahead-log.js";

let home = "";
beforeEach(async () => {
  home = await makeTempDir("mnemo-wal-");
});
afterEach(async () => removeDir(home));

function store(warnings: string[] = []): FsDocumentStore {
  return new FsDocumentStore({ home, lockTimeoutMs: 1_000, warn: (message) => warnings.push(message) });
}

/** What a writer killed after deciding its commit leaves: temporary files and the record naming them. */
async function plantInterruptedCommit(): Promise<void> {
  await mkdir(join(home, "archive"), { recursive: true });
  await mkdir(join(home, ".index"), { recursive: true });
  await writeFile(join(home, "USER.md"), "# User\n\n## Name\nGrace\n\n## Work\nCompilers\n");
  await writeFile(join(home, ".USER.md.0123456789ab.tmp"), "# User\n\n## Name\nGrace\n");
  await writeFile(join(home, "archive", ".USER.md.ba9876543210.tmp"), "## Work\nCompilers\n");
  const record = {
    version: 1,
    changes: [
      { path: "archive/USER.md", temporary: "archive/.USER.md.ba9876543210.tmp" },
      { path: "USER.md", temporary: ".USER.md.0123456789ab.tmp" },
    ],
  };
  await writeFile(join(home, PENDING_WRITES_PATH), JSON.stringify(record));
}

describe("the write-ahead record of a transaction", () => {
  test("a transaction that fails half way changes nothing", async () => {
    const documents = store();
    await documents.open();
    await documents.transaction((writer) => writer.write("USER.md", "# User\n\nfirst\n"));
    const failing = documents.transaction(async (writer) => {
      await writer.write("archive/USER.md", "moved text");
      await writer.write("USER.md", "# User\n\nsecond\n");
      expect(await writer.read("USER.md")).toBe("# User\n\nsecond\n");
      throw new Error("refused half way");
    });
    await expect(failing).rejects.toThrow("refused half way");
    expect(await readFile(join(home, "USER.md"), "utf8")).toBe("# User\n\nfirst\n");
    expect(await readdir(home)).toEqual([".index", "USER.md"]);
  });

  test("a commit a killed writer had decided is finished when the home is opened, once", async () => {
    await plantInterruptedCommit();
    const warnings: string[] = [];
    const memory = await openMemory({ home, env: {}, onWarning: (message) => warnings.push(message) });
    expect(await readFile(join(home, "USER.md"), "utf8")).toBe("# User\n\n## Name\nGrace\n");
    expect(await readFile(join(home, "archive", "USER.md"), "utf8")).toBe("## Work\nCompilers\n");
    expect(warnings).toEqual([expect.stringContaining("finished a write of 2 files")]);
    expect((await readdir(join(home, ".index"))).filter((name) => name.includes("pending"))).toEqual([]);
    expect((await readdir(home)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    await memory.profile.add("user", "Name", "Hopper");
    expect(await readFile(join(home, "archive", "USER.md"), "utf8")).toBe("## Work\nCompilers\n");
    expect(warnings).toHaveLength(1);
  });

  test("a record that names a file outside its target's folder is refused, and nothing is renamed", async () => {
    await plantInterruptedCommit();
    const record = {
      version: 1,
      changes: [{ path: "USER.md", temporary: "archive/.USER.md.ba9876543210.tmp" }],
    };
    await writeFile(join(home, PENDING_WRITES_PATH), JSON.stringify(record));
    await expect(store().transaction(async () => undefined)).rejects.toMatchObject({
      code: "MALFORMED_FILE",
      message: expect.stringContaining("pending-writes.json"),
    });
    expect(await readFile(join(home, "USER.md"), "utf8")).toContain("## Work");
  });
});
