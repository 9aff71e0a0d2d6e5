import { describe, expect, it } from "vitest";
import { documentGroups } from "./index-updater.js";

/** The catch-up's transactions: documents in order, at most 500 chunks a group, a document never split. */
const documents = (...chunkCounts: number[]) =>
  chunkCounts.map((count, at) => ({ path: `memories/user_${at}.md`, chunks: Array.from({ length: count }) }));
const shape = (groups: Array<Array<{ path: string; chunks: unknown[] }>>) =>
  groups.map((group) => group.map((document) => document.chunks.length));

describe("documentGroups", () => {
  it("fills each group up to 500 chunks, in order", () => {
    expect(shape(documentGroups(documents(200, 300, 1, 499, 1)))).toEqual([[200, 300], [1, 499], [1]]);
    expect(
      documentGroups(documents(250, 250, 250))
        .flat()
        .map((document) => document.path),
    ).toEqual(["memories/user_0.md", "memories/user_1.md", "memories/user_2.md"]);
  });

  it("keeps a document of more than 500 chunks whole, in a group of its own", () => {
    expect(shape(documentGroups(documents(3, 900, 2)))).toEqual([[3], [900], [2]]);
  });

  it("groups documents of no chunk (emptied files) with the others", () => {
    expect(shape(documentGroups(documents(0, 0, 500, 0)))).toEqual([[0, 0, 500, 0]]);
    expect(documentGroups([])).toEqual([]);
  });
});
