import type { ScopedManifest, ScopeStack } from "../../engine/scopes/scope-stack.js";
import { acrossLayersTool } from "./across-layers-tool.js";
import { listWith } from "./memory-list.js";
import { capText, type MemoryTool } from "./memory-tool.js";

/** memory_list on a stack: every layer's typed memories in one list, newest first, each with its scope. */
export function scopedListTool(stack: ScopeStack, tool: MemoryTool): MemoryTool {
  return acrossLayersTool<Parameters<typeof listWith>[1]>(stack, tool, "memories", async (scope, page) => {
    let manifest: ScopedManifest | undefined;
    const list = async (query: typeof page) => {
      manifest = await stack.list({ ...query, scopes: scope === undefined ? undefined : [scope] });
      return manifest;
    };
    const { text, data } = await listWith(list, page, (index) => `[${manifest?.memories[index]?.scope}] `);
    const scopes = manifest?.memories.map((entry) => entry.scope) ?? [];
    const memories = data.memories.map((entry, index) => ({ ...entry, scope: scopes[index] }));
    const problems = data.problems.map(({ path, line, problem }) => ({ path, line, problem }));
    return { ok: true, text: capText(text), data: { ...data, memories, problems } };
  });
}
