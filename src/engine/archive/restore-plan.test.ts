import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { makeSection, serializeSections } from "../markdown/sections.js";
import { formatMemoryFile } from "../memdir/memory-file.js";
import { memoryPath } from "../memdir/memory-name.js";
import { MEMORY_TYPES } from "../memdir/memory-types.js";
import { planRestore } from "./restore-plan.js";

const line = fc
  .string({ minLength: 1, maxLength: 30 })
  .map((text) => text.replace(/[\r\n#]/g, " ").trim())
  .filter((text) => text !== "");
const content = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.join("\n"));
const sectionName = line.filter((name) => !["memories", "journal"].includes(name.toLowerCase()));

describe("planRestore", () => {
  test.prop(
    [
      fc.uniqueArray(fc.record({ name: sectionName, content }), {
        minLength: 1,
        maxLength: 4,
        selector: (section) => section.name.toLowerCase(),
      }),
    ],
    {
      numRuns: 100,
    },
  )("removed sections plan back into the file they left, each with its name and content", (sections) => {
    const text = serializeSections({
      preamble: "",
      sections: sections.map((each) => makeSection(each.name, each.content)),
    });
    expect(planRestore({ source: "USER.md", text: text.trimEnd() }, "2026-01-02")).toEqual({
      kind: "sections",
      file: "user",
      path: "USER.md",
      sections,
    });
  });

  const memoryName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}[A-Za-z0-9]$/);
  test.prop([fc.constantFrom(...MEMORY_TYPES), memoryName, content], { numRuns: 100 })(
    "a deleted memory file plans back to its own path with its name",
    (type, name, body) => {
      const path = memoryPath(type, name);
      const text = formatMemoryFile({
        previous: undefined,
        fields: { name, description: "d", type },
        body,
        now: new Date(0),
      });
      expect(planRestore({ source: path, text }, "2026-01-02")).toEqual({ kind: "memory", path, name });
    },
  );

  test.each([
    ["USER.md", "trimmed lines without a heading", /cut from the end of a section by the budget/],
    ["topics/user_prefs.md", "### [2026-01-01 10:00] user_pref\nFrench.\n---", /over capacity/],
    ["daily/2026-01-01.md", "## Sessions\n- one", /a daily log of an earlier day/],
    ["MEMORY.md", "## Memories\n- [A](memories/user_a.md)", /kept by mnemo itself/],
    ["memories/user_a.md", "no frontmatter", /not a memory file/],
    ["notes.md", "## A\nb", /does not restore text that came from notes.md/],
    ["memories/notes.md", "## A\nb", /does not restore text that came from memories\/notes.md/],
    [
      "user_a.md",
      "---\nname: A\ndescription: d\ntype: user\n---\n\nx",
      /does not restore text that came from user_a.md/,
    ],
    ["USER.md", "a line cut from the section above\n## A\nb", /cut from the end of a section by the budget/],
    ["USER.md", "", /cut from the end of a section by the budget/],
  ])("%s: %s stays in the archive, and says why", (source, text, why) => {
    const plan = planRestore({ source, text }, "2026-01-02");
    expect(plan.kind).toBe("none");
    expect(plan.kind === "none" ? plan.why : "").toMatch(why);
  });

  test("sections removed from today's daily log go back into it", () => {
    expect(planRestore({ source: "daily/2026-01-02.md", text: "## Notes\nx" }, "2026-01-02")).toMatchObject({
      kind: "sections",
      file: "daily",
    });
  });
});
