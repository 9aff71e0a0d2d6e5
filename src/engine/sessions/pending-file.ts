import { z } from "zod";
import { errorMessage } from "../../errors.js";

/**
 * One conversation whose session-end extraction failed, as it waits in `.pending/<sessionId>.json`
 * (the queue is pending-queue.ts). Its grammar lives in a file of its own so that an import checks a queued conversation by the same schema the queue reads it with.
 */
const toolCallSchema = z.object({ id: z.string(), name: z.string(), arguments: z.string() });

export const chatMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: z.string() }),
  z.object({ role: z.literal("user"), content: z.string() }),
  z.object({
    role: z.literal("assistant"),
    content: z.string(),
    toolCalls: z.array(toolCallSchema).optional(),
  }),
  z.object({ role: z.literal("tool"), toolCallId: z.string(), content: z.string() }),
]);

export const PENDING_SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

const pendingFileSchema = z.object({
  version: z.literal(1),
  sessionId: z.string().regex(PENDING_SESSION_ID, "not a valid session id"),
  /** ISO 8601 time of the first failure; the queue is processed oldest first. */
  queuedAt: z.string(),
  attempts: z.number().int().min(1),
  lastError: z.string(),
  transcript: z.array(chatMessageSchema),
  /** The process extracting it now, and since when (ISO 8601). */
  claim: z.object({ pid: z.number().int(), host: z.string(), at: z.string() }).optional(),
});

export type PendingFile = z.output<typeof pendingFileSchema>;

export function parsePendingFile(
  text: string,
): { ok: true; file: PendingFile } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `not JSON: ${errorMessage(error)}` };
  }
  const parsed = pendingFileSchema.safeParse(value);
  if (parsed.success) return { ok: true, file: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, problem: `${issue?.path.join(".") || "the file"}: ${issue?.message ?? "invalid"}` };
}
