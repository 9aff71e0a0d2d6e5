import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { mergeArchiveText, planImport } from "./import-plan.js";

const text = fc.string({ maxLength: 40 });
const paths = fc.constantFrom(
  "MEMORY.md",
  "memories/user_pet.md",
  "archive/MEMORY.md",
  "archive/memories/user_pet.md",
  ".pending/s1.json",
  ".sessions/s1.json",
);

describe("mergeArchiveText", () => {
  test.prop([text, text])("loses nothing: the result holds the home's text and the tree's", (home, tree) => {
    const merged = mergeArchiveText(home, tree);
    expect(merged).toContain(home);
    expect(merged).toContain(tree);
  });

  test.prop([text, text])("merging the tree's text again changes nothing", (home, tree) => {
    const merged = mergeArchiveText(home, tree);
    expect(mergeArchiveText(merged, tree)).toBe(merged);
  });

  test("an archive that grew keeps growing; other text follows after a blank line", () => {
    expect(mergeArchiveText("<!-- a -->\nold\n", "<!-- a -->\nold\n\n<!-- b -->\nnew\n")).toBe(
      "<!-- a -->\nold\n\n<!-- b -->\nnew\n",
    );
    expect(mergeArchiveText("<!-- a -->\nold\n", "<!-- b -->\nnew\n")).toBe(
      "<!-- a -->\nold\n\n<!-- b -->\nnew\n",
    );
  });
});

describe("planImport", () => {
  const tree = fc.uniqueArray(fc.record({ path: paths, text }), { selector: (file) => file.path });
  const home = fc.dictionary(paths, text);

  test.prop([tree, home])(
    "adds what is missing, keeps what is equal, never drops the home's text",
    (files, existing) => {
      const before = new Map(Object.entries(existing));
      const steps = planImport(files, before);
      expect(steps.map((step) => step.path)).toEqual(files.map((file) => file.path));
      for (const [index, step] of steps.entries()) {
        const file = files[index] as { path: string; text: string };
        const previous = before.get(step.path);
        if (previous === undefined) expect(step).toEqual({ action: "add", path: file.path, text: file.text });
        else if (step.action === "keep") expect(previous.includes(file.text)).toBe(true);
        else if (step.action === "replace") {
          expect(step.previous).toBe(previous);
          expect(step.archivedTo).toBe(`archive/${step.path}`);
          expect(step.text).toBe(file.text);
        } else if (step.action === "append") {
          expect(step.path.startsWith("archive/")).toBe(true);
          expect(step.text).toContain(previous);
          expect(step.text).toContain(file.text);
        } else {
          // A record is never archived, so the home's other version stays and the tree's is refused.
          expect(step.path).toMatch(/^\.(pending|sessions)\//);
          expect(previous).not.toBe(file.text);
        }
      }
    },
  );

  test.prop([tree, home])("planned against its own result, every file is kept", (files, existing) => {
    const after = new Map(Object.entries(existing));
    const steps = planImport(files, after);
    for (const step of steps) if ("text" in step) after.set(step.path, step.text);
    const again = planImport(files, after);
    expect(again.filter((step) => step.action !== "keep")).toEqual(
      steps.filter((step) => step.action === "refuse"),
    );
  });

  test("a record the home holds with other text is refused, with what to do; one it lacks is added", () => {
    const steps = planImport(
      [
        { path: ".pending/s1.json", text: "tree" },
        { path: ".sessions/s1.json", text: "tree" },
        { path: ".sessions/s2.json", text: "tree" },
      ],
      new Map([
        [".pending/s1.json", "home"],
        [".sessions/s1.json", "home"],
      ]),
    );
    expect(steps).toEqual([
      {
        action: "refuse",
        path: ".pending/s1.json",
        reason: expect.stringContaining(
          "kept (records are never archived); to queue this conversation as well, rename it to .pending/s1.2.json",
        ),
      },
      {
        action: "refuse",
        path: ".sessions/s1.json",
        reason: expect.stringMatching(/another version .* is kept/),
      },
      { action: "add", path: ".sessions/s2.json", text: "tree" },
    ]);
  });
});
