import { describe, expect, it } from "vitest";
import { mapCursorRule } from "./cursor-rules.js";

const modifiedAt = new Date("2025-01-15T08:00:00.000Z");
const rule = (text: string) => ({ path: "/p/app/.cursor/rules/ts.mdc", text, modifiedAt });

describe("mapCursorRule", () => {
  it("reads Cursor's key: value frontmatter, globs a YAML parser would refuse included", () => {
    const plan = mapCursorRule(
      rule('---\ndescription: "TS rules"\nglobs: **/*.ts, src/**\nalwaysApply: false\n---\n- No var\n'),
      "app",
    );
    expect(plan.items).toEqual([
      {
        kind: "memory",
        type: "project",
        name: "app rule ts",
        description: "TS rules",
        content: "- No var",
        date: "2025-01-15T08:00:00.000Z",
        source: "/p/app/.cursor/rules/ts.mdc",
        frontmatter: { globs: "**/*.ts, src/**", always_apply: "false" },
      },
    ]);
  });

  it("takes a rule without frontmatter or description, describing it by its first line", () => {
    expect(mapCursorRule(rule("# Commits\nImperative mood.\n"), "app").items[0]).toMatchObject({
      description: "Commits",
      content: "# Commits\nImperative mood.",
    });
    expect(mapCursorRule(rule("---\ndescription:\n---\n\n"), "app").skipped).toEqual([
      { source: "/p/app/.cursor/rules/ts.mdc", reason: "the rule has no text" },
    ]);
  });

  it("names the line of a frontmatter it cannot read", () => {
    expect(() => mapCursorRule(rule("---\ndescription: x\nnot a field\n---\nbody"), "app")).toThrow(
      'Cannot import /p/app/.cursor/rules/ts.mdc, line 3: expected "key: value" in the frontmatter, found "not a field"',
    );
    expect(() => mapCursorRule(rule("---\ndescription: x\nbody"), "app")).toThrow(
      'the frontmatter has no closing "---" line',
    );
  });
});
