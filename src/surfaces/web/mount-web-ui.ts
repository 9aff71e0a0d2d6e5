/**
 * Serves the web memory browser at /ui/ of the HTTP API's server. The page talks to the same JSON
 * API under /v1, under the same access rules; the files themselves hold no memory, so with a token
 * they are served without one (the page then asks for it) and without one only on loopback, as the API.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../http/api-route.js";
import { noEndpoint, requestPath } from "../http/path-guard.js";
import type { WebAsset } from "./web-assets.js";

export const UI_PATH = "/ui";

/**
 * Only the server's own files: no inline script or style, no other origin, no framing (so no page
 * can overlay the browser to click its buttons), no form posting anywhere.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * True for a request of the browser's files: a GET under /ui, or a browser opening the server's
 * root (it asks for a page, Accept: text/html, and is sent to /ui/).
 */
export function isWebUiRequest(method: string, url: string, accept: string | undefined): boolean {
  const path = requestPath(url);
  if (method !== "GET" && method !== "HEAD") return false;
  return path === UI_PATH || path.startsWith(`${UI_PATH}/`) || (path === "/" && wantsPage(accept));
}

/** A browser's Accept header names text/html; an API client's (fetch's default, curl's, an SDK's) does not. */
function wantsPage(accept: string | undefined): boolean {
  return /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept ?? "");
}

export function mountWebUi(app: OpenAPIHono<ApiEnv>, assets: ReadonlyMap<string, WebAsset>): void {
  // Relative, so a proxy that serves the server under a prefix sends the browser to its own /ui/.
  app.get("/", (c) => {
    if (!wantsPage(c.req.header("accept"))) throw noEndpoint("/");
    c.header("vary", "accept");
    return c.redirect("ui/", 302);
  });
  app.get(UI_PATH, (c) => c.redirect(`${UI_PATH}/`, 308));
  app.get(`${UI_PATH}/*`, (c) => {
    const path = requestPath(c.req.url);
    const asset = assets.get(assetName(path.slice(UI_PATH.length + 1)));
    if (asset === undefined) throw noEndpoint(path);
    return c.body(asset.body, 200, { "content-type": asset.contentType });
  });
}

function assetName(encoded: string): string {
  if (encoded === "") return "index.html";
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded; // not a file of the list: a 404
  }
}
