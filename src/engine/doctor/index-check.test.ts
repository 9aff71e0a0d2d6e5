import { execFileSync } from "node:child_process";
import { readFile, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempDir, openTestMemory, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

let home = "";
let memory: MemoryHome;

async function open() {
  ({ memory, home } = await openTestMemory({
    config: { search: { embedder: "none", fullScanIntervalMs: 0 } },
  }));
}

afterEach(async () => {
  await memory.close();
  await removeDir(home);
});

/** The packages a fresh process loads while it runs doctor over `homePath` through the built package. */
async function packagesLoadedByDoctor(homePath: string): Promise<string[]> {
  const folder = await makeTempDir("mnemo-doctor-loads-");
  try {
    const log = join(folder, "loaded.txt");
    const hooks = join(folder, "hooks.mjs");
    await writeFile(
      hooks,
      `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (!/^(\\.|\\/|node:|file:)/.test(specifier)) appendFileSync(${JSON.stringify(log)}, specifier + "\\n");
  return next(specifier, context);
}`,
    );
    const register = join(folder, "register.mjs");
    await writeFile(
      register,
      `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    const entry = pathToFileURL(join(REPOSITORY_ROOT, "dist", "index.js")).href;
    execFileSync(process.execPath, [
      "--import",
      pathToFileURL(register).href,
      "--input-type=module",
      "-e",
      `const { openMemory } = await import(${JSON.stringify(entry)});
       const memory = await openMemory({ home: ${JSON.stringify(homePath)}, env: {} });
       const report = await memory.doctor();
       if (report.searchIndex.state !== "missing") throw new Error(report.searchIndex.state);`,
    ]);
    return (await readFile(log, "utf8").catch(() => "")).split("\n").filter((line) => line !== "");
  } finally {
    await removeDir(folder);
  }
}

describe("doctor's search index check", () => {
  test("a home without an index: reported as not built yet, and SQLite is not loaded", async () => {
    await open();
    expect((await memory.doctor()).searchIndex).toEqual({ path: ".index/search.sqlite", state: "missing" });
    expect(await packagesLoadedByDoctor(home)).not.toContain("better-sqlite3");
  });

  test("counts what the index holds, and the files it is behind until the next recall", async () => {
    await open();
    await memory.memories.save({ type: "project", name: "Launch", content: "The launch is on Friday." });
    await memory.recall("launch");
    const indexed = (await memory.doctor()).searchIndex;
    // MEMORY.md and the memory; MEMORY.md's index section is not searched, so one chunk.
    expect(indexed).toEqual({
      path: ".index/search.sqlite",
      state: "ready",
      schemaVersion: 6,
      documents: 2,
      chunks: 1,
      vectors: 0,
      behind: 0,
    });

    await memory.memories.save({ type: "project", name: "Demo", content: "The demo is on Monday." });
    expect((await memory.doctor()).searchIndex.behind).toBe(2); // the new memory and MEMORY.md's index line

    await memory.recall("demo");
    const path = join(home, "memories/project_launch.md");
    const before = await stat(path);
    await writeFile(path, (await readFile(path, "utf8")).replaceAll("Friday", "Sunday"));
    await utimes(path, before.atime, before.mtime);
    expect((await memory.doctor()).searchIndex.behind).toBe(1);
    await memory.recall("Sunday");
    expect((await memory.doctor()).problems).toEqual([]);
    expect((await memory.doctor()).searchIndex.behind).toBe(0);
  });
});
