import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterEach, beforeEach, describe, expect } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { TEMP_FILE_PATTERN, writeFileAtomic } from "./atomic-write.js";

let folder = "";

beforeEach(async () => {
  folder = await makeTempDir("mnemo-atomic-");
});

afterEach(async () => removeDir(folder));

async function temporaryFiles(directory: string): Promise<string[]> {
  return (await readdir(directory)).filter((name) => TEMP_FILE_PATTERN.test(name));
}

describe("writeFileAtomic", () => {
  test("creates a file, then replaces its whole content, leaving no temporary file", async () => {
    const path = join(folder, "USER.md");
    await writeFileAtomic(path, "first version, which is the longer of the two\n");
    expect(await readFile(path, "utf8")).toBe("first version, which is the longer of the two\n");
    await writeFileAtomic(path, "second\n");
    expect(await readFile(path, "utf8")).toBe("second\n");
    expect(await readdir(folder)).toEqual(["USER.md"]);
  });

  test("the temporary-file pattern matches the hidden names it uses, and no document name", () => {
    expect(TEMP_FILE_PATTERN.test(".USER.md.0123456789ab.tmp")).toBe(true);
    expect(TEMP_FILE_PATTERN.test("USER.md")).toBe(false);
    expect(TEMP_FILE_PATTERN.test("notes.tmp")).toBe(false);
    expect(TEMP_FILE_PATTERN.test(".index")).toBe(false);
  });

  test("rejects when the target folder is missing with the error of creating the file, and leaves nothing", async () => {
    const path = join(folder, "missing", "USER.md");
    // The clean-up of a temporary file never created must not replace that error with its own.
    await expect(writeFileAtomic(path, "text")).rejects.toMatchObject({ code: "ENOENT", syscall: "open" });
    expect(await readdir(folder)).toEqual([]);
  });

  test("rejects when the target is a folder, removes its temporary file and keeps the folder", async () => {
    const path = join(folder, "memories");
    await mkdir(path);
    await writeFile(join(path, "inside.md"), "kept");
    await expect(writeFileAtomic(path, "text")).rejects.toThrow();
    expect(await temporaryFiles(folder)).toEqual([]);
    expect((await stat(path)).isDirectory()).toBe(true);
    expect(await readFile(join(path, "inside.md"), "utf8")).toBe("kept");
  });

  test("a concurrent reader sees one whole version or the other, never a mix", async () => {
    const path = join(folder, "big.md");
    const versions = ["a".repeat(300_000), "b".repeat(150_000), "c".repeat(450_000)];
    await writeFileAtomic(path, versions[0] as string);
    let writing = true;
    const writer = (async () => {
      try {
        for (let round = 0; round < 30; round++) await writeFileAtomic(path, versions[round % 3] as string);
      } finally {
        writing = false;
      }
    })();
    const seen = new Set<number>();
    while (writing) {
      const text = await readFile(path, "utf8");
      const index = versions.indexOf(text);
      expect(index).not.toBe(-1);
      seen.add(index);
    }
    await writer;
    expect(seen.size).toBeGreaterThan(0);
    expect(await temporaryFiles(folder)).toEqual([]);
  });

  test.prop([fc.string({ unit: "binary", maxLength: 2_000 })], { numRuns: 50 })(
    "any text reads back byte for byte as UTF-8",
    async (text) => {
      const path = join(folder, "any.md");
      await writeFileAtomic(path, text);
      expect(await readFile(path, "utf8")).toBe(Buffer.from(text, "utf8").toString("utf8"));
      expect(await temporaryFiles(folder)).toEqual([]);
    },
  );

  // Linux lists a process's open files in /proc/self/fd; a write that leaves its file or folder open leaks one each time.
  test.skipIf(process.platform !== "linux")("closes every file and folder it opens", async () => {
    const openFiles = async () => (await readdir("/proc/self/fd")).length;
    const path = join(folder, "USER.md");
    await writeFileAtomic(path, "warm up");
    const before = await openFiles();
    for (let round = 0; round < 20; round++) await writeFileAtomic(path, `version ${round}`);
    expect(await openFiles()).toBe(before);
  });
});
