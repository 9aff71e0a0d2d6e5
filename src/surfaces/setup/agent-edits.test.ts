import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { agentEdits } from "./agent-edits.js";
import { isMnemoHookCommand } from "./claude-hooks-edit.js";
import type { Agent, FileEdit, SetupScope, SetupTarget } from "./file-edit.js";

/** The pure edits of each agent's files, on texts as the agents' documentation shows them. */
function target(scope: SetupScope, bin = "/opt/mnemo/bin/mnemo"): SetupTarget {
  return {
    scope,
    userDirectory: "/home/ada",
    projectDirectory: "/home/ada/app",
    codexDirectory: "/home/ada/.codex",
    mcpServer: { command: bin, args: ["mcp"] },
    shellCommand: (words) => [bin, ...words].join(" "),
  };
}

function edit(agent: Agent, scope: SetupScope, file: string, bin?: string): FileEdit {
  const found = agentEdits(agent, target(scope, bin)).find((each) => each.path.endsWith(file));
  if (!found) throw new Error(`no edit of ${file}`);
  return found;
}

const SETTINGS = `{
    "model": "opus",
    "hooks": {
        "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hi"}]}],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./check.sh"}]}]
    }
}`;

describe("the files of each agent and scope", () => {
  it.each([
    [
      "claude-code",
      "project",
      ["/home/ada/app/.claude/settings.json", "/home/ada/app/.mcp.json", "/home/ada/app/CLAUDE.md"],
    ],
    [
      "claude-code",
      "user",
      ["/home/ada/.claude/settings.json", "/home/ada/.claude.json", "/home/ada/.claude/CLAUDE.md"],
    ],
    ["codex", "project", ["/home/ada/app/.codex/config.toml", "/home/ada/app/AGENTS.md"]],
    ["codex", "user", ["/home/ada/.codex/config.toml", "/home/ada/.codex/AGENTS.md"]],
    ["cursor", "project", ["/home/ada/app/.cursor/mcp.json", "/home/ada/app/.cursor/rules/mnemo.mdc"]],
    ["cursor", "user", ["/home/ada/.cursor/mcp.json"]],
  ] as const)("%s --%s writes %j", (agent, scope, paths) => {
    expect(agentEdits(agent, target(scope)).map((each) => each.path)).toEqual(paths);
  });
});

