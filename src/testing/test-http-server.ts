/**
 * The real HTTP server on loopback, on a free port, for a fresh temporary home: what the HTTP
 * tests serve. Search runs without an embedder unless the config says otherwise. What these open
 * is closed and removed when the test that opened it finishes, pass or fail, after the file's own
 * afterEach hooks; call them from a test or a beforeEach.
 */
import { onTestFinished } from "vitest";
import type { MnemoConfigInput } from "../engine/config/schema.js";
import type { MemoryHome } from "../engine/memory-home.js";
import type { MemoryHomes } from "../engine/tenancy/memory-homes.js";
import { type HttpServerOptions, type RunningHttpServer, startHttpServer } from "../http.js";
import { openTestMemory, removeDir } from "./test-home.js";

export interface ServedTestHome {
  memory: MemoryHome;
  home: string;
  server: RunningHttpServer;
  url: string;
}

export interface ServeTestHomeOptions {
  /** Server options beside the home and the port: a token, a body limit, an error listener. */
  server?: Partial<HttpServerOptions>;
  config?: MnemoConfigInput;
}

export async function serveTestHome(options: ServeTestHomeOptions = {}): Promise<ServedTestHome> {
  const { memory, home } = await openTestMemoryForOneTest(options.config);
  const server = await startHttpServer({ memory, port: 0, ...options.server });
  // The finish hooks run as a stack: the server closes before its home.
  onTestFinished(() => server.close());
  return { memory, home, server, url: server.url };
}

/** A fresh temporary home without an embedder, closed and removed when the current test finishes. */
export async function openTestMemoryForOneTest(
  config: MnemoConfigInput = {},
): Promise<{ memory: MemoryHome; home: string }> {
  const { memory, home } = await openTestMemory({ config: { search: { embedder: "none" }, ...config } });
  onTestFinished(async () => {
    await memory.close();
    await removeDir(home);
  });
  return { memory, home };
}

/** A server of many homes on loopback, on a free port, with MCP at /mcp for each home; quiet on errors. */
export async function serveHomesWithMcp(homes: MemoryHomes, maxOpenHomes = 2): Promise<RunningHttpServer> {
  const { createMcpHttpHandler } = await import("../mcp.js");
  return startHttpServer({
    homes,
    port: 0,
    maxOpenHomes,
    onError: () => undefined,
    mcpForHome: (memory) => createMcpHttpHandler(memory, { onError: () => undefined }),
  });
}
