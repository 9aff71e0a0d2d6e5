/** The files setup changes for each agent and scope, as the agents' documentation places them. */
import { join } from "node:path";
import { claudeHooksEdit } from "./claude-hooks-edit.js";
import { codexConfigEdit } from "./codex-config-edit.js";
import { cursorRuleEdit } from "./cursor-rule-edit.js";
import type { Agent, FileEdit, SetupTarget } from "./file-edit.js";
import { memoryInstructions } from "./instructions.js";
import { markdownSectionEdit } from "./markdown-section-edit.js";
import { mcpServersEdit } from "./mcp-servers-edit.js";

export function agentEdits(agent: Agent, target: SetupTarget): FileEdit[] {
  const project = target.scope === "project";
  const base = project ? target.projectDirectory : target.userDirectory;
  switch (agent) {
    case "claude-code":
      return [
        // Project: settings and instructions shared through the repository; user: ~/.claude/.
        claudeHooksEdit(join(base, ".claude", "settings.json"), (words) => target.shellCommand(words)),
        mcpServersEdit(join(base, project ? ".mcp.json" : ".claude.json"), target.mcpServer),
        markdownSectionEdit(
          project ? join(base, "CLAUDE.md") : join(base, ".claude", "CLAUDE.md"),
          agent,
          memoryInstructions({ hooks: true }),
        ),
      ];
    case "codex": {
      const folder = project ? join(base, ".codex") : target.codexDirectory;
      return [
        codexConfigEdit(join(folder, "config.toml"), target.mcpServer),
        markdownSectionEdit(
          project ? join(base, "AGENTS.md") : join(folder, "AGENTS.md"),
          agent,
          memoryInstructions({ hooks: false }),
        ),
      ];
    }
    case "cursor":
      // Cursor keeps user rules in its settings, not in files: --user writes the MCP entry only.
      return project
        ? [
            mcpServersEdit(join(base, ".cursor", "mcp.json"), target.mcpServer),
            cursorRuleEdit(join(base, ".cursor", "rules", "mnemo.mdc")),
          ]
        : [mcpServersEdit(join(base, ".cursor", "mcp.json"), target.mcpServer)];
  }
}
