import { execFileSync } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parse as parseToml } from "smol-toml";
import { afterEach, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * `mnemo setup` through the built bin, with HOME a scratch folder and the project another: for each
 * agent and scope, into nothing and into files that already hold other settings. The foreign files
 * are written as each agent's documentation shows them (Claude Code's settings.json hooks and
 * permissions, .mcp.json and ~/.claude.json mcpServers; Codex's config.toml [mcp_servers.NAME]
 * tables; Cursor's mcp.json, which Cursor itself creates as an empty mcpServers, and .mdc rules).
 */
type Agent = "claude-code" | "codex" | "cursor";
type Scope = "project" | "user";

const CLAUDE_SETTINGS = `{
    "$schema": "https://json.schemastore.org/claude-code-settings.json",
    "model": "opus",
    "permissions": {
        "allow": ["Bash(npm run test:*)", "Read(~/.zshrc)"]
    },
    "hooks": {
        "SessionStart": [
            {
                "matcher": "startup",
                "hooks": [{ "type": "command", "command": "echo 'Remember: run the tests'", "timeout": 10 }]
            }
        ],
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [{ "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/check-bash.sh" }]
            }
        ]
    }
}`;
const MCP_JSON = `{
  "mcpServers": {
    "github": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-github"],
      "env": { "GITHUB_TOKEN": "\${GITHUB_TOKEN}" }
    }
  }
}
`;
const CLAUDE_JSON = `${JSON.stringify(
  {
    numStartups: 12,
    projects: { "/home/ada/app": { allowedTools: [], mcpServers: {} } },
    mcpServers: {
      context7: { type: "stdio", command: "npx", args: ["-y", "@upstash/context7-mcp"], env: {} },
    },
  },
  null,
  2,
)}\n`;
const CODEX_CONFIG = `# Codex settings
model = "gpt-5-codex"
approval_policy = "on-request"

[mcp_servers.context7]
command = "npx"
args = ["-y", "@upstash/context7-mcp"]
startup_timeout_sec = 20

[mcp_servers.context7.env]
DEBUG = "1"`;
const INSTRUCTIONS = "# Notes for agents\n\n## Build\n\nRun `pnpm test` before committing.\n";
const CURSOR_EMPTY = '{\n  "mcpServers": {}\n}\n';
const CURSOR_USER = '{\n  "mcpServers": {\n    "linear": { "url": "https://mcp.linear.app/sse" }\n  }\n}\n';
const CURSOR_RULE =
  '---\ndescription: House style\nglobs: "src/**/*.ts"\nalwaysApply: false\n---\nUse tabs.\n';

/** The files of each agent and scope that hold other settings before setup, by folder ("home" or "project"). */
const FOREIGN: Record<Agent, Record<Scope, Record<string, string>>> = {
  "claude-code": {
    project: {
      "project/.claude/settings.json": CLAUDE_SETTINGS,
      "project/.mcp.json": MCP_JSON,
      "project/CLAUDE.md": "# Notes\n\nUse pnpm, not npm.",
    },
    user: {
      "home/.claude/settings.json": CLAUDE_SETTINGS,
      "home/.claude.json": CLAUDE_JSON,
      "home/.claude/CLAUDE.md": INSTRUCTIONS,
    },
  },
  codex: {
    project: { "project/.codex/config.toml": `${CODEX_CONFIG}\n`, "project/AGENTS.md": INSTRUCTIONS },
    user: { "home/.codex/config.toml": CODEX_CONFIG, "home/.codex/AGENTS.md": INSTRUCTIONS },
  },
  cursor: {
    project: { "project/.cursor/mcp.json": CURSOR_EMPTY, "project/.cursor/rules/style.mdc": CURSOR_RULE },
    user: { "home/.cursor/mcp.json": CURSOR_USER },
  },
};

/** Where each agent reads mnemo's MCP entry, and the files setup writes, relative to the scratch folder. */
const WRITTEN: Record<Agent, Record<Scope, string[]>> = {
  "claude-code": {
    project: ["project/.claude/settings.json", "project/.mcp.json", "project/CLAUDE.md"],
    user: ["home/.claude/settings.json", "home/.claude.json", "home/.claude/CLAUDE.md"],
  },
  codex: {
    project: ["project/.codex/config.toml", "project/AGENTS.md"],
    user: ["home/.codex/config.toml", "home/.codex/AGENTS.md"],
  },
  cursor: {
    project: ["project/.cursor/mcp.json", "project/.cursor/rules/mnemo.mdc"],
    user: ["home/.cursor/mcp.json"],
  },
};
const MCP_FILE: Record<Agent, Record<Scope, string>> = {
  "claude-code": { project: "project/.mcp.json", user: "home/.claude.json" },
  codex: { project: "project/.codex/config.toml", user: "home/.codex/config.toml" },
  cursor: { project: "project/.cursor/mcp.json", user: "home/.cursor/mcp.json" },
};

const CASES = (Object.keys(WRITTEN) as Agent[]).flatMap((agent) =>
  (["project", "user"] as const).map((scope) => [agent, scope] as const),
);

let scratch: string | undefined;
afterEach(async () => {
  if (scratch) await removeDir(scratch);
  scratch = undefined;
});

async function newScratch(files: Record<string, string> = {}): Promise<string> {
  scratch = await makeTempDir("mnemo-setup-");
  await mkdir(join(scratch, "home"));
  await mkdir(join(scratch, "project"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(scratch, path)), { recursive: true });
    await writeFile(join(scratch, path), text);
  }
  return scratch;
}

