import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { classifyTreePath, isTreeFolder, TREE_FOLDERS } from "./tree-layout.js";

const fileName = fc.stringMatching(/^[^./\\\0][^/\\\0]{0,20}$/);
const topFile = fc.constantFrom("SOUL.md", "USER.md", "MEMORY.md");
const folder = fc.constantFrom("memories", "topics", "daily");

/** Paths that mnemo writes: the three profile files, Markdown files in the three folders, and the same under archive/. */
const treePath = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      topFile,
      fc.tuple(folder, fileName).map(([each, name]) => `${each}/${name}.md`),
    ),
  )
  .map(([archived, path]) => (archived ? `archive/${path}` : path));

describe("the Markdown tree's layout", () => {
  test.prop([treePath])("every path mnemo writes belongs to the tree", (path) => {
    expect(classifyTreePath(path)).toEqual({ kind: "tree" });
  });

  test.prop([treePath, fc.constantFrom(".index", ".git", ".hidden.md")])(
    "nothing under a hidden name does, whatever follows",
    (path, hidden) => {
      expect(classifyTreePath(`${hidden}/${path}`).kind).toBe("outside");
      const segments = path.split("/");
      segments[segments.length - 1] = `.${segments.at(-1)}`;
      expect(classifyTreePath(segments.join("/")).kind).toBe("outside");
    },
  );

  test.prop([treePath, fileName])("a tree path with a folder added under it is outside", (path, extra) => {
    const segments = path.split("/");
    segments.splice(segments.length - 1, 0, extra);
    expect(classifyTreePath(segments.join("/")).kind).toBe("outside");
  });

  test("files that are not the tree's, each with the reason", () => {
    expect(classifyTreePath("config.json")).toEqual({ kind: "settings" });
    expect(classifyTreePath("archive/config.json").kind).toBe("outside");
    for (const path of [
      "README.md",
      "soul.md",
      "memories/user_x.txt",
      "notes/a.md",
      "archive/archive/MEMORY.md",
    ])
      expect(classifyTreePath(path).kind, path).toBe("outside");
    expect(classifyTreePath("notes/a.md")).toMatchObject({
      reason: expect.stringContaining("no folder notes/"),
    });
    expect(classifyTreePath("daily/notes.txt")).toMatchObject({
      reason: expect.stringContaining("only Markdown files (*.md) belong in daily/"),
    });
  });

  test("its folders: the top, memories, topics, daily, archive and archive's three", () => {
    expect(TREE_FOLDERS).toEqual([
      "",
      "memories",
      "topics",
      "daily",
      "archive",
      "archive/memories",
      "archive/topics",
      "archive/daily",
    ]);
    expect(isTreeFolder("archive/daily")).toBe(true);
    expect(isTreeFolder("archive/archive")).toBe(false);
  });
});
