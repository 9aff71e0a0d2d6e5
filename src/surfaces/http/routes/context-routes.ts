import { createRoute, z } from "@hono/zod-openapi";
import { apiRoute, errorResponses, jsonResponse } from "../api-route.js";

/** The frozen session context an agent starts with (MemoryHome.buildContext). */
export const contextRoutes = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/context",
      operationId: "getContext",
      tags: ["context"],
      summary: "The session context: identity, user profile, notes, recent activity, memory instructions",
      description:
        "What an agent puts in its system prompt at session start (tagged blocks, then `basePrompt` when given).",
      request: {
        query: z
          .object({ basePrompt: z.string().optional().describe("Appended after the memory blocks.") })
          .strict(),
      },
      responses: {
        200: jsonResponse(z.object({ context: z.string() })),
        ...errorResponses([400]),
      },
    }),
    async (c) => {
      const { basePrompt } = c.req.valid("query");
      return c.json({ context: await c.var.memory.buildContext({ basePrompt }) }, 200);
    },
  ),
];