describe("Claude Code's settings.json", () => {
  const settings = edit("claude-code", "project", "settings.json");

  it("gets one mnemo hook per event after the hooks that are there, and gives them back on remove", () => {
    const added = settings.add(SETTINGS) ?? "";
    const parsed = JSON.parse(added);
    expect(parsed.model).toBe("opus");
    expect(parsed.hooks.PreToolUse).toEqual(JSON.parse(SETTINGS).hooks.PreToolUse);
    expect(parsed.hooks.SessionStart).toEqual([
      JSON.parse(SETTINGS).hooks.SessionStart[0],
      { hooks: [{ type: "command", command: "/opt/mnemo/bin/mnemo hook session-start" }] },
    ]);
    expect(parsed.hooks.UserPromptSubmit[0].hooks[0].command).toBe(
      "/opt/mnemo/bin/mnemo hook user-prompt-submit",
    );
    expect(parsed.hooks.PreCompact[0].hooks[0].command).toBe("/opt/mnemo/bin/mnemo learn --hook");
    expect(parsed.hooks.SessionEnd[0].hooks[0].command).toBe("/opt/mnemo/bin/mnemo learn --hook");
    expect(settings.add(added)).toBe(added);
    expect(settings.remove(added)).toBe(SETTINGS);
  });

  it("gives back byte for byte a file that was only {} or held only an empty hooks object", () => {
    for (const original of ["{}", "{}\n", "{ }", '{\n  "hooks": {}\n}\n', '{"hooks":{}}']) {
      const added = settings.add(original) ?? "";
      expect(JSON.parse(added).hooks.SessionStart, original).toHaveLength(1);
      expect(settings.remove(added), JSON.stringify(original)).toBe(original);
    }
  });

  it("moves its hooks to the mnemo that runs setup now, once each", () => {
    const old = settings.add(SETTINGS) ?? "";
    const moved = edit("claude-code", "project", "settings.json", "/usr/local/bin/mnemo").add(old) ?? "";
    const commands = JSON.stringify(JSON.parse(moved).hooks);
    expect(commands).not.toContain("/opt/mnemo");
    expect(commands.match(/hook session-start/g)).toHaveLength(1);
    expect(settings.remove(moved)).toBe(SETTINGS);
  });

  it("takes out a mnemo hook a person put into a group of their own, leaving their hook", () => {
    const shared = SETTINGS.replace(
      '"command": "echo hi"}',
      '"command": "echo hi"}, {"type": "command", "command": "mnemo hook session-start --home ~/m"}',
    );
    expect(settings.remove(shared)).toBe(SETTINGS);
  });

  it("creates the file whole when there is none, and deletes it on remove", () => {
    const created = settings.add(undefined) ?? "";
    expect(Object.keys(JSON.parse(created).hooks)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreCompact",
      "SessionEnd",
    ]);
    expect(created).toBe(`${JSON.stringify(JSON.parse(created), null, 2)}\n`);
    expect(settings.remove(created)).toBeUndefined();
    expect(settings.remove(undefined)).toBeUndefined();
  });

  it("refuses settings it cannot merge into, naming the file and the key", () => {
    expect(() => settings.add('{"hooks": []}')).toThrow(
      /"hooks" is not an object in \/home\/ada\/app\/\.claude\/settings\.json/,
    );
    expect(() => settings.add('{"hooks": {"SessionEnd": {}}}')).toThrow(/"hooks.SessionEnd" is not an array/);
    expect(() => settings.add("{ nope")).toThrow(/settings\.json is not valid JSON/);
    expect(() => settings.add("[]")).toThrow(/does not hold a JSON object/);
  });

  it.each([
    ["/usr/bin/node /x/dist/surfaces/cli/main.js hook session-start", true],
    ["'/home/a b/mnemo' hook user-prompt-submit --home /m", true],
    ["mnemo learn --hook", true],
    ["mnemo-other hook session-start", false],
    ["echo mnemo", false],
    ["./learn --hook", false],
  ])("%s is mnemo's hook: %s", (command, expected) => {
    expect(isMnemoHookCommand(command)).toBe(expected);
  });
});

describe("mcpServers in a JSON file", () => {
  const mcp = edit("cursor", "project", "mcp.json");
  const cursorDefault = '{\n  "mcpServers": {}\n}\n';

  it("adds mnemo into the empty mcpServers Cursor writes, and gives that file back on remove", () => {
    const added = mcp.add(cursorDefault) ?? "";
    expect(JSON.parse(added).mcpServers.mnemo).toEqual({ command: "/opt/mnemo/bin/mnemo", args: ["mcp"] });
    expect(mcp.add(added)).toBe(added);
    expect(mcp.remove(added)).toBe(cursorDefault);
  });

  it("points an entry at another mnemo to this one, and leaves other servers alone", () => {
    const other =
      '{"mcpServers": {"github": {"command": "npx"}, "mnemo": {"command": "/old/mnemo", "args": ["mcp"]}}}';
    const parsed = JSON.parse(mcp.add(other) ?? "");
    expect(parsed.mcpServers).toEqual({
      github: { command: "npx" },
      mnemo: { command: "/opt/mnemo/bin/mnemo", args: ["mcp"] },
    });
  });

  it("refuses an mcpServers that is not an object", () => {
    expect(() => mcp.add('{"mcpServers": []}')).toThrow(
      /"mcpServers" in \/home\/ada\/app\/\.cursor\/mcp\.json is not an object/,
    );
  });

  it("remove leaves a file without mnemo as it is", () => {
    expect(mcp.remove(cursorDefault)).toBe(cursorDefault);
  });
});

