import type { Scope } from "../../engine/scopes/scope-names.js";
import type { ScopedManifest, ScopeStack } from "../../engine/scopes/scope-stack.js";
import { listWith } from "./memory-list.js";
import { capText, errorResult, type MemoryTool } from "./memory-tool.js";
import { scopeArgument, withScopeArgument, withScopeLabel } from "./scoped-tool-schemas.js";

/** memory_list on a stack: every layer's typed memories in one list, newest first, each with its scope. */
export function scopedListTool(stack: ScopeStack, tool: MemoryTool): MemoryTool {
  return {
    ...tool,
    ...withScopeArgument(tool, scopeArgument(stack.scopes, "Default: every layer.")),
    outputSchema: withScopeLabel(tool.outputSchema, stack.scopes, "memories"),
    async run(_memory, args, options = {}) {
      options.signal?.throwIfAborted();
      const { scope, ...page } = args as { scope?: Scope } & Parameters<typeof listWith>[1];
      let manifest: ScopedManifest | undefined;
      const list = async (query: typeof page) => {
        manifest = await stack.list({ ...query, scopes: scope === undefined ? undefined : [scope] });
        return manifest;
      };
      try {
        const { text, data } = await listWith(
          list,
          page,
          (index) => `[${manifest?.memories[index]?.scope}] `,
        );
        const scopes = manifest?.memories.map((entry) => entry.scope) ?? [];
        const memories = data.memories.map((entry, index) => ({ ...entry, scope: scopes[index] }));
        const problems = data.problems.map(({ path, line, problem }) => ({ path, line, problem }));
        return { ok: true, text: capText(text), data: { ...data, memories, problems } };
      } catch (error) {
        options.signal?.throwIfAborted();
        return errorResult(error);
      }
    },
  };
}
