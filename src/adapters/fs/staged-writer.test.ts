import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { DocumentInfo, DocumentReader } from "../../contracts/document-store.js";
import { StagedWriter } from "./staged-writer.js";

/** A reader over a fixed map of documents, standing in for the disk. */
function diskOf(files: Map<string, string>): DocumentReader {
  return {
    read: async (path) => files.get(path),
    readHead: async (path, maxBytes) => files.get(path)?.slice(0, maxBytes),
    list: async (directory) =>
      [...files.keys()]
        .filter((path) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "") === directory)
        .sort()
        .map((path): DocumentInfo => ({ path, modifiedAt: new Date(0), size: 1 })),
    folderStamp: async () => "stamp",
  };
}

const paths = fc.constantFrom("MEMORY.md", "USER.md", "memories/a.md", "memories/b.md", "archive/MEMORY.md");
const change = fc.oneof(
  fc.record({ kind: fc.constant("write" as const), path: paths, text: fc.string() }),
  fc.record({ kind: fc.constant("remove" as const), path: paths }),
);

describe("StagedWriter", () => {
  test.prop([fc.dictionary(paths, fc.string()), fc.array(change, { maxLength: 20 })])(
    "reads and lists see the transaction's own changes, and the disk is never touched",
    async (initial, changes) => {
      const disk = new Map(Object.entries(initial));
      const diskBefore = new Map(disk);
      const model = new Map(disk);
      const writer = new StagedWriter(diskOf(disk), async () => undefined);
      for (const each of changes) {
        if (each.kind === "write") {
          await writer.write(each.path, each.text);
          model.set(each.path, each.text);
        } else {
          expect(await writer.remove(each.path)).toBe(model.has(each.path));
          model.delete(each.path);
        }
      }
      for (const path of ["MEMORY.md", "USER.md", "memories/a.md", "memories/b.md", "archive/MEMORY.md"])
        expect(await writer.read(path)).toBe(model.get(path));
      const listed = (await writer.list("memories")).map((document) => document.path);
      expect(listed).toEqual([...model.keys()].filter((path) => path.startsWith("memories/")).sort());
      expect(disk).toEqual(diskBefore);
    },
  );

  test("a refused path is refused when it is written, before anything is staged", async () => {
    const writer = new StagedWriter(diskOf(new Map()), async (path) => {
      if (path.startsWith("memories/")) throw new Error(`refused ${path}`);
    });
    await expect(writer.write("memories/x.md", "text")).rejects.toThrow("refused memories/x.md");
    expect(writer.changes.size).toBe(0);
  });

  test("the head of a staged document is cut at a character boundary", async () => {
    const writer = new StagedWriter(diskOf(new Map()), async () => undefined);
    await writer.write("USER.md", "aé");
    expect(await writer.readHead("USER.md", 2)).toBe("a");
  });
});

describe("StagedWriter in detail", () => {
  const disk = () =>
    diskOf(
      new Map([
        ["USER.md", "on disk"],
        ["memories/b.md", "b"],
      ]),
    );

  test("the head of a path the transaction has not touched comes from the disk; of a removed one, nothing", async () => {
    const writer = new StagedWriter(disk(), async () => undefined);
    expect(await writer.readHead("USER.md", 4)).toBe("on d");
    await writer.remove("USER.md");
    expect(await writer.readHead("USER.md", 4)).toBeUndefined();
  });

  test("only a character cut at the end is dropped from a head, not one the text holds", async () => {
    const writer = new StagedWriter(disk(), async () => undefined);
    await writer.write("USER.md", "a\uFFFDb");
    expect(await writer.readHead("USER.md", 100)).toBe("a\uFFFDb");
  });

  test("a listing sorts staged files among those on disk, top level included, hidden ones left out", async () => {
    const writer = new StagedWriter(disk(), async () => undefined);
    await writer.write("memories/a.md", "a");
    await writer.write("memories/.a.md.0123456789ab.tmp", "hidden");
    await writer.write("SOUL.md", "soul");
    await writer.write(".hidden.md", "hidden");
    expect((await writer.list("memories")).map((document) => document.path)).toEqual([
      "memories/a.md",
      "memories/b.md",
    ]);
    expect((await writer.list("")).map((document) => document.path)).toEqual(["SOUL.md", "USER.md"]);
  });

  test("removing what does not exist stages nothing; folder stamps are the disk's", async () => {
    const writer = new StagedWriter(disk(), async () => undefined);
    expect(await writer.remove("missing.md")).toBe(false);
    expect(writer.changes.size).toBe(0);
    expect(await writer.folderStamp("memories")).toBe("stamp");
  });
});
