import type { Scope } from "../../engine/scopes/scope-names.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import {
  errorResult,
  type MemoryTool,
  type MemoryToolResult,
  type MemoryToolRunOptions,
  toolError,
} from "./memory-tool.js";
import { MEMORY_TOOLS } from "./memory-tools.js";
import { scopedListTool } from "./scoped-list.js";
import { scopedSearchTool } from "./scoped-search.js";
import { scopeArgument, withScopeArgument, withScopeLabel } from "./scoped-tool-schemas.js";

/**
 * The memory tools on a stack of homes (docs/scopes.md): the same names, descriptions and schemas
 * as one home's, plus an optional `scope` argument and the `scope` of the layer in every result.
 * memory_search and memory_list answer from every layer at once. A typed memory is saved in the
 * layer of its type (user and feedback: the user's home; project and reference: the project's);
 * profile and conversation writes go to the user's home; a memory, topic or text to change is
 * looked for nearest layer first. A scoped tool ignores the home `run` is given: its layers are
 * the stack's, so the surfaces run it as any tool (runMemoryTool with `tools`).
 */
type Where = "by type" | "user" | "nearest";

const WHERE: Record<string, Where> = {
  memory_read: "user",
  memory_add: "user",
  memory_replace: "nearest",
  memory_remove: "nearest",
  memory_get: "nearest",
  memory_save: "by type",
  memory_delete: "nearest",
  memory_read_topic: "nearest",
  memory_record_conversation: "user",
};

const DEFAULT_OF: Record<Where, string> = {
  "by type": "Default: by type (user and feedback: user; project and reference: project).",
  user: "Default: user.",
  nearest: "Default: the nearest layer that holds it (project before user).",
};

export function scopedMemoryTools(stack: ScopeStack): MemoryTool[] {
  return MEMORY_TOOLS.map((tool) => {
    if (tool.name === "memory_search") return scopedSearchTool(stack, tool);
    if (tool.name === "memory_list") return scopedListTool(stack, tool);
    return scopedTool(stack, tool, WHERE[tool.name] ?? "user");
  });
}

function scopedTool(stack: ScopeStack, tool: MemoryTool, where: Where): MemoryTool {
  return {
    ...tool,
    ...withScopeArgument(tool, scopeArgument(stack.scopes, DEFAULT_OF[where])),
    outputSchema: withScopeLabel(tool.outputSchema, stack.scopes),
    async run(_memory, args, options = {}) {
      const { scope, ...rest } = args as { scope?: Scope } & Record<string, unknown>;
      if (where === "nearest") return nearest(stack, tool, { scope, args: rest }, options);
      try {
        const type =
          where === "by type" ? (rest.type as Parameters<ScopeStack["route"]>[0]["type"]) : undefined;
        const layer = stack.route({ type, scope: scope ?? (where === "user" ? "user" : undefined) });
        return labelled(await tool.run(layer.memory, rest, options), layer.scope);
      } catch (error) {
        options.signal?.throwIfAborted();
        return errorResult(error);
      }
    },
  };
}

/** The named layer, else each layer nearest first until one holds what the call names. */
async function nearest(
  stack: ScopeStack,
  tool: MemoryTool,
  call: { scope: Scope | undefined; args: Record<string, unknown> },
  options: MemoryToolRunOptions,
): Promise<MemoryToolResult> {
  const layers = stack.layers.filter((layer) => call.scope === undefined || layer.scope === call.scope);
  if (layers.length === 0) return errorResult(missingLayer(stack, call.scope));
  let first: MemoryToolResult | undefined;
  for (const layer of layers) {
    const result = await tool.run(layer.memory, call.args, options);
    if (result.ok || errorCode(result) !== "NOT_FOUND") return labelled(result, layer.scope);
    first ??= result;
  }
  const looked = layers.map((layer) => layer.scope).join(" and ");
  const message = (first?.data.error as { message: string } | undefined)?.message ?? "Not found.";
  return toolError("NOT_FOUND", `${message} (looked in the ${looked} layers)`);
}

/** A stack without the layer the call names: the stack's own error, which says what to do. */
function missingLayer(stack: ScopeStack, scope: Scope | undefined): unknown {
  try {
    stack.route({ scope });
    return new Error(`There is no ${scope} layer.`);
  } catch (error) {
    return error;
  }
}

function errorCode(result: MemoryToolResult): string | undefined {
  return (result.data.error as { code?: string } | undefined)?.code;
}

/** A result of one layer: its text starts with the layer, its data carries it. */
export function labelled(result: MemoryToolResult, scope: Scope): MemoryToolResult {
  if (!result.ok) return result;
  return { ok: true, text: `[${scope}] ${result.text}`, data: { ...result.data, scope } };
}
