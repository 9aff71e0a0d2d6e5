import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { classifyTreeFolder, classifyTreePath, TREE_FOLDERS } from "./tree-layout.js";

const fileName = fc.stringMatching(/^[^./\\\0][^/\\\0]{0,20}$/);
const topFile = fc.constantFrom("SOUL.md", "USER.md", "MEMORY.md");
const folder = fc.constantFrom("memories", "topics", "daily", "conversations");

/**
 * Paths that mnemo writes: the three profile files, Markdown files in the four folders, the same
 * under archive/, and the JSON records of .pending/ and .sessions/.
 */
const treePath = fc.oneof(
  fc
    .tuple(
      fc.boolean(),
      fc.oneof(
        topFile,
        fc.tuple(folder, fileName).map(([each, name]) => `${each}/${name}.md`),
      ),
    )
    .map(([archived, path]) => (archived ? `archive/${path}` : path)),
  fc.tuple(fc.constantFrom(".pending", ".sessions"), fileName).map(([each, name]) => `${each}/${name}.json`),
);

describe("the Markdown tree's layout", () => {
  test.prop([treePath])("every path mnemo writes belongs to the tree", (path) => {
    expect(classifyTreePath(path)).toEqual({ kind: "tree" });
  });

  test.prop([treePath, fc.constantFrom(".index", ".git", ".hidden.md")])(
    "nothing under another hidden name does, whatever follows: it is skipped, with the reason",
    (path, hidden) => {
      expect(classifyTreePath(`${hidden}/${path}`)).toEqual({
        kind: "skipped",
        reason: expect.stringMatching(hidden === ".index" ? /^derived state/ : /^hidden files/),
      });
      const segments = path.split("/");
      segments[segments.length - 1] = `.${segments.at(-1)}`;
      expect(classifyTreePath(segments.join("/")).kind).not.toBe("tree");
    },
  );

  test.prop([treePath, fc.constantFrom("..", ".", "", "a\\..", "x\u0000")])(
    "a path with a parent, empty or backslashed segment is outside, never a file of the home",
    (path, segment) => {
      const segments = path.split("/");
      segments.splice(segments.length - 1, 0, segment);
      expect(classifyTreePath(segments.join("/")).kind).toBe("outside");
      expect(classifyTreePath(`${segment}/${path}`).kind).toBe("outside");
    },
  );

  test.prop([treePath, fileName])("a tree path with a folder added under it is outside", (path, extra) => {
    const segments = path.split("/");
    segments.splice(segments.length - 1, 0, extra);
    expect(classifyTreePath(segments.join("/")).kind).toBe("outside");
  });

  test("files that are not the tree's, each with the reason", () => {
    expect(classifyTreePath("config.json")).toEqual({
      kind: "skipped",
      reason: expect.stringContaining("settings"),
    });
    expect(classifyTreePath("archive/config.json").kind).toBe("outside");
    for (const path of [
      "README.md",
      "soul.md",
      "memories/user_x.txt",
      "notes/a.md",
      "archive/archive/MEMORY.md",
      ".sessions/x.md",
      ".pending/sub/x.json",
      "archive/.sessions/x.json",
      "../../etc/passwd",
    ])
      expect(classifyTreePath(path).kind, path).not.toBe("tree");
    expect(classifyTreePath("notes/a.md")).toMatchObject({
      reason: expect.stringContaining("no folder notes/"),
    });
    expect(classifyTreePath("daily/notes.txt")).toMatchObject({
      reason: expect.stringContaining("only Markdown files (*.md) belong in daily/"),
    });
  });

  test("its folders: the top, memories, topics, daily, conversations, the two record folders, archive and archive's four", () => {
    expect(TREE_FOLDERS).toEqual([
      "",
      "memories",
      "topics",
      "daily",
      "conversations",
      ".pending",
      ".sessions",
      "archive",
      "archive/memories",
      "archive/topics",
      "archive/daily",
      "archive/conversations",
    ]);
    expect(classifyTreeFolder("archive/conversations")).toEqual({ kind: "tree" });
    expect(classifyTreeFolder(".sessions")).toEqual({ kind: "tree" });
    expect(classifyTreeFolder(".git")).toMatchObject({ kind: "skipped" });
    expect(classifyTreeFolder("archive/archive")).toMatchObject({ kind: "outside" });
  });

  test("the markers of running sessions (.sessions/open/) are skipped with the reason, not refused", () => {
    const skipped = { kind: "skipped", reason: expect.stringContaining("sessions running now") };
    expect(classifyTreeFolder(".sessions/open")).toEqual(skipped);
    expect(classifyTreePath(".sessions/open/s1.json")).toEqual(skipped);
    expect(classifyTreePath(".pending/open/s1.json").kind).toBe("outside");
  });
});
