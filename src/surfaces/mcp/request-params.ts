import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { McpRequestError } from "./to-mcp-error.js";

/**
 * A request schema for `setRequestHandler` whose params are checked by `params`, and refused with
 * -32602 (InvalidParams) and a short message naming each field and what it must be. The SDK's own
 * schemas answer a request that does not fit with -32603 (InternalError) and the raw zod issues.
 *
 * The check runs as a transform because the SDK parses a request with the schema it was given and
 * hands the handler the result: an error thrown while parsing reaches the client as it is.
 */
export function checkedRequest<Method extends string, Params extends z.ZodType>(
  method: Method,
  params: Params,
) {
  return z.object({
    method: z.literal(method),
    params: z.unknown().transform((value): z.output<Params> => {
      const parsed = params.safeParse(value ?? {});
      if (parsed.success) return parsed.data;
      throw new McpRequestError(
        ErrorCode.InvalidParams,
        describeIssues(method, value, parsed.error),
        "INVALID_INPUT",
      );
    }),
  });
}

/** `Invalid params of prompts/get: "arguments.base_prompt" must be a string, not a number.` */
function describeIssues(what: string, value: unknown, error: z.ZodError): string {
  const problems = error.issues.slice(0, 3).map((issue) => {
    const field = issue.path.length > 0 ? `"${issue.path.join(".")}"` : "the params";
    const found = valueAt(value, issue.path);
    if (issue.code === "invalid_type")
      return `${field} must be ${article(issue.expected)}${found === undefined ? " and is missing" : `, not ${kindOf(found)}`}`;
    if (issue.code === "unrecognized_keys")
      return `unknown field(s) ${issue.keys.map((key) => `"${key}"`).join(", ")}`;
    return `${field}: ${issue.message}`;
  });
  return `Invalid params of ${what}: ${problems.join("; ")}.`;
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function article(expected: string): string {
  if (expected === "record" || expected === "object") return "an object";
  if (expected === "array") return "an array";
  return `a ${expected}`;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return article(typeof value);
}
