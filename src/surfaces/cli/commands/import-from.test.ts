import { cp, readdir, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runMnemo } from "../../../testing/test-cli.js";
import { folderBytes } from "../../../testing/test-folder-files.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../../testing/test-home.js";
import { EXIT_CODES } from "../output.js";

/**
 * `mnemo import --from <format>` through the built binary, on fixtures written from each tool's
 * public documentation (test/fixtures/import-from/): every memory arrives once with its date and
 * source, a second import adds nothing, a dry run writes nothing, and a malformed file is named.
 */
const FIXTURES = join(REPOSITORY_ROOT, "test", "fixtures", "import-from");
/** The fixtures' files get this modification time: the date of whatever the format does not date. */
const FILE_TIME = new Date("2025-01-15T08:00:00.000Z");
const FILE_DATE = FILE_TIME.toISOString();

let scratch: string;
let home: string;
beforeEach(async () => {
  scratch = await makeTempDir("mnemo-import-from-");
  home = join(scratch, "home");
  await cp(FIXTURES, join(scratch, "in"), { recursive: true });
  for (const entry of await readdir(join(scratch, "in"), { recursive: true, withFileTypes: true }))
    if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), FILE_TIME, FILE_TIME);
});
afterEach(async () => {
  await removeDir(scratch);
});

interface Expected {
  /** The memory file, relative to the home, or a profile file with the section's name. */
  path: string;
  name: string;
  /** Relative to the copied fixtures folder; `mem0:` sources as they are. */
  source: string;
  /** The memory's validFrom; undefined for a profile section. */
  date?: string;
}

const CASES: Array<{ format: string; path: string; expected: Expected[]; skipped: string[] }> = [
  {
    format: "claude-code",
    path: "claude-code/memory",
    expected: [
      memory("memories/user_go-expert.md", "Go expert", "claude-code/memory/user_go_expert.md"),
      memory(
        "memories/feedback_integration-tests-hit-a-real-database.md",
        "Integration tests hit a real database",
        "claude-code/memory/feedback_real_database.md",
      ),
      memory(
        "memories/project_release-freeze.md",
        "Release freeze",
        "claude-code/memory/project_release_freeze.md",
      ),
      memory(
        "memories/reference_linear-tickets.md",
        "Linear tickets",
        "claude-code/memory/reference_linear_tickets.md",
      ),
      memory("memories/project_debugging.md", "debugging", "claude-code/memory/debugging.md"),
      { path: "MEMORY.md", name: "Claude Code notes", source: "claude-code/memory/MEMORY.md" },
    ],
    skipped: ["its index line points to project_old_note.md, which is not in the folder"],
  },
  {
    format: "claude-md",
    path: "claude-md/acme-api",
    expected: ["overview", "Commands", "Code style", "Architecture"].map((heading) =>
      memory(
        `memories/project_acme-api-claude-md-${heading.toLowerCase().replace(" ", "-")}.md`,
        `acme-api CLAUDE.md: ${heading}`,
        `claude-md/acme-api/CLAUDE.md#${heading}`,
      ),
    ),
    skipped: ["the section is empty"],
  },
  {
    format: "agents-md",
    path: "agents-md/acme-web/AGENTS.md",
    expected: ["Setup commands", "Testing instructions", "PR instructions"].map((heading) =>
      memory(
        `memories/project_acme-web-agents-md-${heading.toLowerCase().replace(" ", "-")}.md`,
        `acme-web AGENTS.md: ${heading}`,
        `agents-md/acme-web/AGENTS.md#${heading}`,
      ),
    ),
    skipped: [],
  },
  {
    format: "mem0",
    path: "mem0/mem0-export.json",
    expected: [
      {
        path: "memories/user_is-a-vegetarian-and-allergic-to-peanuts.md",
        name: "Is a vegetarian and allergic to peanuts",
        source: "mem0:892db2ae-06d9-49e5-8b3e-585ef9b85b8e",
        date: "2024-07-20T17:30:00.123Z",
      },
      {
        path: "memories/user_plays-tennis-on-weekends.md",
        name: "Plays tennis on weekends",
        source: "mem0:4c1e8f2a-9b7d-4e3c-a5f6-0d1c2b3a4e5f",
        date: "2024-09-15T01:45:10.500Z",
      },
      {
        path: "memories/user_works-as-a-data-engineer-at-a-logistics-startup-in-lisbon.md",
        name: "Works as a data engineer at a logistics startup in Lisbon",
        source: "mem0:a7d3c9e1-5f2b-4a8c-9e6d-1b0c2d3e4f5a",
        date: "2024-10-01T12:00:00.000Z",
      },
    ],
    skipped: ["the memory has no text"],
  },
  {
    format: "letta",
    path: "letta/support-agent.af",
    expected: [
      { path: "USER.md", name: "Human (Letta agent support-agent)", source: "letta/support-agent.af#human" },
      {
        path: "SOUL.md",
        name: "Persona (Letta agent support-agent)",
        source: "letta/support-agent.af#persona",
      },
      {
        path: "memories/project_support-agent-tickets.md",
        name: "support-agent tickets",
        source: "letta/support-agent.af#tickets",
        date: "2025-03-12T09:15:00.000Z",
      },
    ],
    skipped: ["the block is empty"],
  },
  {
    format: "cursor",
    path: "cursor/acme-app",
    expected: [
      memory(
        "memories/project_acme-app-rule-commits.md",
        "acme-app rule commits",
        "cursor/acme-app/.cursor/rules/commits.mdc",
      ),
      memory(
        "memories/project_acme-app-rule-typescript.md",
        "acme-app rule typescript",
        "cursor/acme-app/.cursor/rules/typescript.mdc",
      ),
      memory(
        "memories/project_acme-app-cursorrules-overview.md",
        "acme-app .cursorrules: overview",
        "cursor/acme-app/.cursorrules#overview",
      ),
      memory(
        "memories/project_acme-app-cursorrules-styling.md",
        "acme-app .cursorrules: Styling",
        "cursor/acme-app/.cursorrules#Styling",
      ),
    ],
    skipped: [],
  },
];

