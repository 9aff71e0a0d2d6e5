import type { MemoryHome } from "../../../index.js";
import type { Scope, ScopeStack } from "../../../scopes.js";
import { defineCommand } from "../cli-command.js";

/** One layer of the stack as `mnemo scopes` shows it. */
interface LayerRow {
  scope: Scope;
  home: string;
  backend: "files" | "postgres";
  memories: number;
  /** The layer's share of the split of contextBudgetTokens, and the tokens its blocks were granted now. */
  share: number;
  grantedTokens: number;
}

export const scopes = defineCommand({
  name: "scopes",
  summary: "Show the stack of memory homes a session here opens",
  description:
    "Show the layers a session started in this folder works on, nearest first: the repository's .mnemo/ " +
    "(found by walking up, as git does), the user's home; with each one's place, backend, memory count and " +
    "share of the context budget (docs/scopes.md).",
  examples: ["mnemo scopes", "mnemo scopes --json"],
  input: () => ({}),
  run: async (_input, { memory }) => ({
    contextBudgetTokens: memory.config.contextBudgetTokens,
    layers: [await rowOf("user", memory, 1, memory.config.contextBudgetTokens)],
  }),
  render: renderRows,
  scoped: {
    async run(_input, { scopes }: { scopes: ScopeStack }) {
      const snapshots = await scopes.contextSnapshots({ defaultIdentity: false });
      const weights = scopes.layers.reduce((sum, layer) => sum + layer.share, 0);
      const layers = await Promise.all(
        scopes.layers.map((layer) =>
          rowOf(
            layer.scope,
            layer.memory,
            layer.share / weights,
            snapshots.find((each) => each.scope === layer.scope)?.grantedTokens ?? 0,
          ),
        ),
      );
      return { contextBudgetTokens: scopes.contextBudgetTokens, layers };
    },
    render: renderRows,
  },
});

async function rowOf(
  scope: Scope,
  memory: MemoryHome,
  share: number,
  grantedTokens: number,
): Promise<LayerRow> {
  const memories = (await memory.memories.list({ limit: 1 })).total;
  const backend = memory.home.startsWith("postgres") ? "postgres" : "files";
  return { scope, home: memory.home, backend, memories, share, grantedTokens };
}

function renderRows(data: { contextBudgetTokens: number; layers: LayerRow[] }): string {
  return [
    ...data.layers.map(
      (row) =>
        `${row.scope.padEnd(8)} ${row.home}  ${row.backend}  ${row.memories} memories  ` +
        `share ${Math.round(row.share * 100)}% (${row.grantedTokens} tokens now)`,
    ),
    `context budget: ${data.contextBudgetTokens} tokens`,
  ].join("\n");
}
