/**
 * One endpoint of the HTTP API: a `createRoute` description (path, zod schemas of its inputs and
 * answers) and its handler. @hono/zod-openapi validates requests with the same schemas it writes
 * into /openapi.json, so what is documented is what is checked.
 */
import type { HttpBindings } from "@hono/node-server";
import { type RouteConfig, type RouteHandler, z } from "@hono/zod-openapi";
import type { TokenGrant } from "../../contracts/token-registry.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { MemoryHomes } from "../../engine/tenancy/memory-homes.js";
import type { MountedHandler } from "./mounted-handler.js";

/**
 * What a handler sees besides the request: the node request and response, the grant of the
 * request's token (when the server serves many homes), and the home the request reaches with its
 * MCP handler (set for a home's routes and /mcp only), or the homes an admin route changes.
 */
export type ApiEnv = {
  Bindings: HttpBindings;
  Variables: {
    memory: MemoryHome;
    /** Many homes: the id of the home the request reached. */
    homeId: string | undefined;
    mcp: MountedHandler | undefined;
    grant: TokenGrant | undefined;
    homes: MemoryHomes;
    /** A list or search: the agent it is filtered by, as the token's rights fix it (request-rights.ts). */
    readsAgent: string | undefined;
    /** A read by name of a token that reads its own agents: the writers whose memory it may show. */
    readableAgents: string[] | undefined;
    /** /mcp for a read-only token: only the tools that read. */
    readOnly: boolean;
  };
};

export interface ApiRoute {
  route: RouteConfig & { getRoutingPath(): string };
  // biome-ignore lint/suspicious/noExplicitAny: the list holds routes of every shape; apiRoute checked each one.
  handler: RouteHandler<any, ApiEnv>;
}

/** Pairs a route with its handler, checked against the route's schemas. */
export function apiRoute<R extends RouteConfig & { getRoutingPath(): string }>(
  route: R,
  handler: RouteHandler<R, ApiEnv>,
): ApiRoute {
  return { route, handler };
}

/** `{ error: { code, message } }`, listed once in the document's components. */
const errorJson = z
  .object({ error: z.object({ code: z.string(), message: z.string() }).strict() })
  .strict()
  .openapi("Error");

function jsonContent<Schema extends z.ZodType>(schema: Schema) {
  return { "application/json": { schema } };
}

/** An answer: the schema of its JSON, and what its status means. */
export function jsonResponse<Schema extends z.ZodType>(schema: Schema, description = "OK") {
  return { description, content: jsonContent(schema) };
}

/** A request body: always a JSON object, sent as application/json. */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return { required: true, content: jsonContent(schema) };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input: a parameter, field or name to correct (a name with / or .. too), or a body that is not JSON",
  401: "The bearer token is missing or wrong",
  403: "Without a token: the request names a host that is not loopback, or comes from a web page. Admin endpoints: the token is not an admin token",
  404: "Not found: no such memory, section, text to replace or topic; with many homes, no such home for this token",
  409: "A file in the memory home does not parse; fix it by hand or run `mnemo doctor --fix`",
  413: "Too large: the body is over the server's limit, or the text over its size limit",
  415: "The body is not sent as application/json",
  422: "The text holds a credential: send it without, or with redactSecrets: true",
  500: "A bug in mnemo; the server log has the details",
  503: "Memory is disabled, another writer held the lock too long (Retry-After), or the file system refused",
};
/** Every route can answer these; a route with a body these too. */
const EVERY_ROUTE_ERRORS = [401, 403, 500, 503];
const BODY_ERRORS = [400, 413, 415];

/** The error answers of a route: `statuses`, plus the ones every route (and every body) can get. */
export function errorResponses(statuses: number[], options: { body?: boolean } = {}) {
  const all = new Set([...statuses, ...(options.body ? BODY_ERRORS : []), ...EVERY_ROUTE_ERRORS]);
  const responses: Record<number, ReturnType<typeof jsonResponse<typeof errorJson>>> = {};
  for (const status of [...all].sort((a, b) => a - b))
    responses[status] = jsonResponse(errorJson, ERROR_DESCRIPTIONS[status] ?? "Error");
  return responses;
}
