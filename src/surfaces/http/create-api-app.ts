import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isAuthorName } from "../../engine/memdir/memory-author.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { HOME_HEADER } from "../../engine/tenancy/home-choice.js";
import { MnemoError } from "../../errors.js";
import { CONTENT_SECURITY_POLICY, isWebUiRequest, mountWebUi } from "../web/mount-web-ui.js";
import { loadWebAssets } from "../web/web-assets.js";
import type { ApiEnv, ApiRoute } from "./api-route.js";
import { messageShownTo } from "./home-shown-to.js";
import { type ErrorResponse, HttpError, toErrorResponse } from "./http-error.js";
import { invalidInputHook } from "./invalid-input-hook.js";
import { buildOpenApiDocument, MCP_PATH, OPENAPI_PATH } from "./openapi-document.js";
import { exceptLiteralPaths, noEndpoint, pathGuard, requestPath, shadows } from "./path-guard.js";
import { hasBody, readJsonBody } from "./read-json-body.js";
import { checkRequestRights, type RequestRights } from "./request-rights.js";
import { ADMIN_ROUTES, adminOnly } from "./routes/admin-routes.js";
import { API_ROUTES } from "./routes/api-routes.js";
import type { ServerAccess } from "./server-access.js";

export interface ApiAppOptions {
  /** Who may use the API, and which home each request reaches (one home, or many by token). */
  access: ServerAccess;
  maxBodyBytes: number;
  /** Failures that are bugs (answered 500). */
  onError: (error: unknown) => void;
}

const JSON_TYPE = "application/json; charset=utf-8";
/** Who writes, for the request's saves (recorded as the memory's `agent`). */
export const AGENT_HEADER = "Mnemo-Agent";
/** The run or session the request writes in (recorded as `run`). */
export const RUN_HEADER = "Mnemo-Run";

/**
 * The HTTP API as a hono app: the access check first, then /v1's routes (405 with Allow for a
 * method a path does not answer), the admin routes when it serves many homes, /openapi.json and
 * /mcp; 404 for anything else. A home's routes and /mcp get their home from the access, once the
 * path and method are known. Every error is `{ error: { code, message } }`.
 */
export function createApiApp(options: ApiAppOptions): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: invalidInputHook });
  const adminRoutes = options.access.homes ? ADMIN_ROUTES : [];
  app.use(accessAndHeaders(options.access));
  const methods = methodsByPath([...API_ROUTES, ...adminRoutes]);
  for (const [path, allowed] of methods)
    app.use(path, exceptLiteralPaths(path, methods.keys(), pathGuard(allowed)));
  for (const path of new Set(API_ROUTES.map(({ route }) => route.getRoutingPath())))
    app.use(path, exceptLiteralPaths(path, methods.keys(), leaseHome(options.access)));
  if (options.access.homes) app.use("/v1/admin/*", adminOnly(options.access.homes));
  for (const { route, handler } of [...API_ROUTES, ...adminRoutes]) {
    const middleware = route.request?.body ? readJsonBody(options.maxBodyBytes) : undefined;
    app.openapi({ ...route, middleware }, handler);
  }
  const openApiJson = JSON.stringify(buildOpenApiDocument(app));
  app.get(OPENAPI_PATH, (c) => c.body(openApiJson, 200, { "content-type": JSON_TYPE }));
  if (options.access.serveMcp) mountMcp(app, options.access, options.maxBodyBytes);
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
    return errorAnswer(c, shownToCaller(c, answer, options.access));
  });
  return app;
}

/** A tenant's error names its files by their path in the home, never where the server keeps them. */
function shownToCaller(c: Context<ApiEnv>, answer: ErrorResponse, access: ServerAccess): ErrorResponse {
  const places = { home: c.var.memory?.home, homes: access.homes?.location };
  const message = messageShownTo(c.var.grant, answer.body.error.message, places);
  return { ...answer, body: { error: { ...answer.body.error, message } } };
}

/**
 * Refuses who may not use the API (401, 403), and gives every answer the same headers. The web
 * browser's files hold no memory: where a token is required they are served to anyone, so a browser
 * can load the page that then asks for the token; every call the page makes is checked as any other.
 */
