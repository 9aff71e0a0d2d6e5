import { z } from "zod";
import type { MemoryHome } from "../memory-home.js";
import { HttpError } from "./http-error.js";
import { templateParameters } from "./path-template.js";

/**
 * One endpoint of the HTTP API, defined once: its path, its inputs and its answer as zod schemas,
 * and a handler. The router validates with the schemas, and the OpenAPI document is generated from
 * them, so what is documented is what is checked.
 */
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** A body is always a JSON object; path parameters and query strings arrive as strings. */
const NO_FIELDS = z.object({}).strict();
type NoFields = typeof NO_FIELDS;

export interface RouteInput<Params, Query, Body> {
  memory: MemoryHome;
  params: Params;
  query: Query;
  body: Body;
  signal: AbortSignal;
}

export interface RouteAnswer {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface RouteDefinition<
  Params extends z.ZodObject,
  Query extends z.ZodObject,
  Body extends z.ZodObject,
  Response extends z.ZodType,
> {
  method: HttpMethod;
  /** An OpenAPI path template: "/v1/memories/{name}". */
  path: string;
  operationId: string;
  /** OpenAPI tag: the resource the route belongs to. */
  tag: string;
  summary: string;
  description?: string;
  params?: Params;
  query?: Query;
  /** Only routes with a body read one (a JSON object, application/json). */
  body?: Body;
  /** The JSON of a successful answer. */
  response: Response;
  /** Success statuses with what each means; default { 200: "OK" }. */
  success?: Record<number, string>;
  /** Error statuses this route can answer besides the ones every route can (401, 403, 500, 503). */
  errors: number[];
  handle(
    input: RouteInput<z.output<Params>, z.output<Query>, z.output<Body>>,
  ): Promise<RouteAnswer & { body: z.input<Response> }>;
}

/** A route with its types erased, as the router and the OpenAPI generator see it. */
export interface Route {
  method: HttpMethod;
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string | undefined;
  params: z.ZodObject;
  query: z.ZodObject;
  body: z.ZodObject | undefined;
  response: z.ZodType;
  success: Record<number, string>;
  errors: number[];
  /** Validates the raw inputs (400 on failure), then runs the handler. */
  run(input: RouteInput<Record<string, string>, Record<string, string>, unknown>): Promise<RouteAnswer>;
}

export function defineRoute<
  Params extends z.ZodObject = NoFields,
  Query extends z.ZodObject = NoFields,
  Body extends z.ZodObject = NoFields,
  Response extends z.ZodType = z.ZodType,
>(definition: RouteDefinition<Params, Query, Body, Response>): Route {
  const params = definition.params ?? NO_FIELDS;
  const query = definition.query ?? NO_FIELDS;
  const missing = templateParameters(definition.path).filter((name) => !(name in params.shape));
  if (missing.length > 0) throw new Error(`${definition.path}: no schema for ${missing.join(", ")}`);
  return {
    method: definition.method,
    path: definition.path,
    operationId: definition.operationId,
    tag: definition.tag,
    summary: definition.summary,
    description: definition.description,
    params,
    query,
    body: definition.body,
    response: definition.response,
    success: definition.success ?? { 200: "OK" },
    errors: definition.errors,
    run: (input) =>
      definition.handle({
        ...input,
        params: validate(params, input.params, "path") as z.output<Params>,
        query: validate(query, input.query, "query string") as z.output<Query>,
        body: validate(definition.body ?? NO_FIELDS, input.body ?? {}, "request body") as z.output<Body>,
      }),
  };
}

function validate(schema: z.ZodType, value: unknown, where: string): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 5).map((issue) => {
    if (issue.code === "unrecognized_keys")
      return `unknown ${issue.keys.length === 1 ? "field" : "fields"} ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
    const field = issue.path.length > 0 ? JSON.stringify(issue.path.join(".")) : "value";
    return `${field}: ${issue.message}`;
  });
  throw new HttpError(400, "INVALID_INPUT", `Invalid ${where}: ${problems.join("; ")}.`);
}
