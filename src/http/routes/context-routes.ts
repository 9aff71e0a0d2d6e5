import { z } from "zod";
import { defineRoute } from "../define-route.js";

/** The frozen session context an agent starts with (MemoryHome.buildContext). */
export const contextRoutes = [
  defineRoute({
    method: "GET",
    path: "/v1/context",
    operationId: "getContext",
    tag: "context",
    summary: "The session context: identity, user profile, notes, recent activity, memory instructions",
    description:
      "What an agent puts in its system prompt at session start (tagged blocks, then `basePrompt` when given).",
    query: z
      .object({ basePrompt: z.string().optional().describe("Appended after the memory blocks.") })
      .strict(),
    response: z.object({ context: z.string() }),
    errors: [400],
    async handle({ memory, query }) {
      return { body: { context: await memory.buildContext({ basePrompt: query.basePrompt }) } };
    },
  }),
];