describe("Codex's config.toml", () => {
  const config = edit("codex", "user", "config.toml");
  const existing =
    'model = "o3"\n\n[mcp_servers.context7]\ncommand = "npx"\nargs = ["-y", "@upstash/context7-mcp"]\n';

  it("gets a [mcp_servers.mnemo] table Codex reads, after the others, and loses exactly it on remove", () => {
    const added = config.add(existing) ?? "";
    expect(added.startsWith(existing)).toBe(true);
    const parsed = parseToml(added) as { model: string; mcp_servers: Record<string, unknown> };
    expect(parsed.model).toBe("o3");
    expect(parsed.mcp_servers).toEqual({
      context7: { command: "npx", args: ["-y", "@upstash/context7-mcp"] },
      mnemo: { command: "/opt/mnemo/bin/mnemo", args: ["mcp"] },
    });
    expect(config.add(added)).toBe(added);
    expect(config.remove(added)).toBe(existing);
  });

  it("writes paths with quotes and backslashes as TOML strings", () => {
    const odd = agentEdits("codex", {
      ...target("user"),
      mcpServer: { command: 'C:\\mnemo "x"\x7f', args: ["mcp"] },
    })[0];
    const parsed = parseToml(odd?.add(undefined) ?? "") as { mcp_servers: { mnemo: { command: string } } };
    expect(parsed.mcp_servers.mnemo.command).toBe('C:\\mnemo "x"\x7f');
  });

  it("refuses a file that is not TOML, a mnemo server it did not write, and an inline mcp_servers", () => {
    expect(() => config.add("model = ")).toThrow(
      /\/home\/ada\/\.codex\/config\.toml is not valid TOML \(line 1/,
    );
    expect(() => config.add('[mcp_servers.mnemo]\ncommand = "mnemo"\n')).toThrow(
      /already has an MCP server named mnemo/,
    );
    expect(() => config.add('mcp_servers = { other = { command = "x" } }\n')).toThrow(
      /would not read \[mcp_servers\.mnemo\] back/,
    );
  });
});

describe("instructions in CLAUDE.md, AGENTS.md and a Cursor rule", () => {
  it("a section between markers that says which tools to use, added to the file and taken out again", () => {
    const agents = edit("codex", "project", "AGENTS.md");
    const original = "# AGENTS.md\n\nRun pnpm test.";
    const added = agents.add(original) ?? "";
    expect(added).toMatch(
      /^# AGENTS\.md\n\nRun pnpm test\.\n\n<!-- mnemo:begin \(written by mnemo setup codex;/,
    );
    expect(added).toContain("`memory_search`");
    expect(agents.remove(added)).toBe(original);
    expect(agents.remove(undefined)).toBeUndefined();
  });

  it("Claude Code is told that memory arrives through its hooks; Codex to search for it", () => {
    expect(edit("claude-code", "project", "CLAUDE.md").add(undefined)).toContain(
      "given at the start of the session",
    );
    expect(edit("codex", "project", "AGENTS.md").add(undefined)).toContain(
      "At the start of a task, search memory",
    );
  });

  it("the Cursor rule is always applied, is setup's own file, and is never taken from someone else", () => {
    const rule = edit("cursor", "project", "mnemo.mdc");
    const written = rule.add(undefined) ?? "";
    expect(written).toMatch(/^---\ndescription: .+\nalwaysApply: true\n---\n/);
    expect(rule.add(written)).toBe(written);
    expect(rule.remove(written)).toBeUndefined();
    expect(() => rule.add("my own rule")).toThrow(/mnemo\.mdc exists and was not written by mnemo setup/);
    expect(rule.remove("my own rule")).toBe("my own rule");
  });
});
