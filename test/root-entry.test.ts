import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { REPOSITORY_ROOT } from "../src/testing/test-home.js";
import {
  modulesLoadedBy as modulesLoadedByCommand,
  modulesLoadedByEntry,
} from "../src/testing/test-loaded-modules.js";

/**
 * Importing the package root must load no native or heavy dependency (better-sqlite3, pg, model
 * runtimes, the MCP SDK) and none of the surfaces (the HTTP API, the MCP server): a child process
 * imports the built entry with a resolve hook that records every module it loads.
 */
// lru-cache keeps recall's query vectors; pure JavaScript, no dependencies of its own. yaml is not
// among them: it is required only when a frontmatter is not the plain `key: value` mnemo writes
// (engine/markdown/plain-frontmatter.ts), so importing an entry no longer loads it.
const ALLOWED_PACKAGES = ["lru-cache", "zod"];
const DIST = join(REPOSITORY_ROOT, "dist");

/** What importing `entry` loads; with `commandLine`, what running it as a program with those arguments loads. */
function modulesLoadedBy(entry: string, commandLine?: { args: string[]; env: NodeJS.ProcessEnv }) {
  if (!commandLine) return modulesLoadedByEntry(entry);
  const loaded = modulesLoadedByCommand([entry, ...commandLine.args], { env: commandLine.env });
  if (loaded.status !== 0) throw new Error(`${commandLine.args.join(" ")} exited ${loaded.status}`);
  return loaded;
}

/** The HTTP API's router, node adapter and OpenAPI generator, with what they load. */
const HTTP_PACKAGES = [
  "@asteasolutions/zod-to-openapi",
  "@hono/node-server",
  "@hono/zod-openapi",
  "@hono/zod-validator",
  "hono",
];
const SURFACES = /^(surfaces\/|http\.js$|mcp\.js$)/;
const NATIVE_OR_MODEL = [
  "better-sqlite3",
  "sqlite-vec",
  "pg",
  "@energetic-ai/core",
  "@energetic-ai/embeddings",
];

/** Optional peers, and the MCP SDK that only `mnemo mcp`, `mnemo serve` and `mnemo/mcp` need. */
const OPTIONAL_OR_MCP = [
  "pg",
  "@electric-sql/pglite",
  "@electric-sql/pglite-pgvector",
  "@modelcontextprotocol/sdk",
];

describe("package entries", () => {
  test("mnemo loads only small pure-JavaScript dependencies, and neither the HTTP API nor MCP", () => {
    const loaded = modulesLoadedBy(join(DIST, "index.js"));
    expect(loaded.packages).toEqual(ALLOWED_PACKAGES);
    expect(loaded.files).toContain("index.js"); // the hook did see the package's own files
    expect(loaded.files.filter((path) => SURFACES.test(path))).toEqual([]);
    expect(loaded.files.filter((path) => path.startsWith("adapters/sqlite/"))).toEqual([]);
  });

  test.each([
    "tools",
    "agent",
    "contracts",
    "config",
    "home",
    "markdown",
    "guard",
    "working-memory",
    "long-term",
    "eval",
  ])("mnemo/%s loads only those small dependencies too, and no surface", (subpath) => {
    const loaded = modulesLoadedBy(join(DIST, `${subpath}.js`));
    expect(loaded.packages.filter((name) => !ALLOWED_PACKAGES.includes(name))).toEqual([]);
    expect(loaded.files).toContain(`${subpath}.js`);
    expect(loaded.files.filter((path) => SURFACES.test(path) || path.startsWith("adapters/sqlite/"))).toEqual(
      [],
    );
  });

  test("mnemo/http loads hono and its OpenAPI generator besides those, and not the MCP server", () => {
    const loaded = modulesLoadedBy(join(DIST, "http.js"));
    expect(loaded.packages).toEqual([...ALLOWED_PACKAGES, ...HTTP_PACKAGES].sort());
    expect(loaded.files).toContain("surfaces/http/start-http-server.js");
    expect(
      loaded.files.filter((path) => /^(surfaces\/mcp|surfaces\/cli|adapters\/sqlite)\//.test(path)),
    ).toEqual([]);
  });

  test("mnemo/mcp loads the MCP SDK, but no native module or embedding model", () => {
    const loaded = modulesLoadedBy(join(DIST, "mcp.js"));
    expect(loaded.packages).toContain("@modelcontextprotocol/sdk");
    expect(loaded.packages.filter((name) => NATIVE_OR_MODEL.includes(name))).toEqual([]);
    expect(
      loaded.files.filter((path) => /^(surfaces\/http|surfaces\/cli|adapters\/sqlite)\//.test(path)),
    ).toEqual([]);
  });

  test("mnemo/postgres loads no driver: pg and PGlite are optional peers, imported on first use", () => {
    const loaded = modulesLoadedBy(join(DIST, "postgres.js"));
    expect(loaded.files).toContain("adapters/postgres/pg-pool-client.js");
    expect(loaded.packages.filter((name) => !ALLOWED_PACKAGES.includes(name))).toEqual([]);
  });

  test("the mnemo CLI's init, remember and recall load neither the MCP SDK nor a PostgreSQL driver", () => {
    const home = mkdtempSync(join(tmpdir(), "mnemo-cli-loads-"));
    const env = { ...process.env, MNEMO_EMBEDDER: "none" };
    const cli = join(DIST, "surfaces/cli/main.js");
    try {
      for (const args of [
        ["init", "--yes", "--name", "Ada"],
        ["remember", "The user's cat is called Miso.", "--type", "user", "--name", "Cat"],
        ["recall", "cat"],
      ]) {
        const loaded = modulesLoadedBy(cli, { args: [...args, "--home", home], env });
        expect(loaded.files, args[0]).toContain(`surfaces/cli/commands/${args[0]}.js`);
        expect(
          loaded.packages.filter((name) => OPTIONAL_OR_MCP.includes(name)),
          args[0],
        ).toEqual([]);
        expect(
          loaded.files.filter((path) => /^(mcp\.js|surfaces\/mcp\/)/.test(path)),
          args[0],
        ).toEqual([]);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  test("mnemo/ai-sdk loads the AI SDK, but no native module, no embedding model and no other surface", () => {
    const loaded = modulesLoadedBy(join(DIST, "ai-sdk.js"));
    expect(loaded.packages).toContain("ai");
    expect(loaded.packages.filter((name) => NATIVE_OR_MODEL.includes(name))).toEqual([]);
    expect(loaded.packages).not.toContain("@modelcontextprotocol/sdk");
    expect(
      loaded.files.filter((path) => /^(surfaces\/(http|mcp|cli)|adapters\/sqlite)\//.test(path)),
    ).toEqual([]);
  });

  test("mnemo/claude-memory loads only the small dependencies, and no other surface", () => {
    const loaded = modulesLoadedBy(join(DIST, "claude-memory.js"));
    expect(loaded.packages.filter((name) => !ALLOWED_PACKAGES.includes(name))).toEqual([]);
    expect(loaded.files).toContain("surfaces/claude-memory/handle-claude-memory-command.js");
    expect(
      loaded.files.filter((path) => /^(surfaces\/(http|mcp|cli|ai-sdk)|adapters\/sqlite)\//.test(path)),
    ).toEqual([]);
  });
});
