import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../src/testing/test-home.js";

const run = promisify(execFile);
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

interface PackedFile {
  path: string;
}

/**
 * mnemo installed as users install it: `npm pack`, then the tarball installed into a clean project
 * and globally into a temporary prefix, and the `mnemo` it puts on the PATH run. dist/ is fresh
 * (the global setup rebuilt it), so the pack skips `prepack`, which would rebuild it under the
 * other test files. better-sqlite3's install script gets its binary from a local prebuild made of
 * the one this repository built (prebuild-install's `local_prebuilds`), as most users get a
 * downloaded prebuild: compiling it from source takes minutes here. The installs are plain ones,
 * so the optional peers (pg, PGlite) are not there: init, remember, recall and mcp run without them.
 */
const OPTIONAL_PEERS = ["pg", "@electric-sql/pglite", "@electric-sql/pglite-pgvector"];
/** Nothing listens on port 1: with pg installed, a connection is refused at once. */
const UNREACHABLE_STORE = "postgres://mnemo@127.0.0.1:1/memory";
describe("the packed package, installed", () => {
  let root: string;
  let tarball: string;
  let packed: PackedFile[];
  let env: NodeJS.ProcessEnv;
  const globalPrefix = () => join(root, "global");
  const globalBin = () => join(globalPrefix(), "bin", "mnemo");
  const globalModules = () => join(globalPrefix(), "lib", "node_modules");

  beforeAll(async () => {
    root = await makeTempDir("mnemo-package-");
    env = { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false" };
    const { stdout } = await run(NPM, ["pack", "--ignore-scripts", "--json", "--pack-destination", root], {
      cwd: REPOSITORY_ROOT,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const [report] = JSON.parse(stdout) as { filename: string; files: PackedFile[] }[];
    tarball = join(root, report?.filename ?? "");
    packed = report?.files ?? [];
    env.npm_config_better_sqlite3_local_prebuilds = await localPrebuilds(root);
    await mkdir(join(root, "app"));
    await writeFile(join(root, "app/package.json"), '{ "name": "mnemo-install-test", "private": true }\n');
    const install = ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball];
    await Promise.all([
      run(NPM, install, { cwd: join(root, "app"), env }),
      run(NPM, [...install.slice(0, 1), "--global", "--prefix", globalPrefix(), ...install.slice(1)], {
        cwd: root,
        env,
      }),
    ]);
  }, 300_000);
  afterAll(async () => {
    await removeDir(root);
  });

  it("contains the built package and its docs, and nothing from tests, benches or sources", async () => {
    const paths = packed.map((file) => file.path);
    const manifest = JSON.parse(await readFile(join(REPOSITORY_ROOT, "package.json"), "utf8")) as {
      bin: Record<string, string>;
      exports: Record<string, string | { types: string; import: string }>;
    };
    const targets = Object.values(manifest.exports).flatMap((target) =>
      typeof target === "string" ? [target] : [target.types, target.import],
    );
    const browser = ["web/index.html", "web/app.js", "web/style.css"]; // the web memory browser, served as is
    for (const needed of [
      ...targets,
      ...Object.values(manifest.bin),
      "README.md",
      "docs/format.md",
      ...browser,
    ])
      expect(paths).toContain(needed.replace(/^\.\//, ""));
    const unwanted = paths.filter(
      (path) =>
        /^(src|test|bench|scripts|examples|node_modules)\//.test(path) ||
        /\.test\.|test-worker|\/testing\/test-|\.test-results|dist-check/.test(path),
    );
    expect(unwanted).toEqual([]);
    // Every built file comes from a source file the build compiles: nothing stale from an older layout.
    for (const path of paths.filter((each) => each.startsWith("dist/") && !each.startsWith(BUNDLE))) {
      const source = path.replace(/^dist\//, "src/").replace(/(\.d)?\.js(\.map)?$|\.d\.ts(\.map)?$/, ".ts");
      expect(existsSync(join(REPOSITORY_ROOT, source)), `${path} has no source ${source}`).toBe(true);
    }
    // The bin's bundle (scripts/bundle-cli.mjs) holds its two entries and the chunks they import, no
    // other, and the package.json that tells Node they are ES modules without a walk up the folders.
    const bundled = paths.filter((each) => each.startsWith(BUNDLE));
    expect(bundled.length).toBeGreaterThan(2);
    expect([...chunksReachedFrom(["main.js", "daemon-main.js"]), "package.json"].sort()).toEqual(
      bundled.map((each) => each.slice(BUNDLE.length)).sort(),
    );
  });

  it("ships no source map that points to a file it does not ship", async () => {
    const paths = new Set(packed.map((file) => file.path));
    const broken: string[] = [];
    for (const path of paths) {
      const text = path.endsWith(".js") ? await readFile(join(REPOSITORY_ROOT, path), "utf8") : "";
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
      if (url !== undefined && !url.startsWith("data:") && !paths.has(posix.join(posix.dirname(path), url)))
        broken.push(`${path} -> ${url}`);
      if (!path.endsWith(".map")) continue;
      const map = JSON.parse(await readFile(join(REPOSITORY_ROOT, path), "utf8")) as { sources?: string[] };
      for (const source of map.sources ?? []) {
        const target = posix.normalize(posix.join(posix.dirname(path), source));
        if (!paths.has(target)) broken.push(`${path} -> ${source}`);
      }
    }
    expect(broken.slice(0, 5), `${broken.length} source map references to files not in the package`).toEqual(
      [],
    );
  });

  it("installs none of the optional peers, in the project or globally", () => {
    for (const modules of [join(root, "app/node_modules"), globalModules()]) {
      expect(existsSync(join(modules, "mnemo/package.json"))).toBe(true);
      expect(OPTIONAL_PEERS.filter((name) => existsSync(join(modules, name)))).toEqual([]);
    }
  });

  it("runs mnemo --help from the project's node_modules/.bin and the global prefix's bin", async () => {
    for (const bin of [join(root, "app/node_modules/.bin/mnemo"), globalBin()]) {
      const { stdout } = await run(bin, ["--help"], { env });
      expect(stdout).toMatch(/^Usage: mnemo /);
      expect(stdout).toContain("recall");
    }
  });

  it("runs mnemo init --yes, remember and recall (the local embedding model included) from the global install", async () => {
    const home = join(root, "home");
    await run(globalBin(), ["init", "--yes", "--name", "Ada", "--home", home], { env });
    expect(await readFile(join(home, "SOUL.md"), "utf8")).toContain("Ada");
    await run(
      globalBin(),
      ["remember", "The user's cat is called Miso.", "--type", "user", "--name", "Cat", "--home", home],
      { env },
    );
    const { stdout } = await run(
      globalBin(),
      ["recall", "what is the cat called", "--json", "--home", home],
      { env },
    );
    const result = JSON.parse(stdout) as { mode: string; hits: { path: string }[] };
    expect(result.hits[0]?.path).toBe("memories/user_cat.md");
    expect(result.mode).toBe("hybrid"); // the vectors of the model that ships in the package were used
  });

  it("serves MCP from the global install: an MCP client handshake, tools and resources", async () => {
    const client = new Client({ name: "install-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: globalBin(),
        args: ["mcp", "--home", join(root, "home")],
        env: { PATH: process.env.PATH ?? "", MNEMO_EMBEDDER: "none" },
        stderr: "ignore",
      }),
    );
    try {
      expect(client.getServerVersion()?.name).toBe("mnemo");
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("memory_save");
      const soul = await client.readResource({ uri: "mnemo://profile/soul" });
      expect(JSON.stringify(soul.contents)).toContain("Ada");
    } finally {
      await client.close();
    }
  });

  it("is imported by a program: the root entry, mnemo/mcp and mnemo/postgres, without the optional peers installed", async () => {
    const script = `const m = await import("mnemo"); const mcp = await import("mnemo/mcp");
const pg = await import("mnemo/postgres");
console.log(typeof m.openMemory, typeof mcp.createMcpServer, typeof pg.PgliteClient);
const failure = await m.openMemory({ store: ${JSON.stringify(UNREACHABLE_STORE)}, homeId: "acme" }).then(
  () => "opened", (error) => ({ code: error.code, message: error.message }));
console.log(JSON.stringify(failure));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      cwd: join(root, "app"),
      env,
    });
    const [types, failure] = stdout.trim().split("\n");
    expect(types).toBe("function function function");
    expect(JSON.parse(failure ?? "")).toEqual({
      code: "INVALID_CONFIG",
      message: expect.stringContaining(
        "needs the npm package pg, which is not installed: run npm install pg",
      ),
    });
  });

  it("says which package a PostgreSQL store needs, in one line, and reaches the server once it is installed", async () => {
    const recall = ["recall", "deploy day", "--store", UNREACHABLE_STORE, "--home-id", "acme/user-42"];
    const missing = await run(globalBin(), recall, { env }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(missing?.code).toBe(4); // a configuration to correct
    expect(missing?.stderr.trim()).toBe(
      "mnemo: PostgreSQL storage needs the npm package pg, which is not installed: run npm install pg " +
        "(npm install --global pg for a global mnemo).",
    );
    // The command the message gives, for a global mnemo: pg now loads, and the server is what fails.
    await run(
      NPM,
      ["install", "--global", "--prefix", globalPrefix(), "--prefer-offline", "--no-audit", "pg"],
      {
        cwd: root,
        env,
      },
    );
    const unreachable = await run(globalBin(), recall, { env }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(unreachable?.code).toBe(5);
    expect(unreachable?.stderr).toContain("PostgreSQL at postgres://mnemo@127.0.0.1:1/memory failed");
  });
});

/** A prebuild-install tarball of this repository's better-sqlite3 binary, in a folder of its own. */
async function localPrebuilds(root: string): Promise<string> {
  const module = join(REPOSITORY_ROOT, "node_modules/better-sqlite3");
  const { version } = JSON.parse(await readFile(join(module, "package.json"), "utf8")) as { version: string };
  const folder = join(root, "prebuilds");
  await mkdir(folder);
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  await run("tar", ["-czf", join(folder, name), "-C", module, "build/Release/better_sqlite3.node"]);
  return folder;
}

const BUNDLE = "dist/bundle/cli/";

/** The bundle's files an entry imports, statically or on demand, followed from file to file. */
function chunksReachedFrom(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const next = [...entries];
  while (next.length > 0) {
    const file = next.pop() as string;
    if (reached.has(file)) continue;
    reached.add(file);
    const text = readFileSync(join(REPOSITORY_ROOT, BUNDLE, file), "utf8");
    for (const [, imported] of text.matchAll(/(?:from|import\s*\(?)\s*"\.\/([^"]+\.js)"/g))
      next.push(imported as string);
  }
  return reached;
}
