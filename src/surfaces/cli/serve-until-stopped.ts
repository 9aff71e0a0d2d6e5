import { errorMessage } from "../../errors.js";
import type { MemoryHome } from "../../index.js";
import { printNote } from "./output.js";

/**
 * Serves one home (the API, the web memory browser, MCP at /mcp) until Ctrl+C or SIGTERM, then
 * finishes the requests in progress: what `mnemo serve` and `mnemo ui` run. `onListening` gets the
 * server's URL once it listens.
 */
export async function serveUntilStopped(
  memory: MemoryHome,
  listen: { host: string; port: number; token?: string; maxBodyBytes: number },
  onListening: (url: string) => void,
): Promise<void> {
  // The HTTP stack and the MCP SDK are loaded only by the commands that serve.
  const { startHttpServer } = await import("../../http.js");
  const { createMcpHttpHandler } = await import("../../mcp.js");
  const mcp = createMcpHttpHandler(memory, {
    onError: (error) => printNote(`MCP: ${errorMessage(error)}`),
  });
  const { host, port, token, maxBodyBytes } = listen;
  const server = await startHttpServer({ memory, mcp, host, port, token, maxBodyBytes }).catch(
    async (error: unknown) => {
      await mcp.close();
      throw error;
    },
  );
  onListening(server.url);
  await stopSignal();
  printNote("stopping: finishing the requests in progress");
  await mcp.close();
  await server.close();
}

/** Resolves at the first SIGINT or SIGTERM; a second one then ends the process the default way. */
export function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop).off("SIGTERM", stop);
      resolve();
    };
    process.once("SIGINT", stop).once("SIGTERM", stop);
  });
}
