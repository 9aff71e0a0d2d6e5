import type { Hook } from "@hono/zod-openapi";
import type { ApiEnv } from "./api-route.js";
import { HttpError } from "./http-error.js";

const WHERE: Record<string, string> = { param: "path", query: "query string", json: "request body" };

/**
 * The validation hook of every route: a request whose path, query string or body does not fit the
 * route's schema is refused with 400 INVALID_INPUT, naming the fields (at most five) and what is wrong.
 */
export const invalidInputHook: Hook<unknown, ApiEnv, string, undefined> = (result) => {
  if (result.success) return undefined;
  const problems = result.error.issues.slice(0, 5).map((issue) => {
    if (issue.code === "unrecognized_keys")
      return `unknown ${issue.keys.length === 1 ? "field" : "fields"} ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
    const field = issue.path.length > 0 ? JSON.stringify(issue.path.join(".")) : "value";
    return `${field}: ${issue.message}`;
  });
  throw new HttpError(
    400,
    "INVALID_INPUT",
    `Invalid ${WHERE[result.target] ?? result.target}: ${problems.join("; ")}.`,
  );
};
