/**
 * `mnemo/http`: a memory home over HTTP. `startHttpServer({ memory })` serves the JSON API under /v1
 * (memories, profile sections, journal, search, session context), its OpenAPI 3.1 description at
 * /openapi.json, and optionally MCP's Streamable HTTP at /mcp. hono on node:http.
 */

export {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_BODY_BYTES,
} from "./surfaces/http/http-defaults.js";
export type { ErrorBody, HttpErrorCode } from "./surfaces/http/http-error.js";
export type { MountedHandler } from "./surfaces/http/mounted-handler.js";
export type { HttpServerOptions, RunningHttpServer } from "./surfaces/http/start-http-server.js";
export { checkListenAccess, startHttpServer } from "./surfaces/http/start-http-server.js";
