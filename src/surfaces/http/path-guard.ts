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

/**
 * A middleware of a path with parameters (`/v1/memories/:name`), skipped for the literal paths it
 * also matches (`/v1/memories/batch`), which run their own: hono runs every matching middleware,
 * so the parameter's guard would refuse the literal path's methods, and a home would be leased twice.
 * The literal path's guard allows the methods of both (GET /v1/memories/batch reads a memory "batch").
 */
export function exceptLiteralPaths<Handler extends MiddlewareHandler>(
  path: string,
  allPaths: Iterable<string>,
  middleware: Handler,
): Handler {
  const literals = [...allPaths].filter((other) => shadows(path, other));
  if (literals.length === 0) return middleware;
  return (async (c, next) => (literals.includes(c.req.path) ? next() : middleware(c, next))) as Handler;
}

/** Whether hono's path with parameters also matches the literal path (same segments, parameters aside). */
export function shadows(parameterPath: string, literalPath: string): boolean {
  const pattern = parameterPath.split("/");
  const literal = literalPath.split("/");
  if (literalPath.includes(":") || !parameterPath.includes(":") || pattern.length !== literal.length)
    return false;
  return pattern.every((segment, index) => segment.startsWith(":") || segment === literal[index]);
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
