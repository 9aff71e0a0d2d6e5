import { Option } from "commander";
import { errorMessage } from "../../../errors.js";
import { type MemoryHome, MnemoError } from "../../../index.js";
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT, DEFAULT_MAX_BODY_BYTES } from "../../http/http-defaults.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { printNote } from "../output.js";

interface ServeOptions extends CommonOptions {
  host: string;
  port: string;
  token?: string;
  maxBodyBytes: string;
}

/** What serve prints once it listens. */
interface ServeEndpoints {
  url: string;
  /** The web memory browser. */
  ui: string;
  api: string;
  openapi: string;
  mcp: string;
  home: string;
  token: "required" | "none";
}

export const serve = defineCommand({
  name: "serve",
  summary:
    "Serve the memory home over HTTP: the web memory browser at /ui/, a JSON API under /v1, and MCP at /mcp",
  description:
    "Start an HTTP server for the memory home: the web memory browser at /ui/, the JSON API under /v1 (memories, " +
    "profile sections, journal, archive, search, sessions, status, session context), its OpenAPI description at " +
    "/openapi.json, and MCP's Streamable HTTP at /mcp. " +
    "Without a token it listens on loopback only; any other --host needs a token. Stops on Ctrl+C or SIGTERM.",
  options: [
    new Option("--host <address>", "the address to listen on").default(DEFAULT_HTTP_HOST),
    new Option("--port <n>", "the port (0 picks a free one)").default(String(DEFAULT_HTTP_PORT)),
    new Option(
      "--token <token>",
      "require Authorization: Bearer <token> on every request (prefer the variable: the command line is visible to other users)",
    ).env("MNEMO_HTTP_TOKEN"),
    new Option("--max-body-bytes <n>", "largest request body accepted").default(
      String(DEFAULT_MAX_BODY_BYTES),
    ),
  ],
  examples: [
    "mnemo serve",
    "mnemo serve --port 0 --json",
    "MNEMO_HTTP_TOKEN=$(openssl rand -hex 32) mnemo serve --host 0.0.0.0",
  ],
  async input(_args, options: ServeOptions) {
    const port = wholeNumber(options.port, "--port", 0, 65535);
    const maxBodyBytes = wholeNumber(options.maxBodyBytes, "--max-body-bytes", 1, 2 ** 31);
    // The HTTP stack (here) and the MCP SDK (in run) are loaded only by serve: no other command pays for them.
    const { checkListenAccess } = await import("../../../http.js");
    checkListenAccess(options.host, options.token); // a refusal leaves the home untouched
    return { host: options.host, port, token: options.token, maxBodyBytes };
  },
  async run(listen, { memory, print }) {
    await serveUntilStopped(memory, listen, (url) => print(endpoints(url, memory.home, listen.token)));
    return undefined;
  },
  render: (endpoints: ServeEndpoints) =>
    [
      `Serving ${endpoints.home} on ${endpoints.url}`,
      `  Browser  ${endpoints.ui}`,
      `  API      ${endpoints.api}`,
      `  OpenAPI  ${endpoints.openapi}`,
      `  MCP      ${endpoints.mcp}`,
      ...(endpoints.token === "required" ? ["  Every request needs Authorization: Bearer <token>."] : []),
    ].join("\n"),
});

/**
 * Serves the home (the API, the web browser, MCP at /mcp) until Ctrl+C or SIGTERM, then finishes the
 * requests in progress. `onListening` gets the server's URL once it listens.
 */
export async function serveUntilStopped(
  memory: MemoryHome,
  listen: { host: string; port: number; token?: string; maxBodyBytes: number },
  onListening: (url: string) => void,
): Promise<void> {
  // The HTTP stack and the MCP SDK are loaded only by the commands that serve.
  const { startHttpServer } = await import("../../../http.js");
  const { createMcpHttpHandler } = await import("../../../mcp.js");
  const mcp = createMcpHttpHandler(memory, {
    onError: (error) => printNote(`MCP: ${errorMessage(error)}`),
  });
  const server = await startHttpServer({ memory, mcp, ...listen }).catch(async (error: unknown) => {
    await mcp.close();
    throw error;
  });
  onListening(server.url);
  await stopSignal();
  printNote("stopping: finishing the requests in progress");
  await mcp.close();
  await server.close();
}

function endpoints(url: string, home: string, token: string | undefined): ServeEndpoints {
  const mcp = `${url}/mcp`;
  return {
    url,
    ui: `${url}/ui/`,
    api: `${url}/v1`,
    openapi: `${url}/openapi.json`,
    mcp,
    home,
    token: token ? "required" : "none",
  };
}

/** Resolves at the first SIGINT or SIGTERM; a second one then ends the process the default way. */
function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop).off("SIGTERM", stop);
      resolve();
    };
    process.once("SIGINT", stop).once("SIGTERM", stop);
  });
}

export function wholeNumber(value: string, option: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < min || number > max)
    throw new MnemoError(
      "INVALID_INPUT",
      `${option} must be a whole number from ${min} to ${max}, not "${value}".`,
    );
  return number;
}
