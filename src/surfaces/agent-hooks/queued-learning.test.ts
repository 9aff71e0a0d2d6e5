import { spawnSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { startQueuedLearning } from "./queued-learning.js";

/**
 * The SessionStart hook's hand-off of what waits in .pending/: a stand-in bin records the command
 * line it was started with, so each condition of the hand-off is seen from the process it starts.
 */
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await removeDir(folder);
});

async function home(pending: string[]) {
  const folder = await makeTempDir("mnemo-queued-learning-");
  folders.push(folder);
  if (pending.length > 0) await mkdir(join(folder, ".pending"));
  for (const name of pending) await writeFile(join(folder, ".pending", name), "{}");
  const bin = join(folder, "bin.mjs");
  await writeFile(
    bin,
    `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(join(folder, "argv.json"))}, JSON.stringify(process.argv.slice(2)));\nconsole.log("learner ran");\n`,
  );
  return { folder, bin };
}

async function startedWith(folder: string): Promise<string[] | undefined> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const text = await readFile(join(folder, "argv.json"), "utf8").catch(() => undefined);
    if (text !== undefined) return JSON.parse(text);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

describe("startQueuedLearning", () => {
  test("starts `learn --pending` on the home when a conversation waits and a model can extract it", async () => {
    const { folder, bin } = await home(["s1.json", "s2.json", "notes.txt"]);
    const started = startQueuedLearning({ home: folder, canExtract: true, bin });
    expect(started).toEqual({ learner: expect.any(Number), queued: 2 });
    expect(await startedWith(folder)).toEqual(["learn", "--pending", "--home", folder]);
    // Its output goes to the home's learn log, not to the hook's stdout.
    for (let waited = 0; waited < 5000; waited += 50) {
      if ((await readFile(join(folder, ".logs", "learn.log"), "utf8").catch(() => "")) !== "") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await readFile(join(folder, ".logs", "learn.log"), "utf8")).toBe("learner ran\n");
    // The next start, the log folder already there, appends to the same log.
    expect(startQueuedLearning({ home: folder, canExtract: true, bin })).toMatchObject({ queued: 2 });
    for (let waited = 0; waited < 5000; waited += 50) {
      if ((await readFile(join(folder, ".logs", "learn.log"), "utf8")) === "learner ran\nlearner ran\n")
        break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await readFile(join(folder, ".logs", "learn.log"), "utf8")).toBe("learner ran\nlearner ran\n");
  });

  test("starts nothing when nothing waits, when only other files are there, or when no model could extract", async () => {
    for (const [pending, canExtract] of [
      [[], true],
      [["readme.txt"], true],
      [["s1.json"], false],
    ] as const) {
      const { folder, bin } = await home([...pending]);
      expect(startQueuedLearning({ home: folder, canExtract, bin }), JSON.stringify(pending)).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(spawnSync("ls", [folder], { encoding: "utf8" }).stdout).not.toContain("argv.json");
    }
  });
});
