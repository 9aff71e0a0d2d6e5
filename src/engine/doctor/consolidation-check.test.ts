import { describe, expect, it } from "vitest";
import { checkConsolidation } from "./consolidation-check.js";

/** doctor's consolidation check, on memory files as doctor reads them. */
const file = (type: string, slug: string, name: string, body: string, updated: string) => ({
  path: `memories/${type}_${slug}.md`,
  text: `---\nname: ${name}\ndescription: ${body}\ntype: ${type}\nupdated: ${updated}\n---\n\n${body}\n`,
});

describe("checkConsolidation", () => {
  it("names the newer of two duplicates, and the newer of two that contradict", () => {
    const problems = checkConsolidation([
      file("user", "home-city", "Home city", "Lives in Porto.", "2026-01-01T00:00:00.000Z"),
      file("user", "where", "Where", "lives in porto", "2026-02-01T00:00:00.000Z"),
      file("project", "standup", "Standup", "Daily standup is at 9:30.", "2026-03-01T00:00:00.000Z"),
      file(
        "project",
        "standup-moved",
        "Standup moved",
        "Daily standup is at 10:00.",
        "2026-02-01T00:00:00.000Z",
      ),
      file("feedback", "porto", "Porto", "Lives in Porto.", "2026-01-01T00:00:00.000Z"),
      { path: "MEMORY.md", text: "- [Home city](memories/user_home-city.md) — Lives in Porto.\n" },
    ]);
    expect(problems).toEqual([
      {
        kind: "conflicting-memories",
        path: "memories/project_standup.md",
        message: expect.stringMatching(
          /^may contradict memories\/project_standup-moved\.md \("Standup moved"\)/,
        ),
        fixable: false,
      },
      {
        kind: "duplicate-memories",
        path: "memories/user_where.md",
        message: expect.stringMatching(/^says what memories\/user_home-city\.md \("Home city"\) says/),
        fixable: false,
      },
    ]);
  });

  it("reports a memory that says everything another says, and more, as a duplicate", () => {
    const problems = checkConsolidation([
      file("user", "pet", "Pet", "Has a cat called Miso.", "2026-01-01T00:00:00.000Z"),
      file(
        "user",
        "cat",
        "Cat",
        "Has a cat called Miso who is twelve years old.",
        "2026-02-01T00:00:00.000Z",
      ),
    ]);
    expect(problems).toEqual([
      expect.objectContaining({ kind: "duplicate-memories", path: "memories/user_cat.md" }),
    ]);
  });

  it("finds nothing among unrelated memories", () => {
    expect(
      checkConsolidation([
        file("user", "pet", "Pet", "Has a cat called Miso.", "2026-01-01T00:00:00.000Z"),
        file("user", "city", "City", "Lives in Porto.", "2026-01-01T00:00:00.000Z"),
      ]),
    ).toEqual([]);
  });
});
