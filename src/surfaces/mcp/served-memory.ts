import type { MemoryHome } from "../../index.js";
import { type Scope, ScopeStack } from "../../scopes.js";
import { MEMORY_TOOLS, type MemoryTool, scopedMemoryTools } from "../../tools.js";

/**
 * What an MCP server serves: one memory home, or a stack of homes (docs/scopes.md). A stack gives
 * the scoped tools and its composed context; its session home (the user's) holds the session log,
 * and its files are the `mnemo://` resources, the other layers' under `mnemo://<scope>/`.
 */
export interface ServedMemory {
  home: MemoryHome;
  tools: readonly MemoryTool[];
  /** A stack's tools on its layers as `asClient` makes each (the MCP client's name as their agent). */
  toolsWritingAs?: (asClient: (memory: MemoryHome) => MemoryHome) => readonly MemoryTool[];
  context(basePrompt: string | undefined): Promise<string>;
  /** A stack's layers other than `home`: their files are resources too, under `mnemo://<scope>/`. */
  resourceLayers: ReadonlyArray<{ scope: Scope; memory: MemoryHome }>;
  /** For people: "the memory home X", or the stack's layers. */
  description: string;
}

export function servedMemory(memory: MemoryHome | ScopeStack): ServedMemory {
  if (!(memory instanceof ScopeStack))
    return {
      home: memory,
      tools: MEMORY_TOOLS,
      context: (basePrompt) => memory.buildContext({ basePrompt }),
      resourceLayers: [],
      description: `the memory home ${memory.home}`,
    };
  const layers = memory.layers.map((layer) => `${layer.scope} ${layer.memory.home}`);
  return {
    home: memory.sessionHome,
    tools: scopedMemoryTools(memory),
    toolsWritingAs: (asClient) =>
      scopedMemoryTools(
        new ScopeStack(memory.layers.map((layer) => ({ ...layer, memory: asClient(layer.memory) }))),
      ),
    context: (basePrompt) => memory.context({ basePrompt }),
    resourceLayers: memory.layers.filter((layer) => layer.memory !== memory.sessionHome),
    description: `the stack of homes (${layers.join(", ")})`,
  };
}
