import { type Command, Option } from "commander";
import { errorMessage } from "../../errors.js";
import {
  checkListenAccess,
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_BODY_BYTES,
  type RunningHttpServer,
  startHttpServer,
} from "../../http.js";
import { MnemoError } from "../../index.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, printData, printNote } from "../output.js";

interface ServeOptions extends CommonOptions {
  host: string;
  port: string;
  token?: string;
  maxBodyBytes: string;
}

export function registerServe(program: Command): void {
  const command = program
    .command("serve")
    .summary("Serve the memory home over HTTP: a JSON API under /v1, and MCP at /mcp")
    .description(
      "Start an HTTP server for the memory home: the JSON API under /v1 (memories, profile sections, journal, " +
        "search, session context), its OpenAPI description at /openapi.json, and MCP's Streamable HTTP at /mcp. " +
        "Without a token it listens on loopback only; any other --host needs a token. Stops on Ctrl+C or SIGTERM.",
    )
    .option("--host <address>", "the address to listen on", DEFAULT_HTTP_HOST)
    .option("--port <n>", "the port (0 picks a free one)", String(DEFAULT_HTTP_PORT))
    .addOption(
      new Option(
        "--token <token>",
        "require Authorization: Bearer <token> on every request (prefer the variable: the command line is visible to other users)",
      ).env("MNEMO_HTTP_TOKEN"),
    )
    .option("--max-body-bytes <n>", "largest request body accepted", String(DEFAULT_MAX_BODY_BYTES));
  withCommonOptions(command, [
    "mnemo serve",
    "mnemo serve --port 0 --json",
    "MNEMO_HTTP_TOKEN=$(openssl rand -hex 32) mnemo serve --host 0.0.0.0",
  ]);
  command.action(
    commandAction<[], ServeOptions>(async (_args, options) => {
      const port = wholeNumber(options.port, "--port", 0, 65535);
      const maxBodyBytes = wholeNumber(options.maxBodyBytes, "--max-body-bytes", 1, 2 ** 31);
      checkListenAccess(options.host, options.token); // a refusal leaves the home untouched
      // Loaded here, so that no other command pays for the MCP SDK.
      const { createMcpHttpHandler } = await import("../../mcp.js");
      const memory = await openHome(options);
      const mcp = createMcpHttpHandler(memory, {
        onError: (error) => printNote(`MCP: ${errorMessage(error)}`),
      });
      let server: RunningHttpServer;
      try {
        server = await startHttpServer({
          memory,
          host: options.host,
          port,
          token: options.token,
          maxBodyBytes,
          mcp,
        });
      } catch (error) {
        await mcp.close();
        await memory.close();
        throw error;
      }
      const endpoints = {
        url: server.url,
        api: `${server.url}/v1`,
        openapi: `${server.url}/openapi.json`,
        mcp: `${server.url}/mcp`,
        home: memory.home,
        token: options.token ? "required" : "none",
      };
      printData(options, endpoints, describeEndpoints(endpoints));
      await stopSignal();
      printNote("stopping: finishing the requests in progress");
      await mcp.close();
      await server.close();
      await memory.close();
      return EXIT_CODES.ok;
    }),
  );
}

function describeEndpoints(endpoints: Record<string, string>): string {
  return [
    `Serving ${endpoints.home} on ${endpoints.url}`,
    `  API      ${endpoints.api}`,
    `  OpenAPI  ${endpoints.openapi}`,
    `  MCP      ${endpoints.mcp}`,
    endpoints.token === "required" ? "  Every request needs Authorization: Bearer <token>." : "",
  ]
    .filter((line) => line !== "")
    .join("\n");
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

function wholeNumber(value: string, option: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < min || number > max)
    throw new MnemoError(
      "INVALID_INPUT",
      `${option} must be a whole number from ${min} to ${max}, not "${value}".`,
    );
  return number;
}