function setup(folder: string, args: string[]) {
  return runMnemo(["setup", ...args], {
    cwd: join(folder, "project"),
    env: { HOME: join(folder, "home"), CODEX_HOME: "" },
  });
}

/** Every file and folder under the scratch folder, with the files' bytes. */
async function tree(folder: string): Promise<Record<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const result: Record<string, string> = {};
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const key = path.slice(folder.length + 1);
    result[key] = entry.isDirectory() ? "<folder>" : await readFile(path, "utf8");
  }
  return result;
}

/** The MCP entry as the agent reads it from its file. */
function mnemoServer(agent: Agent, text: string): { command: string; args: string[] } {
  const parsed = (agent === "codex" ? parseToml(text) : JSON.parse(text)) as Record<string, unknown>;
  const servers = (agent === "codex" ? parsed.mcp_servers : parsed.mcpServers) as Record<string, unknown>;
  return servers.mnemo as { command: string; args: string[] };
}

/** Setup only inserts: the old text is the new one with characters left out. */
function isKeptWithin(before: string, after: string): boolean {
  let at = 0;
  for (const character of after) if (character === before[at]) at += 1;
  return at === before.length;
}

describe("mnemo setup AGENT", { timeout: 120_000 }, () => {
  it.each(CASES)("%s --%s into nothing: dry run, setup, again, remove", async (agent, scope) => {
    const folder = await newScratch();
    const dry = setup(folder, [agent, `--${scope}`, "--dry-run"]);
    expect(dry.status, dry.stderr).toBe(0);
    for (const path of WRITTEN[agent][scope])
      expect(dry.stdout).toContain(`+++ b/${path.replace(/^\w+\//, "")}`);
    expect(dry.stderr).toContain("dry run: nothing was written");
    expect(await tree(folder)).toEqual({ home: "<folder>", project: "<folder>" });

    const first = setup(folder, [agent, `--${scope}`]);
    expect(first.status, first.stderr).toBe(0);
    const written = await tree(folder);
    for (const path of WRITTEN[agent][scope]) expect(Object.keys(written)).toContain(path);
    const server = mnemoServer(agent, written[MCP_FILE[agent][scope]] ?? "");
    expect(server.args.at(-1)).toBe("mcp");

    const again = setup(folder, [agent, `--${scope}`]);
    expect(again.status, again.stderr).toBe(0);
    expect(
      again.stdout
        .split("\n")
        .filter(Boolean)
        .every((line) => line.startsWith("unchanged")),
    ).toBe(true);
    expect(again.stderr).toContain("already set up: nothing changed");
    expect(await tree(folder)).toEqual(written);

    const removed = setup(folder, [agent, `--${scope}`, "--remove"]);
    expect(removed.status, removed.stderr).toBe(0);
    expect(await tree(folder)).toEqual({ home: "<folder>", project: "<folder>" });
  });

  it.each(CASES)(
    "%s --%s into other settings: every foreign entry kept, remove gives the bytes back",
    async (agent, scope) => {
      const folder = await newScratch(FOREIGN[agent][scope]);
      const before = await tree(folder);

      const dry = setup(folder, [agent, `--${scope}`, "--dry-run"]);
      expect(dry.status, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(/^@@ .* @@$/m);
      expect(await tree(folder)).toEqual(before);

      const first = setup(folder, [agent, `--${scope}`]);
      expect(first.status, first.stderr).toBe(0);
      const after = await tree(folder);
      for (const [path, text] of Object.entries(FOREIGN[agent][scope])) {
        expect(isKeptWithin(text, after[path] ?? ""), `${path}:\n${after[path]}`).toBe(true);
      }
      expect(mnemoServer(agent, after[MCP_FILE[agent][scope]] ?? "").args.at(-1)).toBe("mcp");

      expect(setup(folder, [agent, `--${scope}`]).status).toBe(0);
      expect(await tree(folder)).toEqual(after);

      const removed = setup(folder, [agent, `--${scope}`, "--remove"]);
      expect(removed.status, removed.stderr).toBe(0);
      expect(await tree(folder)).toEqual(before);
    },
  );

  it("keeps Claude Code's own hooks and servers next to mnemo's, as Claude Code reads them", async () => {
    const folder = await newScratch(FOREIGN["claude-code"].project);
    expect(setup(folder, ["claude-code", "--project"]).status).toBe(0);
    const settings = JSON.parse(await readFile(join(folder, "project/.claude/settings.json"), "utf8"));
    const original = JSON.parse(CLAUDE_SETTINGS);
    expect(settings.permissions).toEqual(original.permissions);
    expect(settings.hooks.PreToolUse).toEqual(original.hooks.PreToolUse);
    expect(settings.hooks.SessionStart[0]).toEqual(original.hooks.SessionStart[0]);
    const commands = (event: string) =>
      settings.hooks[event].flatMap((group: { hooks: Array<{ command: string }> }) =>
        group.hooks.map((hook) => hook.command),
      );
    expect(commands("SessionStart")[1]).toMatch(/ hook session-start$/);
    expect(commands("UserPromptSubmit")).toEqual([expect.stringMatching(/ hook user-prompt-submit$/)]);
    expect(commands("PreCompact")).toEqual([expect.stringMatching(/ learn --hook$/)]);
    expect(commands("SessionEnd")).toEqual([expect.stringMatching(/ learn --hook$/)]);
    const servers = JSON.parse(await readFile(join(folder, "project/.mcp.json"), "utf8")).mcpServers;
    expect(servers.github).toEqual(JSON.parse(MCP_JSON).mcpServers.github);
    expect(await readFile(join(folder, "project/CLAUDE.md"), "utf8")).toMatch(
      /^# Notes\n\nUse pnpm, not npm.\n\n<!-- mnemo:begin [^\n]*-->\n## Memory \(mnemo\)\n[\s\S]*memory_search[\s\S]*<!-- mnemo:end -->$/,
    );
  });

  it("refuses a settings file it cannot read as JSON, naming it, and writes nothing", async () => {
    const folder = await newScratch({ "project/.mcp.json": '{ "mcpServers": { "github": ' });
    const before = await tree(folder);
    const result = setup(folder, ["claude-code", "--project"]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`${join(folder, "project/.mcp.json")} is not valid JSON`);
    expect(await tree(folder)).toEqual(before);
  });

  it.each(["claude-code", "codex", "cursor"] as const)(
    "%s: the MCP entry written with --home starts a server on that home",
    async (agent) => {
      const folder = await newScratch();
      const memoryHome = join(folder, "memory");
      expect(setup(folder, [agent, "--user", "--home", memoryHome]).status).toBe(0);
      const file = await readFile(join(folder, MCP_FILE[agent].user), "utf8");
      const { command, args } = mnemoServer(agent, file);
      expect(args.slice(-3)).toEqual(["mcp", "--home", memoryHome]);
      const transport = new StdioClientTransport({
        command,
        args,
        env: { HOME: join(folder, "home") },
        stderr: "pipe",
      });
      const client = new Client({ name: "mnemo-setup-test", version: "1.0.0" });
      try {
        await client.connect(transport);
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toContain("memory_search");
        await client.callTool({
          name: "memory_add",
          arguments: { file: "user", section: "Name", content: "The user is Ada." },
        });
      } finally {
        await client.close();
      }
      expect(await readFile(join(memoryHome, "USER.md"), "utf8")).toContain("The user is Ada.");
    },
  );

  it("the SessionStart hook written into settings.json runs through sh and prints the context as JSON", async () => {
    const folder = await newScratch();
    const memoryHome = join(folder, "memory");
    const env = { ...process.env, HOME: join(folder, "home") };
    expect(
      runMnemo(["profile", "add", "user", "Name", "The user is Ada.", "--home", memoryHome]).status,
    ).toBe(0);
    expect(setup(folder, ["claude-code", "--user", "--home", memoryHome]).status).toBe(0);
    const settings = JSON.parse(await readFile(join(folder, "home/.claude/settings.json"), "utf8"));
    const command: string = settings.hooks.SessionStart[0].hooks[0].command;
    const stdin = JSON.stringify({
      session_id: "abc123",
      transcript_path: join(folder, "home/.claude/projects/-project/abc123.jsonl"),
      cwd: join(folder, "project"),
      hook_event_name: "SessionStart",
      source: "startup",
    });
    // The command as written, with a budget a loaded CI machine cannot run out of.
    const stdout = execFileSync("sh", ["-c", `${command} --budget-ms 60000`], {
      input: stdin,
      env,
      cwd: join(folder, "project"),
    }).toString();
    expect(JSON.parse(stdout).hookSpecificOutput).toEqual({
      hookEventName: "SessionStart",
      additionalContext: expect.stringContaining("The user is Ada."),
    });
  });
});
