import type { MiddlewareHandler } from "hono";
import { HttpError } from "./http-error.js";
import { OPENAPI_PATH } from "./openapi-document.js";

/**
 * Middleware for a known path, before its routes: refuses broken percent-encoding in the path (400)
 * and a method the path does not answer (405 with Allow; HEAD too, which hono would answer as GET).
 */
export function pathGuard(allowed: string[]): MiddlewareHandler {
  return async (c, next) => {
    for (const segment of requestPath(c.req.url).split("/")) {
      try {
        decodeURIComponent(segment);
      } catch {
        throw new HttpError(
          400,
          "INVALID_INPUT",
          `The path segment "${segment}" is not valid percent-encoding.`,
        );
      }
    }
    if (!allowed.includes(c.req.method))
      throw new HttpError(405, "METHOD_NOT_ALLOWED", `This endpoint answers ${allowed.join(", ")} only.`, {
        allow: allowed.join(", "),
      });
    await next();
  };
}

/** The path of a request URL as sent: still percent-encoded, and "//x" stays a path. */
export function requestPath(url: string): string {
  const path = url.slice(url.indexOf("/", url.indexOf("://") + 3));
  return path.split(/[?#]/, 1)[0] ?? path;
}

export function noEndpoint(pathname: string): HttpError {
  return new HttpError(
    404,
    "NOT_FOUND",
    `There is no endpoint at ${pathname}; the endpoints are under /v1, described at ${OPENAPI_PATH}.`,
  );
}
