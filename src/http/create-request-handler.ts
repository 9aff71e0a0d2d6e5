import type { IncomingMessage, ServerResponse } from "node:http";
import type { MemoryHome } from "../memory-home.js";
import { checkAccess } from "./access-check.js";
import { findRoute } from "./find-route.js";
import { HttpError, toErrorResponse } from "./http-error.js";
import { buildOpenApiDocument, MCP_PATH, OPENAPI_PATH } from "./openapi-document.js";
import { readJsonBody } from "./read-json-body.js";
import { API_ROUTES } from "./routes/api-routes.js";

/** Something that answers requests at one path, such as `createMcpHttpHandler` from `mnemo/mcp`. */
export interface MountedHandler {
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
}

export interface RequestHandlerOptions {
  memory: MemoryHome;
  token: string | undefined;
  maxBodyBytes: number;
  mcp: MountedHandler | undefined;
  /** Failures that are bugs (answered 500). */
  onError: (error: unknown) => void;
}

/** The node:http request listener: access check, then /mcp, /openapi.json or an API route. */
export function createRequestHandler(
  options: RequestHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const openApiJson = JSON.stringify(buildOpenApiDocument(API_ROUTES));

  async function dispatch(req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
    const { authorization, host, origin } = req.headers;
    checkAccess({ authorization, host, origin }, options.token);
    const url = requestUrl(req.url ?? "/");
    const method = req.method ?? "GET";
    if (url.pathname === MCP_PATH) {
      if (!options.mcp) throw noEndpoint(url.pathname);
      const body = method === "POST" ? await readJsonBody(req, options.maxBodyBytes) : undefined;
      return options.mcp.handle(req, res, body);
    }
    if (url.pathname === OPENAPI_PATH) {
      if (method !== "GET") throw wrongMethod(["GET"]);
      return send(res, 200, openApiJson);
    }
    const match = findRoute(API_ROUTES, method, url.pathname);
    if (match.kind === "no-route") throw noEndpoint(url.pathname);
    if (match.kind === "wrong-method") throw wrongMethod(match.allowed);
    const body = match.route.body ? await readJsonBody(req, options.maxBodyBytes) : undefined;
    const query = Object.fromEntries(url.searchParams);
    const answer = await match.route.run({
      memory: options.memory,
      params: match.params,
      query,
      body,
      signal,
    });
    send(res, answer.status ?? 200, JSON.stringify(answer.body), answer.headers);
  }

  return async (req, res) => {
    // A client that hangs up stops the work done for it (a search, say).
    const abandoned = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abandoned.abort(new Error("the client closed the connection"));
    });
    try {
      await dispatch(req, res, abandoned.signal);
    } catch (error) {
      if (abandoned.signal.aborted || res.headersSent) {
        res.destroy();
        return;
      }
      const answer = toErrorResponse(error);
      if (answer.unexpected) options.onError(error);
      send(res, answer.status, JSON.stringify(answer.body), answer.headers);
    }
  };
}

function send(res: ServerResponse, status: number, json: string, headers: Record<string, string> = {}): void {
  res
    .writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(json),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      ...headers,
    })
    .end(json);
}

/** The request target is a path ("//x" too, which a base URL would read as another host). */
function requestUrl(target: string): URL {
  try {
    return new URL(`http://localhost${target.startsWith("/") ? target : `/${target}`}`);
  } catch {
    throw new HttpError(
      400,
      "INVALID_INPUT",
      `The request path ${JSON.stringify(target)} is not a valid URL path.`,
    );
  }
}

function noEndpoint(pathname: string): HttpError {
  return new HttpError(
    404,
    "NOT_FOUND",
    `There is no endpoint at ${pathname}; the endpoints are under /v1, described at ${OPENAPI_PATH}.`,
  );
}

function wrongMethod(allowed: string[]): HttpError {
  return new HttpError(405, "METHOD_NOT_ALLOWED", `This endpoint answers ${allowed.join(", ")} only.`, {
    allow: allowed.join(", "),
  });
}
