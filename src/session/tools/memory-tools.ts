import type { z } from "zod";
import type { ChatToolSpec } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { errorMessage } from "../../errors.js";
import { memoryAddTool } from "./memory-add.js";
import { memoryDeleteTool } from "./memory-delete.js";
import { memoryGetTool } from "./memory-get.js";
import { memoryListTool } from "./memory-list.js";
import { memoryReadTool } from "./memory-read.js";
import { memoryReadTopicTool } from "./memory-read-topic.js";
import { memoryRecordConversationTool } from "./memory-record-conversation.js";
import { memoryRemoveTool } from "./memory-remove.js";
import { memoryReplaceTool } from "./memory-replace.js";
import { memorySaveTool } from "./memory-save.js";
import { memorySearchTool } from "./memory-search.js";
import {
  type MemoryTool,
  type MemoryToolResult,
  type MemoryToolRunOptions,
  toolError,
} from "./memory-tool.js";

/**
 * Every memory tool, in the order a model is shown them. Of the typed-memory tools, the reading ones
 * come before the writing ones: a client that probes tools in order (by their arguments) reads first.
 */
export const MEMORY_TOOLS: readonly MemoryTool[] = [
  memoryReadTool,
  memoryAddTool,
  memoryReplaceTool,
  memoryRemoveTool,
  memoryGetTool,
  memoryListTool,
  memorySaveTool,
  memoryDeleteTool,
  memoryReadTopicTool,
  memorySearchTool,
  memoryRecordConversationTool,
];

/**
 * Runs a tool call as a model made it: `rawArguments` is JSON text or an already parsed value.
 * Never rejects for anything a model can get wrong (unknown tool, arguments that are not JSON or do
 * not validate, engine errors): those come back as `ok: false` results that say what to do. Only an
 * aborted `signal` rejects, with its reason.
 */
export async function runMemoryTool(
  memory: MemoryHome,
  name: string,
  rawArguments: unknown,
  options: MemoryToolRunOptions & { tools?: readonly MemoryTool[] } = {},
): Promise<MemoryToolResult> {
  // Only the tools the caller offered may run, whatever name the model sends.
  const offered = options.tools ?? MEMORY_TOOLS;
  const tool = offered.find((each) => each.name === name);
  if (!tool) {
    const names = offered.map((each) => each.name).join(", ");
    return toolError("NOT_FOUND", `There is no memory tool "${name}"; the memory tools are ${names}.`);
  }
  const value = parseArguments(rawArguments);
  if (!value.ok)
    return toolError(
      "INVALID_INPUT",
      `The arguments of ${name} are not valid JSON (${value.problem}); send an object: ${describeArguments(tool)}.`,
    );
  const parsed = tool.input.safeParse(value.value);
  if (!parsed.success) return toolError("INVALID_INPUT", describeIssues(tool, parsed.error));
  return tool.run(memory, parsed.data, { signal: options.signal, onProgress: options.onProgress });
}

/** OpenAI chat-completions `tools`. */
export function toOpenAiTools(tools: readonly MemoryTool[] = MEMORY_TOOLS) {
  return tools.map((tool) => ({
    type: "function" as const,
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));
}

/** The tool specs of mnemo's own ChatModel contract. */
export function toChatToolSpecs(tools: readonly MemoryTool[] = MEMORY_TOOLS): ChatToolSpec[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
  }));
}

/** One handler per tool name, for any agent framework; each behaves as runMemoryTool. */
export function memoryToolHandlers(
  memory: MemoryHome,
): Record<string, (args: unknown, options?: MemoryToolRunOptions) => Promise<MemoryToolResult>> {
  return Object.fromEntries(
    MEMORY_TOOLS.map((tool) => [
      tool.name,
      (args: unknown, options?: MemoryToolRunOptions) => runMemoryTool(memory, tool.name, args, options),
    ]),
  );
}

/** JSON text is parsed; empty text and a missing value mean "no arguments". */
function parseArguments(raw: unknown): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (raw === undefined || raw === null) return { ok: true, value: {} };
  if (typeof raw !== "string") return { ok: true, value: raw };
  if (raw.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, problem: errorMessage(error) };
  }
}

function describeIssues(tool: MemoryTool, error: z.ZodError): string {
  const problems = error.issues.slice(0, 5).map((issue) => {
    if (issue.code === "unrecognized_keys")
      return `unknown ${issue.keys.length === 1 ? "argument" : "arguments"} ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
    const field = issue.path.length > 0 ? JSON.stringify(issue.path.join(".")) : "arguments";
    return `${field}: ${issue.message}`;
  });
  return `Invalid arguments for ${tool.name}: ${problems.join("; ")}. Expected ${describeArguments(tool)}.`;
}

/** `{ file: soul|user|memory|daily, section?: string }`, from the tool's JSON Schema. */
function describeArguments(tool: MemoryTool): string {
  const properties = (tool.inputSchema.properties ?? {}) as Record<
    string,
    { type?: string; enum?: unknown[] }
  >;
  const required = new Set((tool.inputSchema.required ?? []) as string[]);
  const fields = Object.entries(properties).map(([key, schema]) => {
    const type = schema.enum ? schema.enum.join("|") : (schema.type ?? "value");
    return `${key}${required.has(key) ? "" : "?"}: ${type}`;
  });
  return `{ ${fields.join(", ")} }`;
}
