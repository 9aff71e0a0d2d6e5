import { describe, expect, it } from "vitest";
import { mapClaudeCodeMemory } from "./claude-code-memory.js";

const modifiedAt = new Date("2025-01-15T08:00:00.000Z");
const file = (name: string, text: string) => ({ path: `/m/${name}`, text, modifiedAt });

describe("mapClaudeCodeMemory", () => {
  it("keeps each memory file's type, name and description, dated by the file", () => {
    const plan = mapClaudeCodeMemory([
      file(
        "feedback_tabs.md",
        "---\nname: Prefers tabs\ndescription: Tabs everywhere\ntype: Feedback\n---\n\nIndent with tabs.\n",
      ),
      file("debugging_notes.md", "TZ=UTC for the flaky test.\n"),
    ]);
    expect(plan.items).toEqual([
      {
        kind: "memory",
        type: "feedback",
        name: "Prefers tabs",
        description: "Tabs everywhere",
        content: "Indent with tabs.",
        date: "2025-01-15T08:00:00.000Z",
        source: "/m/feedback_tabs.md",
      },
      expect.objectContaining({
        type: "project",
        name: "debugging notes",
        content: "TZ=UTC for the flaky test.",
      }),
    ]);
  });

  it("leaves MEMORY.md's index out, skips a line to a missing file, and keeps its notes as a MEMORY.md section", () => {
    const plan = mapClaudeCodeMemory([
      file(
        "MEMORY.md",
        "# Memory\n\n- [Tabs](feedback_tabs.md) — Tabs\n- [Gone](user_gone.md) — x\n\n## Staging\nReset on Mondays.\n",
      ),
      file("feedback_tabs.md", "---\nname: Tabs\ntype: feedback\n---\nTabs.\n"),
    ]);
    expect(plan.items[1]).toMatchObject({
      kind: "section",
      file: "memory",
      section: "Claude Code notes",
      text: "### Staging\nReset on Mondays.",
      fallback: { type: "project", name: "Claude Code notes" },
    });
    expect(plan.skipped).toEqual([
      {
        source: "/m/MEMORY.md#Gone",
        reason: "its index line points to user_gone.md, which is not in the folder",
      },
    ]);
  });

  it("names the file and the place of a frontmatter it cannot read", () => {
    expect(() => mapClaudeCodeMemory([file("x.md", "---\nname: X\ntype: milestone\n---\nbody\n")])).toThrow(
      'Cannot import /m/x.md, frontmatter field "type": "milestone" is not one of user, feedback, project, reference',
    );
    expect(() =>
      mapClaudeCodeMemory([file("y.md", "---\nname: [unclosed\ntype: user\n---\nbody\n")]),
    ).toThrow(/Cannot import \/m\/y\.md, line \d: invalid YAML/);
  });
});