function memory(path: string, name: string, source: string): Expected {
  return { path, name, source, date: FILE_DATE };
}

function sourceOf(expected: Expected): string {
  return expected.source.startsWith("mem0:") ? expected.source : join(scratch, "in", expected.source);
}

function importFrom(format: string, path: string, ...flags: string[]) {
  const run = runMnemo([
    "import",
    "--from",
    format,
    join(scratch, "in", path),
    "--home",
    home,
    "--json",
    ...flags,
  ]);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<
    "added" | "updated" | "unchanged",
    Array<Record<string, string>>
  > & {
    skipped: Array<{ source: string; reason: string }>;
    dryRun: boolean;
  };
}

describe("mnemo import --from, the built binary", () => {
  it.each(CASES)(
    "$format: every memory arrives once with its date and source; a second import adds nothing",
    async ({ format, path, expected, skipped }) => {
      const first = importFrom(format, path);
      const arrived = (items: Array<Record<string, string>>) =>
        items.map((item) => ({ path: item.path, name: item.name, source: item.source }));
      const wanted = expected.map((each) => ({ path: each.path, name: each.name, source: sourceOf(each) }));
      expect(arrived(first.added)).toEqual(expect.arrayContaining(wanted));
      expect(first.added).toHaveLength(expected.length);
      expect(first.updated).toEqual([]);
      expect(first.skipped.map((item) => item.reason)).toEqual(skipped);

      for (const each of expected) {
        const text = await readFile(join(home, each.path), "utf8");
        if (each.date === undefined) {
          expect(text).toContain(`## ${each.name}\n`);
        } else {
          const frontmatter = parse(text.split(/^---$/m)[1] ?? "");
          expect(frontmatter).toMatchObject({
            name: each.name,
            source: sourceOf(each),
            validFrom: each.date,
          });
        }
      }
      const listed = runMnemo(["list", "--home", home, "--json"]);
      const typed = expected.filter((each) => each.date !== undefined).map((each) => each.name);
      expect(
        JSON.parse(listed.stdout)
          .memories.map((entry: { name: string }) => entry.name)
          .sort(),
      ).toEqual(typed.sort());

      const before = await folderBytes(home);
      const again = importFrom(format, path);
      expect({ added: again.added, updated: again.updated }).toEqual({ added: [], updated: [] });
      expect(arrived(again.unchanged)).toEqual(expect.arrayContaining(wanted));
      expect(again.unchanged).toHaveLength(expected.length);
      expect(await folderBytes(home)).toEqual(before);
    },
  );

  it("--dry-run says what the import would add and writes nothing", async () => {
    runMnemo(["remember", "Plays tennis on weekends", "--type", "user", "--name", "Tennis", "--home", home]);
    const before = await folderBytes(home);
    const dry = importFrom("mem0", "mem0/mem0-export.json", "--dry-run");
    expect(dry.dryRun).toBe(true);
    expect(dry.added.map((item) => item.source)).toEqual([
      "mem0:892db2ae-06d9-49e5-8b3e-585ef9b85b8e",
      "mem0:a7d3c9e1-5f2b-4a8c-9e6d-1b0c2d3e4f5a",
    ]);
    expect(dry.unchanged).toEqual([
      expect.objectContaining({ source: "mem0:4c1e8f2a-9b7d-4e3c-a5f6-0d1c2b3a4e5f", name: "Tennis" }),
    ]);
    expect(await folderBytes(home)).toEqual(before);

    const text = runMnemo([
      "import",
      "--from",
      "mem0",
      join(scratch, "in", "mem0", "mem0-export.json"),
      "--home",
      home,
      "--dry-run",
    ]);
    expect(text.stdout.split("\n").slice(0, 2)).toEqual([
      `Would import 3 items of mem0 from ${join(scratch, "in", "mem0", "mem0-export.json")}:`,
      "  2 added, 0 updated, 1 unchanged, 1 skipped",
    ]);
    expect(text.stderr).toContain("dry run: nothing was written");
    expect(await folderBytes(home)).toEqual(before);

    const done = importFrom("mem0", "mem0/mem0-export.json");
    expect([done.added.length, done.unchanged.length]).toEqual([2, 1]);
  });

  it("a malformed file stops the import before anything is saved, naming the file, the place and what to do", async () => {
    const exportFile = join(scratch, "in", "mem0", "mem0-export.json");
    const entries = JSON.parse(await readFile(exportFile, "utf8"));
    delete entries.results[2].memory;
    await writeFile(exportFile, JSON.stringify(entries, null, 2));
    const missing = runMnemo(["import", "--from", "mem0", exportFile, "--home", home]);
    expect(missing.status).toBe(EXIT_CODES.badFile);
    expect(missing.stderr).toContain(
      `Cannot import ${exportFile}, memory 3, field "memory": Invalid input: expected string`,
    );
    expect(missing.stderr).toContain("nothing was imported");

    await writeFile(exportFile, '{\n  "results": [\n    { "id": "1" "memory": "x" }\n  ]\n}\n');
    const broken = runMnemo(["import", "--from", "mem0", exportFile, "--home", home]);
    expect(broken.status).toBe(EXIT_CODES.badFile);
    expect(broken.stderr).toContain(`Cannot import ${exportFile}, line 3, column 17: it is not valid JSON`);

    const memoryFile = join(scratch, "in", "claude-code", "memory", "project_release_freeze.md");
    await writeFile(memoryFile, "---\nname: Release freeze\ntype: milestone\n---\n\nNo merges.\n");
    const badType = runMnemo([
      "import",
      "--from",
      "claude-code",
      join(scratch, "in", "claude-code", "memory"),
      "--home",
      home,
    ]);
    expect(badType.status).toBe(EXIT_CODES.badFile);
    expect(badType.stderr).toContain(
      `Cannot import ${memoryFile}, frontmatter field "type": "milestone" is not one of user, feedback, project, reference`,
    );
    expect([...(await folderBytes(home)).keys()].filter((path) => !path.startsWith(".index/"))).toEqual([]);
  });

  it("the user's own ~/.claude/CLAUDE.md becomes feedback for every project, named so", async () => {
    const userHome = join(scratch, "me");
    await cp(
      join(scratch, "in", "claude-md", "acme-api", "CLAUDE.md"),
      join(userHome, ".claude", "CLAUDE.md"),
    );
    const run = runMnemo(
      ["import", "--from", "claude-md", join(userHome, ".claude"), "--home", home, "--json"],
      {
        env: { HOME: userHome },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).added.map((item: { path: string }) => item.path)).toEqual([
      "memories/feedback_claude-code-all-projects-overview.md",
      "memories/feedback_claude-code-all-projects-commands.md",
      "memories/feedback_claude-code-all-projects-code-style.md",
      "memories/feedback_claude-code-all-projects-architecture.md",
    ]);
  });

  it("an unknown format is refused with the list of formats", () => {
    const run = runMnemo(["import", "--from", "obsidian", scratch, "--home", home]);
    expect(run.status).toBe(EXIT_CODES.usage);
    expect(run.stderr).toContain(
      'Unknown import format "obsidian"; use one of claude-code, claude-md, mem0, letta, agents-md, cursor.',
    );
  });
});
