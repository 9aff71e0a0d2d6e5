import type { Scope } from "../../engine/scopes/scope-names.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import {
  errorResult,
  type MemoryTool,
  type MemoryToolResult,
  type MemoryToolRunOptions,
} from "./memory-tool.js";
import { scopeArgument, withScopeArgument, withScopeLabel } from "./scoped-tool-schemas.js";

/**
 * A reading tool on a stack that reads every layer at once (memory_list, memory_search): the tool
 * with an optional `scope` ("Default: every layer.") and each item of `labelled` labelled with its
 * scope. `run` gets the scope asked for (undefined: every layer) and the other arguments; a failure
 * is an error result, unless the call was aborted.
 */
export function acrossLayersTool<Args>(
  stack: ScopeStack,
  tool: MemoryTool,
  labelled: "memories" | "hits",
  run: (scope: Scope | undefined, args: Args, options: MemoryToolRunOptions) => Promise<MemoryToolResult>,
): MemoryTool {
  return {
    ...tool,
    ...withScopeArgument(tool, scopeArgument(stack.scopes, "Default: every layer.")),
    outputSchema: withScopeLabel(tool.outputSchema, stack.scopes, labelled),
    async run(_memory, args, options = {}) {
      options.signal?.throwIfAborted();
      const { scope, ...rest } = args as { scope?: Scope };
      try {
        return await run(scope, rest as Args, options);
      } catch (error) {
        options.signal?.throwIfAborted();
        return errorResult(error);
      }
    },
  };
}
