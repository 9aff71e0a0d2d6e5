import { Option } from "commander";
import { errorMessage, MnemoError } from "../../../errors.js";
import {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_OPEN_HOMES,
} from "../../http/http-defaults.js";
import { type CommonOptions, defineCommand, type PrintContext } from "../cli-command.js";
import { printNote } from "../output.js";
import { serveUntilStopped, stopSignal } from "../serve-until-stopped.js";

interface ServeOptions extends CommonOptions {
  host: string;
  port: string;
  token?: string;
  maxBodyBytes: string;
  homes?: string;
  maxOpenHomes: string;
}

interface ServeInput {
  host: string;
  port: number;
  token: string | undefined;
  maxBodyBytes: number;
  /** Many homes: their root folder, or their database (with the folder of the server's config.json). */
  homes?: { root: string } | { store: string; home?: string };
  maxOpenHomes: number;
}

/** What serve prints once it listens. */
interface ServeEndpoints {
  url: string;
  /** The web memory browser. */
  ui: string;
  api: string;
  openapi: string;
  mcp: string;
  /** The home folder, or the root or database (without password) of the homes. */
  home: string;
  token: "required" | "none";
  /** "homes": many homes under or in `home`, each request's home chosen by its token. */
  mode: "home" | "homes";
}

export const serve = defineCommand({
  name: "serve",
  summary:
    "Serve the memory home over HTTP: the web memory browser at /ui/, a JSON API under /v1, and MCP at /mcp",
  description:
    "Start an HTTP server for the memory home: the web memory browser at /ui/, the JSON API under /v1 (memories, " +
    "profile sections, journal, archive, search, sessions, status, session context), its OpenAPI description at " +
    "/openapi.json, and MCP's Streamable HTTP at /mcp. " +
    "Without a token it listens on loopback only; any other --host needs a token. With --homes ROOT it serves every " +
    "home under ROOT instead: each request carries a token of `mnemo tokens` and reaches only a home that token names " +
    "(the Mnemo-Home header picks one of several). With --store postgres://... and no --home-id it serves every home of " +
    "that database the same way, and any number of such servers may share it. Stops on Ctrl+C or SIGTERM.",
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
    new Option("--homes <root>", "serve every memory home under this folder, each behind its tokens"),
    new Option("--max-open-homes <n>", "with --homes: homes kept open between requests").default(
      String(DEFAULT_MAX_OPEN_HOMES),
    ),
  ],
  examples: [
    "mnemo serve",
    "mnemo serve --port 0 --json",
    "MNEMO_HTTP_TOKEN=$(openssl rand -hex 32) mnemo serve --host 0.0.0.0",
    "mnemo serve --homes /srv/mnemo --host 0.0.0.0 --port 7077",
    "mnemo serve --store postgres://mnemo@db:5432/mnemo --host 0.0.0.0 --port 7077",
  ],
  async input(_args, options: ServeOptions): Promise<ServeInput> {
    const port = wholeNumber(options.port, "--port", 0, 65535);
    const maxBodyBytes = wholeNumber(options.maxBodyBytes, "--max-body-bytes", 1, 2 ** 31);
    const maxOpenHomes = wholeNumber(options.maxOpenHomes, "--max-open-homes", 1, 100_000);
    const listen = { host: options.host, port, token: options.token, maxBodyBytes, maxOpenHomes };
    if (options.homes !== undefined) {
      refuseOneHomeOptions(options);
      return { ...listen, homes: { root: options.homes } };
    }
    const store = options.store ?? process.env.MNEMO_STORE?.trim();
    if (store && !(options.homeId ?? process.env.MNEMO_HOME_ID?.trim())) {
      refuseOneHomeToken(options.token, "--store URL");
      return { ...listen, homes: { store, home: options.home } };
    }
    // The HTTP stack (here) and the MCP SDK (in run) are loaded only by serve: no other command pays for them.
    const { checkListenAccess } = await import("../../../http.js");
    checkListenAccess(options.host, options.token); // a refusal leaves the home untouched
    return listen;
  },
  withoutHome: (input) => (input.homes === undefined ? undefined : (context) => serveHomes(input, context)),
  async run(listen, { memory, print }) {
    await serveUntilStopped(memory, listen, (url) =>
      print(endpoints(url, memory.home, listen.token ? "required" : "none", "home")),
    );
    return undefined;
  },
  render: (endpoints: ServeEndpoints) =>
    [
      endpoints.mode === "homes"
        ? `Serving the memory homes ${/^postgres(ql)?:/.test(endpoints.home) ? "in" : "under"} ${endpoints.home} on ${endpoints.url}`
        : `Serving ${endpoints.home} on ${endpoints.url}`,
      `  Browser  ${endpoints.ui}`,
      `  API      ${endpoints.api}`,
      `  OpenAPI  ${endpoints.openapi}`,
      `  MCP      ${endpoints.mcp}`,
      ...(endpoints.mode === "homes"
        ? ["  Every request needs a token of `mnemo tokens`; Mnemo-Home picks one of its homes."]
        : endpoints.token === "required"
          ? ["  Every request needs Authorization: Bearer <token>."]
          : []),
    ].join("\n"),
});

