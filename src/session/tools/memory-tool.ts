import { z } from "zod";
import type { SecretDetectedError } from "../../engine/guard/secret-guard.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { errorMessage, MnemoError, type MnemoErrorCode } from "../../errors.js";

/**
 * One memory tool, defined once and shared by the chat agent, the MCP server and the HTTP API:
 * a description written for a model, the arguments as a zod schema and as JSON Schema, and a
 * handler that turns every engine error into a result the model can act on.
 */
export interface MemoryTool<Input extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  /** For a model: when to use the tool and what it returns. */
  readonly description: string;
  /** True for tools that only read (MCP annotations: readOnlyHint). */
  readonly readOnly: boolean;
  /** The arguments; `runMemoryTool` validates with it before `run`. */
  readonly input: Input;
  /** JSON Schema of the arguments: type object, properties, required, additionalProperties false. */
  readonly inputSchema: Record<string, unknown>;
  /**
   * JSON Schema of `data` in a successful result. A failed result's data is `{ error: { code,
   * message } }` instead, so send no structured content with an MCP error result.
   */
  readonly outputSchema: Record<string, unknown>;
  /**
   * Runs the tool on validated arguments. Never rejects for an error a model can cause (engine
   * errors come back as `ok: false`); only an aborted `signal` rejects, with its reason.
   */
  run(memory: MemoryHome, args: z.output<Input>, options?: MemoryToolRunOptions): Promise<MemoryToolResult>;
}

export interface MemoryToolRunOptions {
  signal?: AbortSignal;
  /** Long work of a tool reports here (memory_search building the index on a home's first search). */
  onProgress?: (progress: { progress: number; total: number; message: string }) => void;
}

export interface MemoryToolResult {
  ok: boolean;
  /** Short and useful to a model: what changed or what was found, or what went wrong and what to do. */
  text: string;
  /** Structured; fits the tool's outputSchema when ok, else `{ error: { code, message } }`. */
  data: Record<string, unknown>;
}

/** MnemoError codes, plus UNEXPECTED for a failure that is not a MnemoError (a bug, most likely). */
export type MemoryToolErrorCode = MnemoErrorCode | "UNEXPECTED";

/** Longest `text` a result carries; longer text is cut, with a note saying so. */
export const MAX_RESULT_TEXT = 4000;

export interface MemoryToolDefinition<Input extends z.ZodObject, Output extends z.ZodObject> {
  name: string;
  description: string;
  readOnly: boolean;
  input: Input;
  output: Output;
  /** Longest result text; default MAX_RESULT_TEXT. A tool that reads one thing whole sets more. */
  maxText?: number;
  /** May throw MnemoErrors: they become `ok: false` results. */
  run(
    memory: MemoryHome,
    args: z.output<Input>,
    options: MemoryToolRunOptions,
  ): Promise<{ text: string; data: z.output<Output> }>;
}

export function defineMemoryTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  definition: MemoryToolDefinition<Input, Output>,
): MemoryTool<Input> {
  return {
    name: definition.name,
    description: definition.description,
    readOnly: definition.readOnly,
    input: definition.input,
    inputSchema: jsonSchemaOf(definition.input, "input"),
    outputSchema: jsonSchemaOf(definition.output, "output"),
    async run(memory, args, options = {}) {
      options.signal?.throwIfAborted();
      try {
        const { text, data } = await definition.run(memory, args, options);
        // Through the output schema: structured content holds exactly what outputSchema declares,
        // so a field an engine type gains later cannot make MCP clients reject the result.
        return { ok: true, text: capText(text, definition.maxText), data: definition.output.parse(data) };
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        return errorResult(error);
      }
    },
  };
}

/** A failed result: the error's code and message, for the model and for structured callers. */
export function toolError(code: MemoryToolErrorCode, message: string): MemoryToolResult {
  return { ok: false, text: capText(`Error (${code}): ${message}`), data: { error: { code, message } } };
}

export function errorResult(error: unknown): MemoryToolResult {
  if (!MnemoError.isInstance(error)) return toolError("UNEXPECTED", errorMessage(error));
  if (error.code === "SECRET_DETECTED") return toolError(error.code, secretRefusalForModel(error));
  return toolError(error.code, error.message);
}

/** A model cannot ask for redaction: it is told what was found and to keep credentials out of memory. */
function secretRefusalForModel(error: MnemoError): string {
  const { field, kinds } = error as SecretDetectedError;
  return (
    `Nothing was stored: ${field} holds what looks like a credential (${kinds.join(", ")}). ` +
    "Never store passwords, API keys, tokens or private keys in memory. Save the fact without the secret " +
    '(for example "the deploy key is in the team\'s password manager").'
  );
}

/** Cuts `text` to at most `max` characters, ending with a note that says how much is shown. */
export function capText(text: string, max = MAX_RESULT_TEXT): string {
  if (text.length <= max) return text;
  let shown = max - 80;
  const last = text.charCodeAt(shown - 1);
  if (last >= 0xd800 && last <= 0xdbff) shown -= 1; // never split a surrogate pair
  return `${text.slice(0, shown)}\n[cut: ${shown} of ${text.length} characters shown]`;
}

/** JSON Schema as OpenAI function parameters and MCP tool schemas take it: no `$schema` key. */
function jsonSchemaOf(schema: z.ZodObject, io: "input" | "output"): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(generated).filter(([key]) => key !== "$schema"));
}
