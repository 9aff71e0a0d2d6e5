import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { TokenGrant } from "../../../contracts/token-registry.js";
import type { MemoryHomes } from "../../../engine/tenancy/memory-homes.js";
import { type ApiEnv, apiRoute, errorResponses, jsonBody, jsonResponse } from "../api-route.js";
import { HttpError } from "../http-error.js";

/**
 * Administration of a server of many homes (`mnemo serve --homes`), for admin tokens only: create
 * and list homes, issue, list and revoke tokens. Here a home id comes from the body, since the
 * admin names the home to create; no route here reads or writes a home's memory.
 */
const tags = ["admin"];

/** 403 for a token that may not administer; hands the homes to the admin routes. */
export function adminOnly(homes: MemoryHomes): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!c.var.grant?.admin)
      throw new HttpError(
        403,
        "FORBIDDEN",
        "This token may not administer the server: use an admin token (mnemo tokens create --admin).",
      );
    c.set("homes", homes);
    await next();
  };
}

const homeIdField = z
  .string()
  .describe('A home id: "/"-separated parts of a-z, 0-9, "-" and "_", such as "acme/user-42".');

const rightsJson = z
  .object({
    write: z.boolean().describe("May change the home; false: read-only."),
    agents: z.array(z.string()).optional().describe("The only agents it may write as (Mnemo-Agent)."),
    read: z.enum(["all", "own"]).describe('"own": only list and search filtered (?agent=) to its agents.'),
  })
  .strict()
  .describe("How the token is limited; absent: full rights on its homes.");

const grantJson = z.object({
  id: z.string().describe("Names the token in list and revoke; not the secret."),
  homes: z.array(z.string()).describe("The homes whose memory the token reaches."),
  admin: z.boolean().describe("May create homes and manage tokens."),
  label: z.string().optional(),
  createdAt: z.string().describe("ISO 8601."),
  rights: rightsJson.optional(),
});

function toGrantJson(grant: TokenGrant): z.input<typeof grantJson> {
  const { id, homes, admin, label, createdAt, rights } = grant;
  return { id, homes, admin, label, createdAt: createdAt.toISOString(), rights };
}

const createdHomeJson = z.object({ homeId: z.string(), created: z.boolean() });

export const ADMIN_ROUTES = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/admin/homes",
      operationId: "listHomes",
      tags,
      summary: "List the memory homes (admin token)",
      responses: { 200: jsonResponse(z.object({ homes: z.array(z.string()) })), ...errorResponses([]) },
    }),
    async (c) => c.json({ homes: await c.var.homes.listHomes() }, 200),
  ),
  apiRoute(
    createRoute({
      method: "post",
      path: "/v1/admin/homes",
      operationId: "createHome",
      tags,
      summary: "Create a memory home (admin token); 200 when it existed already",
      request: { body: jsonBody(z.object({ homeId: homeIdField }).strict()) },
      responses: {
        200: jsonResponse(createdHomeJson, "The home existed already"),
        201: jsonResponse(createdHomeJson, "Created the home"),
        ...errorResponses([400], { body: true }),
      },
    }),
    async (c) => {
      const result = await c.var.homes.createHome(c.req.valid("json").homeId);
      return result.created ? c.json(result, 201) : c.json(result, 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/admin/tokens",
      operationId: "listTokens",
      tags,
      summary: "List the tokens, without their secrets (admin token)",
      responses: { 200: jsonResponse(z.object({ tokens: z.array(grantJson) })), ...errorResponses([]) },
    }),
    async (c) => c.json({ tokens: (await c.var.homes.listTokens()).map(toGrantJson) }, 200),
  ),
  apiRoute(
    createRoute({
      method: "post",
      path: "/v1/admin/tokens",
      operationId: "issueToken",
      tags,
      summary: "Issue a token for existing homes (admin token); its secret is in this answer only",
      request: {
        body: jsonBody(
          z
            .object({
              homes: z.array(homeIdField).describe("The homes it reaches (they must exist)."),
              admin: z.boolean().optional().describe("May create homes and manage tokens."),
              label: z.string().optional().describe("A note for people, one line."),
              rights: rightsJson.optional(),
            })
            .strict(),
        ),
      },
      responses: {
        201: jsonResponse(
          grantJson.extend({
            token: z.string().describe("Send as Authorization: Bearer <token>. Shown once."),
          }),
        ),
        ...errorResponses([400, 404], { body: true }),
      },
    }),
    async (c) => {
      const { token, grant } = await c.var.homes.issueToken(c.req.valid("json"));
      return c.json({ ...toGrantJson(grant), token }, 201);
    },
  ),
  apiRoute(
    createRoute({
      method: "delete",
      path: "/v1/admin/tokens/{id}",
      operationId: "revokeToken",
      tags,
      summary: "Revoke a token (admin token): refused by every server from the next request",
      request: { params: z.object({ id: z.string() }) },
      responses: {
        200: jsonResponse(z.object({ id: z.string(), revoked: z.literal(true) })),
        ...errorResponses([404]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await c.var.homes.revokeToken(id);
      return c.json({ id, revoked: true as const }, 200);
    },
  ),
];
