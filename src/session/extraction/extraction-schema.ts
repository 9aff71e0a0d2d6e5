import { z } from "zod";
import { MEMORY_TYPES } from "../../engine/memdir/memory-types.js";
import { errorMessage, MnemoError } from "../../errors.js";

/**
 * What the extraction call answers: typed memories (seed 001), categorised journal entries
 * (seed 000) and a short summary of the session for today's log (seed 002).
 *
 *     {"memories": [{"type": "feedback", "name": "Prefers tabs", "description": "Tabs in every project",
 *                    "body": "Indent with tabs. **Why:** ...", "supersedes": null}],
 *      "entries": [{"category": "user_pref", "text": "The user wants answers in French."}],
 *      "summary": "Set up the CI for the billing service."}
 */
export const extractionAnswerSchema = z.object({
  memories: z.array(
    z.object({
      type: z.enum(MEMORY_TYPES),
      name: z.string(),
      description: z.string(),
      body: z.string(),
      /** The name of an existing memory this one replaces, or null. */
      supersedes: z.string().nullable().default(null),
    }),
  ),
  entries: z.array(z.object({ category: z.string(), text: z.string() })),
  summary: z.string(),
});

export type ExtractionAnswer = z.output<typeof extractionAnswerSchema>;

/**
 * The JSON Schema sent as `responseFormat` (every key required, no extra keys, as OpenAI's strict
 * mode wants; `supersedes` is null when unused). The answer is validated again on arrival.
 */
export const EXTRACTION_JSON_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(extractionAnswerSchema, {
    override: (context) => {
      delete context.jsonSchema.default;
    },
  });
  return schema;
})();

export type ExtractionParse = { ok: true; answer: ExtractionAnswer } | { ok: false; error: MnemoError };

/**
 * Reads the model's answer: code fences and text around the JSON object are tolerated, anything
 * else that is not the expected JSON comes back as a MODEL_OUTPUT error saying what was wrong.
 */
export function parseExtractionAnswer(text: string): ExtractionParse {
  const json = parseJsonObject(text);
  if (!json.ok) return { ok: false, error: modelOutputError(json.problem) };
  const parsed = extractionAnswerSchema.safeParse(json.value);
  if (parsed.success) return { ok: true, answer: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(the answer)"}: ${issue.message}`);
  return {
    ok: false,
    error: modelOutputError(
      `it does not have the expected shape {memories, entries, summary} (${issues.join("; ")})`,
    ),
  };
}

function parseJsonObject(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const trimmed = stripCodeFence(text.trim());
  if (trimmed === "") return { ok: false, problem: "it is empty" };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch (error) {
    const start = trimmed.indexOf("{");
    const end = trimmed.lastIndexOf("}");
    if (start !== -1 && end > start) {
      try {
        return { ok: true, value: JSON.parse(trimmed.slice(start, end + 1)) };
      } catch {
        // Fall through to the first error, which describes the text as it came.
      }
    }
    return {
      ok: false,
      problem: `it is not JSON (${errorMessage(error)}); it starts with ${preview(trimmed)}`,
    };
  }
}

function stripCodeFence(text: string): string {
  const fenced = /^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/.exec(text);
  return fenced ? (fenced[1] ?? "").trim() : text;
}

function preview(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

function modelOutputError(problem: string): MnemoError {
  return new MnemoError("MODEL_OUTPUT", `The model's extraction answer was not usable: ${problem}.`);
}
