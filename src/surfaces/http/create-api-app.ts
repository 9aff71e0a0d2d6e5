import type { IncomingMessage, ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { MemoryHome } from "../../engine/memory-home.js";
import { CONTENT_SECURITY_POLICY, isWebUiRequest, mountWebUi } from "../web/mount-web-ui.js";
import { loadWebAssets } from "../web/web-assets.js";
import { checkAccess } from "./access-check.js";
import type { ApiEnv } from "./api-route.js";
import { type ErrorResponse, toErrorResponse } from "./http-error.js";
import { invalidInputHook } from "./invalid-input-hook.js";
import { buildOpenApiDocument, MCP_PATH, OPENAPI_PATH } from "./openapi-document.js";
import { noEndpoint, pathGuard, requestPath } from "./path-guard.js";
import { hasBody, readJsonBody } from "./read-json-body.js";
import { API_ROUTES } from "./routes/api-routes.js";

/** Something that answers requests at one path, such as `createMcpHttpHandler` from `mnemo/mcp`. */
export interface MountedHandler {
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
}

export interface ApiAppOptions {
  memory: MemoryHome;
  token: string | undefined;
  maxBodyBytes: number;
  mcp: MountedHandler | undefined;
  /** Failures that are bugs (answered 500). */
  onError: (error: unknown) => void;
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The HTTP API as a hono app: the access check first, then /v1's routes (405 with Allow for a
 * method a path does not answer), /openapi.json and /mcp; 404 for anything else. Every error is
 * `{ error: { code, message } }`.
 */
export function createApiApp(options: ApiAppOptions): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: invalidInputHook });
  app.use(accessAndHeaders(options));
  for (const [path, methods] of methodsByPath()) app.use(path, pathGuard(methods));
  for (const { route, handler } of API_ROUTES) {
    const middleware = route.request?.body ? readJsonBody(options.maxBodyBytes) : undefined;
    app.openapi({ ...route, middleware }, handler);
  }
  const openApiJson = JSON.stringify(buildOpenApiDocument(app));
  app.get(OPENAPI_PATH, (c) => c.body(openApiJson, 200, { "content-type": JSON_TYPE }));
  if (options.mcp) mountMcp(app, options.mcp, options.maxBodyBytes);
  mountWebUi(app, loadWebAssets());

  app.notFound((c) => errorAnswer(c, toErrorResponse(noEndpoint(requestPath(c.req.url)))));
  app.onError((error, c) => {
    // A client that hung up gets no answer, and its going is no bug.
    if (c.req.raw.signal.aborted || c.env.outgoing.headersSent) {
      c.env.outgoing.destroy();
      return RESPONSE_ALREADY_SENT;
    }
    const answer = toErrorResponse(error);
    if (answer.unexpected) options.onError(error);
    return errorAnswer(c, answer);
  });
  return app;
}

/**
 * Refuses who may not use the API (401, 403), and gives every answer the same headers. The web
 * browser's files hold no memory: with a token they are served to anyone, so a browser can load the
 * page that then asks for the token; every call the page makes is checked as any other.
 */
function accessAndHeaders(options: ApiAppOptions): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.header("cache-control", "no-store");
    c.header("x-content-type-options", "nosniff");
    c.header("content-security-policy", CONTENT_SECURITY_POLICY);
    c.header("referrer-policy", "no-referrer");
    const { authorization, host, origin } = c.req.header();
    if (options.token === undefined || !isWebUiRequest(c.req.method, c.req.url))
      checkAccess({ authorization, host, origin }, options.token);
    c.set("memory", options.memory);
    await next();
    // hono's c.json says application/json; mnemo's answers have always named their charset too.
    if (c.res.headers.get("content-type") === "application/json")
      c.res.headers.set("content-type", JSON_TYPE);
  };
}

/** The MCP handler answers on node's response itself; node-server then sends nothing more. */
function mountMcp(app: OpenAPIHono<ApiEnv>, mcp: MountedHandler, maxBodyBytes: number): void {
  const answer = async (c: Context<ApiEnv>) => {
    const body = c.req.method === "POST" && hasBody(c.req.raw.headers) ? await c.req.json() : undefined;
    await mcp.handle(c.env.incoming, c.env.outgoing, body);
    return RESPONSE_ALREADY_SENT;
  };
  app.post(MCP_PATH, readJsonBody(maxBodyBytes), answer);
  app.all(MCP_PATH, answer);
}

function errorAnswer(c: Context, answer: ErrorResponse): Response {
  const status = answer.status as ContentfulStatusCode;
  return c.body(JSON.stringify(answer.body), status, { "content-type": JSON_TYPE, ...answer.headers });
}

/** Each routing path ("/v1/memories/:name") with the methods it answers, in the routes' order. */
function methodsByPath(): Map<string, string[]> {
  const paths = new Map<string, string[]>([[OPENAPI_PATH, ["GET"]]]);
  for (const { route } of API_ROUTES) {
    const path = route.getRoutingPath();
    paths.set(path, [...(paths.get(path) ?? []), route.method.toUpperCase()]);
  }
  return paths;
}