/** --homes: options that belong to one home are refused rather than ignored. */
function refuseOneHomeOptions(options: ServeOptions): void {
  const given = { "--home": options.home, "--store": options.store, "--home-id": options.homeId };
  const oneHome = Object.entries(given).find(([, value]) => value !== undefined)?.[0];
  if (oneHome)
    throw new MnemoError(
      "INVALID_INPUT",
      `${oneHome} and --homes: give one (${oneHome} serves one home, --homes every home under a folder).`,
    );
  refuseOneHomeToken(options.token, "--homes ROOT");
}

/** Many homes: each request carries a token of `mnemo tokens`, never the one --token. */
function refuseOneHomeToken(token: string | undefined, place: string): void {
  if (token !== undefined)
    throw new MnemoError(
      "INVALID_INPUT",
      `--token (or MNEMO_HTTP_TOKEN) is for one home; with ${place.split(" ")[0]} every request carries a token of its own: create them with mnemo tokens create ${place}.`,
    );
}

/** Many homes: every request's home comes from its token, each home's MCP handler is made when it opens. */
async function serveHomes(listen: ServeInput, { print }: PrintContext): Promise<undefined> {
  const { openHomes } = await import("../../../index.js");
  const { startHttpServer } = await import("../../../http.js");
  const { createMcpHttpHandler } = await import("../../../mcp.js");
  const homes = await openHomes(listen.homes as NonNullable<ServeInput["homes"]>);
  try {
    const onError = (error: unknown) => printNote(`MCP: ${errorMessage(error)}`);
    const { host, port, maxBodyBytes, maxOpenHomes } = listen;
    const server = await startHttpServer({
      homes,
      host,
      port,
      maxBodyBytes,
      maxOpenHomes,
      mcpForHome: (memory) => createMcpHttpHandler(memory, { onError }),
    });
    print(endpoints(server.url, homes.location, "required", "homes"));
    if ((await homes.listTokens()).length === 0)
      printNote(
        `no token yet: create one with mnemo tokens create --admin ${"root" in (listen.homes ?? {}) ? "--homes" : "--store"} ${homes.location}`,
      );
    await stopSignal();
    printNote("stopping: finishing the requests in progress");
    await server.close();
  } finally {
    await homes.close();
  }
  return undefined;
}

function endpoints(
  url: string,
  home: string,
  token: ServeEndpoints["token"],
  mode: ServeEndpoints["mode"],
): ServeEndpoints {
  const api = `${url}/v1`;
  return { url, ui: `${url}/ui/`, api, openapi: `${url}/openapi.json`, mcp: `${url}/mcp`, home, token, mode };
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
