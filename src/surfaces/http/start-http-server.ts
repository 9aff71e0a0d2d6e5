import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, RequestError } from "@hono/node-server";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { MemoryHomes } from "../../engine/tenancy/memory-homes.js";
import { errorMessage, MnemoError } from "../../errors.js";
import { isLoopbackHost } from "./access-check.js";
import { createApiApp } from "./create-api-app.js";
import {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_OPEN_HOMES,
} from "./http-defaults.js";
import { HttpError, toErrorResponse } from "./http-error.js";
import type { MountedHandler } from "./mounted-handler.js";
import { manyHomesAccess, oneHomeAccess, type ServerAccess } from "./server-access.js";

export interface HttpServerOptions {
  /** The memory home to serve; the caller opens it and closes it after the server. Give this or `homes`. */
  memory?: MemoryHome;
  /**
   * Many homes (`openHomes` from `mnemo`): every request needs a token of `homes.tokens`, and reaches
   * only a home that token names. The caller closes `homes` after the server.
   */
  homes?: MemoryHomes;
  /** With `homes`: how many homes stay open between requests (least recently used closed first); default 64. */
  maxOpenHomes?: number;
  /** Default 127.0.0.1. Any other than a loopback address needs `token` (or `homes`, whose tokens are always needed). */
  host?: string;
  /** Default 7077; 0 picks a free port. */
  port?: number;
  /** One home: when set, every request needs `Authorization: Bearer <token>`. */
  token?: string;
  /** Largest request body accepted (413 past it); default 1 MiB. */
  maxBodyBytes?: number;
  /** One home: answers /mcp, behind the same token: `createMcpHttpHandler(memory)` from `mnemo/mcp`. The caller closes it. */
  mcp?: MountedHandler;
  /** Many homes: the /mcp handler of one home (`(memory) => createMcpHttpHandler(memory)`), closed with the home. */
  mcpForHome?: (memory: MemoryHome) => MountedHandler & { close(): Promise<void> };
  /** Where failures that are bugs (answered 500) are reported; default stderr. */
  onError?: (error: unknown) => void;
}

export interface RunningHttpServer {
  /** "http://127.0.0.1:7077", with the port actually bound. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops accepting connections and waits for the requests in progress (at most `graceMs`, default 5 s). */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * Serves a memory home over HTTP: the JSON API under /v1, its OpenAPI description at /openapi.json,
 * and `mcp` at /mcp when given. Refuses to listen off loopback without a token.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const host = options.host ?? DEFAULT_HTTP_HOST;
  const port = options.port ?? DEFAULT_HTTP_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new MnemoError("INVALID_INPUT", `The port must be a whole number from 0 to 65535, not ${port}.`);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new MnemoError(
      "INVALID_INPUT",
      `maxBodyBytes must be a positive whole number, not ${maxBodyBytes}.`,
    );
  const onError = options.onError ?? reportToStderr;
  const access = serverAccess(options, host, onError);
  const app = createApiApp({ access, maxBodyBytes, onError });
  const listener = getRequestListener(app.fetch, {
    // A library must not replace the process's global Request and Response (as the MCP SDK does not).
    overrideGlobalObjects: false,
    // An HTTP/1.0 request without Host still gets a URL; the access check sees that it named none.
    hostname: host.includes(":") ? `[${host}]` : host,
    errorHandler: (error) => unparsableRequest(error, onError),
  });
  const server = createServer(
    {
      // Node closes an idle kept-alive connection after 5 s, and a client that sends its next
      // request as that timer fires gets ECONNRESET. While the embedding model loads, the event
      // loop can stall for seconds, so a client polling every 250 ms met it (tool-result-shapes
      // over /mcp, under load). A minute, as load balancers use, leaves that race to stalls no
      // search survives anyway.
      keepAliveTimeout: KEEP_ALIVE_MS,
      headersTimeout: KEEP_ALIVE_MS + 1_000,
    },
    listener,
  );
  await listen(server, host, port).catch(async (error: unknown) => {
    await access.close();
    throw error;
  });
  server.removeAllListeners("error").on("error", onError);
  const bound = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${bound}`;
  const closeServer = gracefulClose(server);
  let closing: Promise<void> | undefined;
  const close: RunningHttpServer["close"] = (closeOptions) => {
    closing ??= closeServer(closeOptions).then(() => access.close());
    return closing;
  };
  return { url, host, port: bound, close };
}

const KEEP_ALIVE_MS = 65_000;

/** One home behind the server's token (or loopback only), or many homes behind the registry's tokens. */
function serverAccess(
  options: HttpServerOptions,
  host: string,
  onError: (error: unknown) => void,
): ServerAccess {
  if (options.memory && !options.homes)
    return oneHomeAccess(options.memory, checkListenAccess(host, options.token), options.mcp);
  if (!options.homes || options.memory)
    throw new MnemoError(
      "INVALID_INPUT",
      "Give startHttpServer either memory (one home) or homes (many homes), not both or neither.",
    );
  if (options.token !== undefined || options.mcp !== undefined)
    throw new MnemoError(
      "INVALID_INPUT",
      "token and mcp are for one home; with homes, every request carries a token of homes.tokens, and mcpForHome makes each home's MCP handler.",
    );
  const maxOpenHomes = options.maxOpenHomes ?? DEFAULT_MAX_OPEN_HOMES;
  return manyHomesAccess({ homes: options.homes, maxOpenHomes, mcp: options.mcpForHome, onError });
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (error) =>
      reject(new MnemoError("IO", `Cannot listen on ${host} port ${port}: ${errorMessage(error)}.`)),
    );
    server.listen(port, host, resolve);
  });
}

/** Stops accepting connections, lets the requests in progress finish, and cuts them at `graceMs`. */
function gracefulClose(server: Server): RunningHttpServer["close"] {
  let closing: Promise<void> | undefined;
  return ({ graceMs = 5000 } = {}) => {
    closing ??= new Promise<void>((resolve) => {
      const forced = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearTimeout(forced);
        resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };
}

/**
 * Refuses a token that cannot travel in a header, and a host off loopback without a token; returns
 * the token to require (undefined for none). startHttpServer calls it; call it first to refuse
 * before doing anything else, as `mnemo serve` does before it opens the memory home.
 */
export function checkListenAccess(host: string, token: string | undefined): string | undefined {
  const given = token === "" ? undefined : token;
  if (given !== undefined && !/^[\x21-\x7e]+$/.test(given))
    throw new MnemoError(
      "INVALID_INPUT",
      "The bearer token must be printable ASCII without spaces (it travels in an Authorization header).",
    );
  if (given === undefined && !isLoopbackHost(host))
    throw new MnemoError(
      "INVALID_INPUT",
      `Refusing to serve the memory home on ${host} without a bearer token: anyone who can reach it could read and change every memory. ` +
        "Set a token (mnemo serve --token T, or the MNEMO_HTTP_TOKEN environment variable; startHttpServer({ token })), or bind to 127.0.0.1.",
    );
  return given;
}

/** A request node-server cannot turn into a URL (a backslash in the path, a Host that is no host name). */
function unparsableRequest(error: unknown, onError: (error: unknown) => void): Response {
  const refusal =
    error instanceof RequestError
      ? new HttpError(400, "INVALID_INPUT", `The request cannot be read: ${error.message}.`)
      : error;
  const answer = toErrorResponse(refusal);
  if (answer.unexpected) onError(error);
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

function reportToStderr(error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`mnemo: HTTP API: unexpected failure: ${detail}\n`);
}
