import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { openMemory } from "../index.js";
import { createMcpHttpHandler } from "../mcp.js";
import { startMnemoServe } from "./test-cli.js";
import { CLI_PATH } from "./test-home.js";

/**
 * The SDK's own MCP client connected to a memory home every way mnemo serves one: the built
 * `mnemo mcp` over stdio, the built `mnemo serve` at /mcp, and `createMcpHttpHandler` mounted on
 * a bare node:http server. Each `close()` stops what it started.
 */
export interface McpConnection {
  client: Client;
  close(): Promise<void>;
}

export type ConnectMcp = (home: string) => Promise<McpConnection>;

function newClient(): Client {
  return new Client({ name: "mnemo-test", version: "1.0.0" });
}

export const connectOverStdio: ConnectMcp = (home) => startMnemoMcp({ args: ["--home", home], env: {} });

/** The built `mnemo mcp` started with `args` in `cwd` (a repository's folder: a stack, docs/scopes.md). */
export async function startMnemoMcp(options: {
  args?: string[];
  cwd?: string;
  env: Record<string, string>;
}): Promise<McpConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_PATH, "mcp", ...(options.args ?? [])],
    cwd: options.cwd,
    env: options.env,
    stderr: "ignore",
  });
  const client = newClient();
  await client.connect(transport);
  return { client, close: () => client.close() };
}

export const connectOverMnemoServe: ConnectMcp = async (home) => {
  const served = await startMnemoServe(home);
  const client = newClient();
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(served.endpoints.mcp)));
  } catch (error) {
    await served.stop();
    throw error;
  }
  return {
    client,
    async close() {
      await client.close();
      const code = await served.stop();
      if (code !== 0) throw new Error(`mnemo serve exited with ${code}: ${served.stderr()}`);
    },
  };
};

export const connectOverHttpHandler: ConnectMcp = async (home) => {
  const memory = await openMemory({ home, env: {}, onWarning: () => undefined });
  const handler = createMcpHttpHandler(memory);
  const server = createServer((req, res) => {
    if (req.url === "/mcp") void handler.handle(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  return {
    client,
    async close() {
      await client.close();
      await handler.close();
      await new Promise((resolve) => server.close(resolve));
      await memory.close();
    },
  };
};
