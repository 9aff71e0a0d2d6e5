import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Route } from "./define-route.js";
import { templateParameters } from "./path-template.js";

/**
 * The OpenAPI 3.1 description of the HTTP API, generated from the route definitions: the same zod
 * schemas validate the requests and document them. Served at GET /openapi.json.
 */
export const OPENAPI_PATH = "/openapi.json";
export const MCP_PATH = "/mcp";

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input: a parameter, field or name to correct (a name with / or .. too), or a body that is not JSON",
  401: "The bearer token is missing or wrong",
  403: "Without a token: the request names a host that is not loopback, or comes from a web page",
  404: "Not found: no such memory, section, text to replace or topic",
  409: "A file in the memory home does not parse; fix it by hand or run `mnemo doctor --fix`",
  413: "Too large: the body is over the server's limit, or the text over its size limit",
  415: "The body is not sent as application/json",
  500: "A bug in mnemo; the server log has the details",
  503: "Memory is disabled, another writer held the lock too long (Retry-After), or the file system refused",
};
const EVERY_ROUTE_ERRORS = [401, 403, 500, 503];
const BODY_ERRORS = [400, 413, 415];

export function buildOpenApiDocument(routes: readonly Route[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "mnemo HTTP API",
      version: packageVersion(),
      description:
        "One memory home over HTTP: typed memories, profile sections, the journal, search and the session context. " +
        `Errors are { "error": { "code", "message" } }. The same server answers MCP's Streamable HTTP at ${MCP_PATH} ` +
        "when started by `mnemo serve`. See docs/http.md.",
    },
    // A token is required whenever the server was started with one (always, off loopback).
    security: [{}, { bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      schemas: {
        Error: jsonSchemaOf(
          z.object({ error: z.object({ code: z.string(), message: z.string() }) }).strict(),
          "output",
        ),
      },
    },
  };
}

function operationOf(route: Route): Record<string, unknown> {
  const errors = [...new Set([...route.errors, ...(route.body ? BODY_ERRORS : []), ...EVERY_ROUTE_ERRORS])];
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(route.success))
    responses[status] = {
      description,
      content: { "application/json": { schema: jsonSchemaOf(route.response, "output") } },
    };
  for (const status of errors.sort((a, b) => a - b))
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? "Error",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description === undefined ? {} : { description: route.description }),
    parameters: [
      ...templateParameters(route.path).map((name) => parameterOf(route.params, name, "path")),
      ...Object.keys(route.query.shape).map((name) => parameterOf(route.query, name, "query")),
    ],
    ...(route.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(route.body, "input") } },
          },
        }),
    responses,
  };
}

function parameterOf(object: z.ZodObject, name: string, where: "path" | "query"): Record<string, unknown> {
  const field = object.shape[name] as z.ZodType;
  const { description, ...schema } = jsonSchemaOf(field, "input");
  const required = where === "path" || !field.safeParse(undefined).success;
  return { name, in: where, required, ...(description === undefined ? {} : { description }), schema };
}

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  return rest;
}

function packageVersion(): string {
  const text = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
  const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
  return typeof version === "string" ? version : "unknown";
}
