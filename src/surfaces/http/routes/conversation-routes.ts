import { createRoute, z } from "@hono/zod-openapi";
import { MAX_CONVERSATION_MESSAGES_PER_ADD } from "../../../home.js";
import { redactedSecretsOutput } from "../../../session/tools/redacted-secrets.js";
import { apiRoute, errorResponses, jsonBody, jsonResponse } from "../api-route.js";
import { redactSecretsField } from "../redact-secrets-field.js";

/** Conversation memory: one transcript per session, searched by /v1/search message by message. */
const tags = ["conversations"];

const sessionParam = z.object({
  session: z.string().describe('The conversation: 1 to 128 letters, digits, "_", "-" or ".".'),
});

const turnJson = z.object({
  turn: z.number().int().describe("1-based position in the conversation."),
  speaker: z.string(),
  time: z.string().describe('Local time, "YYYY-MM-DD HH:MM".'),
  text: z.string(),
  line: z.number().int().describe("Where the message starts in the transcript."),
});

export const conversationRoutes = [
  apiRoute(
    createRoute({
      method: "get",
      path: "/v1/conversations/{session}",
      operationId: "readConversation",
      tags,
      summary: "Read a conversation's messages in order (none when nothing was recorded)",
      request: { params: sessionParam },
      responses: {
        200: jsonResponse(z.object({ session: z.string(), path: z.string(), turns: z.array(turnJson) })),
        ...errorResponses([400]),
      },
    }),
    async (c) => {
      const { session, path, turns } = await c.var.memory.conversations.read(c.req.valid("param").session);
      return c.json({ session, path, turns }, 200);
    },
  ),
  apiRoute(
    createRoute({
      method: "post",
      path: "/v1/conversations/{session}/messages",
      operationId: "addConversationMessages",
      tags,
      summary: "Record messages of a conversation, in the order they were said",
      request: {
        params: sessionParam,
        body: jsonBody(
          z
            .object({
              messages: z
                .array(
                  z
                    .object({
                      speaker: z.string().describe('Who said it, one word: "user", "assistant", a name.'),
                      text: z.string().describe("What was said."),
                      at: z.iso
                        .datetime({ offset: true, local: true })
                        .optional()
                        .describe("When it was said, ISO 8601; default: now."),
                    })
                    .strict(),
                )
                .min(1)
                .max(MAX_CONVERSATION_MESSAGES_PER_ADD)
                .describe(`At most ${MAX_CONVERSATION_MESSAGES_PER_ADD} a request.`),
              redactSecrets: redactSecretsField,
            })
            .strict(),
        ),
      },
      responses: {
        201: jsonResponse(
          z.object({
            session: z.string(),
            path: z.string(),
            added: z.array(turnJson),
            redactedSecrets: redactedSecretsOutput,
          }),
          "The messages were recorded",
        ),
        ...errorResponses([400, 409, 413, 422], { body: true }),
      },
    }),
    async (c) => {
      const { session } = c.req.valid("param");
      const { messages, redactSecrets } = c.req.valid("json");
      const result = await c.var.memory.conversations.add(
        session,
        messages.map((message) => ({
          ...message,
          at: message.at === undefined ? undefined : new Date(message.at),
        })),
        { redactSecrets },
      );
      const { path, added, redactedSecrets } = result;
      return c.json({ session, path, added, redactedSecrets }, 201);
    },
  ),
];
