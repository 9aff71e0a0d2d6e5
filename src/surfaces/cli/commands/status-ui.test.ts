import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../../testing/test-cli.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../../testing/test-home.js";

/** `mnemo status` and `mnemo ui` as a user runs them: the built CLI in a child process, on a real home. */
let root: string;
let home: string;

beforeEach(async () => {
  root = await makeTempDir("mnemo-status-ui-");
  home = join(root, "home");
  expect(runMnemo(["init", "--yes", "--name", "Ada", "--home", home]).status).toBe(0);
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
});
afterEach(async () => removeDir(root));

describe("mnemo status", () => {
  it("shows budgets, counts, the index and the last session, as text and as JSON", async () => {
    runMnemo(["remember", "Indent with tabs.", "--type", "feedback", "--name", "Tabs", "--home", home]);
    runMnemo(["remember", "A cat.", "--type", "user", "--name", "Pet", "--home", home]);
    runMnemo(["forget", "Pet", "--home", home]);
    runMnemo(["journal", "add", "user_pref", "French.", "--home", home]);
    const text = runMnemo(["status", "--home", home]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^ {2}SOUL\.md\s+\d+ of 2000 characters \(\d+%\)$/m);
    expect(text.stdout).toMatch(/^Memories {2}1 \(user 0, feedback 1, project 0, reference 0\)$/m);
    expect(text.stdout).toMatch(/^Journal {3}1 entry \(user_prefs 1\)$/m);
    expect(text.stdout).toMatch(/^Archive {3}1 piece in 1 file$/m);
    expect(text.stdout).toMatch(/^Index {5}not built yet/m);
    expect(text.stdout).toMatch(/^Session {3}none recorded yet$/m);
    runMnemo(["recall", "tabs", "--home", home]);
    const json = runMnemo(["status", "--json", "--home", home]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      home,
      memories: { total: 1 },
      archive: { chunks: 1 },
      index: { state: "ready", behind: 0, stale: false },
      pendingExtractions: 0,
      lastSession: null,
    });
  });
});

/** Starts `mnemo ui --port 0 --json` and waits for the address it prints. */
async function startUi(args: string[], env: NodeJS.ProcessEnv = {}) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_")),
  );
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [CLI_PATH, "ui", "--home", home, "--port", "0", "--json", ...args],
    { env: { ...inherited, ...env } },
  );
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  for (let waited = 0; !stdout.trimEnd().endsWith("}"); waited += 20) {
    if (waited > 20_000 || child.exitCode !== null) throw new Error(`mnemo ui printed no address: ${stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { address: JSON.parse(stdout) as { url: string; home: string }, child, exited };
}

describe("mnemo ui", () => {
  it("serves the browser on loopback, opens it with the platform's opener, and stops on SIGTERM", async () => {
    // A stand-in for xdg-open that notes the address it was asked to open.
    const bin = join(root, "bin");
    await mkdir(bin);
    await writeFile(join(bin, "xdg-open"), `#!/bin/sh\necho "$1" > "${join(root, "opened")}"\n`);
    await chmod(join(bin, "xdg-open"), 0o755);
    const ui = await startUi([], { PATH: `${bin}:${process.env.PATH}` });
    expect(ui.address).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/ui\/$/), home });
    const page = await fetch(ui.address.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>mnemo memory browser</title>");
    expect((await fetch(new URL("../v1/status", ui.address.url))).status).toBe(200);
    for (let waited = 0; waited < 5000; waited += 50) {
      if ((await readFile(join(root, "opened"), "utf8").catch(() => "")) !== "") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await readFile(join(root, "opened"), "utf8")).trim()).toBe(ui.address.url);
    ui.child.kill("SIGTERM");
    expect(await ui.exited).toBe(0);
  });

  it("--no-open starts no browser", async () => {
    const bin = join(root, "bin");
    await mkdir(bin);
    await writeFile(join(bin, "xdg-open"), `#!/bin/sh\necho "$1" > "${join(root, "opened")}"\n`);
    await chmod(join(bin, "xdg-open"), 0o755);
    const ui = await startUi(["--no-open"], { PATH: `${bin}:${process.env.PATH}` });
    expect((await fetch(ui.address.url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    ui.child.kill("SIGTERM");
    expect(await ui.exited).toBe(0);
    await expect(readFile(join(root, "opened"), "utf8")).rejects.toThrow();
  });
});
