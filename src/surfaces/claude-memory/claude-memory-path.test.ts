import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { MnemoError } from "../../errors.js";
import { claudePathOf, parseClaudeMemoryPath } from "./claude-memory-path.js";

function codeOf(path: string): string | undefined {
  try {
    parseClaudeMemoryPath(path);
    return undefined;
  } catch (error) {
    return MnemoError.isInstance(error) ? error.code : "NOT A MNEMO ERROR";
  }
}

describe("parseClaudeMemoryPath", () => {
  it("maps typed memories, topic files and the fixed folders", () => {
    expect(parseClaudeMemoryPath("/memories")).toEqual({ kind: "root", path: "/memories" });
    expect(parseClaudeMemoryPath("/memories/")).toEqual({ kind: "root", path: "/memories" });
    expect(parseClaudeMemoryPath("/memories/feedback/")).toEqual({
      kind: "type-folder",
      path: "/memories/feedback",
      type: "feedback",
    });
    expect(parseClaudeMemoryPath("/memories/user/cat.md")).toEqual({
      kind: "typed-memory",
      path: "/memories/user/cat.md",
      type: "user",
      stem: "cat",
      homePath: "memories/user_cat.md",
    });
    expect(parseClaudeMemoryPath("/memories/project_notes.md")).toEqual({
      kind: "topic",
      path: "/memories/project_notes.md",
      topic: "project_notes",
      homePath: "topics/project_notes.md",
    });
  });

  it.each([
    ["/memories/../SOUL.md", "OUTSIDE_HOME"],
    ["/memories/user/../../MEMORY.md", "OUTSIDE_HOME"],
    ["/memories/./notes.md", "OUTSIDE_HOME"],
    ["/memories//notes.md", "OUTSIDE_HOME"],
    ["/memories/.hidden.md", "OUTSIDE_HOME"],
    ["/memories/user/..\\..\\x.md", "OUTSIDE_HOME"],
    ["/memories/notes\n.md", "OUTSIDE_HOME"],
    ["/etc/passwd", "OUTSIDE_HOME"],
    ["/memoriesX/notes.md", "OUTSIDE_HOME"],
    ["memories/notes.md", "OUTSIDE_HOME"],
    ["/memories/notes.txt", "INVALID_INPUT"],
    ["/memories/user/cat", "INVALID_INPUT"],
    ["/memories/projects/acme.md", "INVALID_INPUT"],
    ["/memories/user/a/b.md", "INVALID_INPUT"],
  ])("refuses %j with %s", (path, code) => {
    expect(codeOf(path)).toBe(code);
  });

  it("says what to send instead, quoting a long path cut to its first 100 characters", () => {
    const long = `/etc/${"x".repeat(116)}`;
    expect(() => parseClaudeMemoryPath(long)).toThrow(
      `The path "/etc/${"x".repeat(95)}…" is outside /memories; every path starts with /memories.`,
    );
    expect(() => parseClaudeMemoryPath(`/etc/${"x".repeat(115)}`)).toThrow(
      `"/etc/${"x".repeat(115)}" is outside`,
    );
    expect(() => parseClaudeMemoryPath("/memories/notes.txt")).toThrow(
      /^"\/memories\/notes\.txt": memory files are Markdown; name it "notes\.md"\. Claude's memory in mnemo has typed memories at \/memories\/<type>\/<name>\.md .* notes by topic at \/memories\/<topic>\.md\.$/,
    );
    expect(() => parseClaudeMemoryPath("/memories/user/a/b.md")).toThrow(
      /^There is no folder for "\/memories\/user\/a\/b\.md": Claude's memory in mnemo has/,
    );
    expect(() => parseClaudeMemoryPath("/memories/a\\b.md")).toThrow(
      'The path "/memories/a\\\\b.md" is refused: empty, ".", ".." or hidden parts and "\\" or control characters could reach outside /memories.',
    );
  });

  it("takes a typed memory's file name of up to 200 bytes", () => {
    const stem = "é".repeat(100);
    expect(parseClaudeMemoryPath(`/memories/user/${stem}.md`)).toMatchObject({ stem });
    expect(() => parseClaudeMemoryPath(`/memories/user/${stem}a.md`)).toThrow(
      /: the file name is too long; use a short name\.$/,
    );
  });

  const segment = fc.oneof(
    fc.constantFrom("..", ".", "", "user", "feedback", "notes.md", "cat.md", "a\\b", ".x.md", "SOUL.md"),
    fc.string({ maxLength: 12 }),
  );
  const anyPath = fc.oneof(
    fc.string(),
    fc.array(segment, { maxLength: 4 }).map((segments) => `/memories/${segments.join("/")}`),
  );

  test.prop([anyPath])(
    "any path is refused with a MnemoError, or names one file in memories/ or topics/ that maps back to it",
    (path) => {
      let target: ReturnType<typeof parseClaudeMemoryPath>;
      try {
        target = parseClaudeMemoryPath(path);
      } catch (error) {
        expect(MnemoError.isInstance(error)).toBe(true);
        return;
      }
      if (!("homePath" in target)) return;
      expect(target.homePath).toMatch(/^(memories\/(user|feedback|project|reference)_|topics\/)[^/\\]+\.md$/);
      expect(target.homePath.split("/").slice(1)[0]?.startsWith(".")).toBe(false);
      expect(target.homePath).not.toContain("..");
      expect(claudePathOf(target.homePath)).toBe(target.path);
      expect(parseClaudeMemoryPath(target.path)).toEqual(target);
    },
  );
});

describe("claudePathOf", () => {
  it("shows typed memories and topic files, and nothing else of the home", () => {
    expect(claudePathOf("memories/feedback_prefers-tabs.md")).toBe("/memories/feedback/prefers-tabs.md");
    expect(claudePathOf("topics/user_prefs.md")).toBe("/memories/user_prefs.md");
    for (const path of [
      "MEMORY.md",
      "SOUL.md",
      "daily/2026-05-01.md",
      "archive/topics/x.md",
      "memories/notes.md",
      "memories/diary_x.md",
      "topics/.hidden.md",
      "topics/sub/x.md",
      "topics/x.txt",
    ])
      expect(claudePathOf(path)).toBeUndefined();
  });
});