function accessAndHeaders(access: ServerAccess): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.header("cache-control", "no-store");
    c.header("x-content-type-options", "nosniff");
    c.header("content-security-policy", CONTENT_SECURITY_POLICY);
    c.header("referrer-policy", "no-referrer");
    const { authorization, host, origin, accept } = c.req.header();
    const pageFile = access.tokenRequired && isWebUiRequest(c.req.method, c.req.url, accept);
    c.set("grant", pageFile ? undefined : await access.authenticate({ authorization, host, origin }));
    await next();
    // hono's c.json says application/json; mnemo's answers have always named their charset too.
    if (c.res.headers.get("content-type") === "application/json")
      c.res.headers.set("content-type", JSON_TYPE);
  };
}

/**
 * The home a request reaches, chosen by the access from its token (and Mnemo-Home header) alone,
 * held until the answer is ready.
 */
function leaseHome(access: ServerAccess): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const rights = checkRequestRights(c.var.grant, {
      method: c.req.method,
      path: requestPath(c.req.url),
      agentHeader: c.req.header(AGENT_HEADER),
      agentFilter: c.req.query("agent"),
    });
    const lease = await access.lease(c.var.grant, c.req.header(HOME_HEADER));
    try {
      c.set("memory", writingFor(lease.home.memory, c, rights));
      c.set("readsAgent", rights.readsAgent);
      c.set("readableAgents", rights.readableAgents);
      c.set("readOnly", rights.readOnly);
      c.set("homeId", lease.homeId);
      c.set("mcp", lease.home.mcp);
      await next();
    } finally {
      lease.release();
    }
  };
}

/**
 * The request's writer, from its Mnemo-Agent (or its token's one agent) and Mnemo-Run headers: its
 * saves record them. A token limited to agents replaces only its agent's memories.
 */
function writingFor(memory: MemoryHome, c: Context<ApiEnv>, rights: RequestRights): MemoryHome {
  const run = c.req.header(RUN_HEADER);
  const { writesAs: agent, replacesOnlyOwn } = rights;
  if (agent === undefined && run === undefined && !replacesOnlyOwn) return memory;
  try {
    return memory.writingAs({ agent, run }, { replacesOnlyOwn });
  } catch (error) {
    if (!(error instanceof MnemoError)) throw error;
    throw new HttpError(
      400,
      "INVALID_INPUT",
      `The ${agent !== undefined && !isAuthorName(agent) ? AGENT_HEADER : RUN_HEADER} header: ${error.message}`,
    );
  }
}

/** The MCP handler answers on node's response itself; node-server then sends nothing more. */
function mountMcp(app: OpenAPIHono<ApiEnv>, access: ServerAccess, maxBodyBytes: number): void {
  const answer = async (c: Context<ApiEnv>) => {
    const body = c.req.method === "POST" && hasBody(c.req.raw.headers) ? await c.req.json() : undefined;
    // The request's own writer (its token's agent) and rights: a read-only token gets the reading tools.
    const limits = { memory: c.var.memory, readOnly: c.var.readOnly };
    await c.var.mcp?.handle(c.env.incoming, c.env.outgoing, body, limits);
    return RESPONSE_ALREADY_SENT;
  };
  app.use(MCP_PATH, leaseHome(access));
  app.post(MCP_PATH, readJsonBody(maxBodyBytes), answer);
  app.all(MCP_PATH, answer);
}

function errorAnswer(c: Context, answer: ErrorResponse): Response {
  const status = answer.status as ContentfulStatusCode;
  return c.body(JSON.stringify(answer.body), status, { "content-type": JSON_TYPE, ...answer.headers });
}

/** Each routing path ("/v1/memories/:name") with the methods it answers, in the routes' order. */
function methodsByPath(routes: readonly ApiRoute[]): Map<string, string[]> {
  const paths = new Map<string, string[]>([[OPENAPI_PATH, ["GET"]]]);
  for (const { route } of routes) {
    const path = route.getRoutingPath();
    paths.set(path, [...(paths.get(path) ?? []), route.method.toUpperCase()]);
  }
  // A literal path also answers what a path with parameters matching it answers.
  for (const [literal, methods] of paths)
    for (const [path, others] of paths) if (shadows(path, literal)) methods.push(...others);
  return paths;
}
