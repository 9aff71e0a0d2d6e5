/**
 * The JSON a coding agent sends its hook on stdin (Claude Code: session_id, transcript_path, cwd,
 * hook_event_name, and prompt for UserPromptSubmit). Fields mnemo does not use are allowed.
 */
import { z } from "zod";
import { MnemoError } from "../../errors.js";

const hookInputSchema = z.looseObject({
  session_id: z.string().optional(),
  transcript_path: z.string().optional(),
  cwd: z.string().optional(),
  hook_event_name: z.string().optional(),
  prompt: z.string().optional(),
});

export type HookInput = z.infer<typeof hookInputSchema>;

export function parseHookInput(text: string): HookInput {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MnemoError(
      "INVALID_INPUT",
      `the hook's stdin is not JSON (it starts with ${JSON.stringify(text.slice(0, 40))})`,
    );
  }
  const parsed = hookInputSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "the input";
    throw new MnemoError(
      "INVALID_INPUT",
      `the hook's stdin does not fit: ${field}: ${issue?.message ?? "invalid"}`,
    );
  }
  return parsed.data;
}

/** What a hook prints for the agent to add to the model's context. */
export function additionalContextOutput(eventName: string, text: string): string {
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: eventName, additionalContext: text } })}\n`;
}
