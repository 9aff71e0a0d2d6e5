import { fc, test as propertyTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import { InMemoryDocumentStore } from "../adapters/memory/in-memory-document-store.js";
import type { DocumentReader, DocumentStore } from "../contracts/document-store.js";

/**
 * The behaviour every DocumentStore must have, as vitest tests. An adapter's test file calls
 * `describeDocumentStoreConformance("files", async () => ({ store, cleanup }))`; `createStore` returns
 * a fresh, empty, opened store. It ends with a model-based test: random transactions (some of them
 * failing half way) after each of which the store agrees with the in-memory store on every read.
 */
export interface DocumentStoreUnderTest {
  store: DocumentStore;
  cleanup?: () => Promise<void>;
}

export function describeDocumentStoreConformance(
  name: string,
  createStore: () => Promise<DocumentStoreUnderTest>,
): void {
  async function withStore(work: (store: DocumentStore) => Promise<void>): Promise<void> {
    const { store, cleanup } = await createStore();
    try {
      await work(store);
    } finally {
      await cleanup?.();
    }
  }
  const write = (store: DocumentStore, path: string, content: string) =>
    store.transaction((writer) => writer.write(path, content));

  describe(`DocumentStore conformance: ${name}`, () => {
    test("a missing document reads as undefined; a written one reads back whole, also its head", () =>
      withStore(async (store) => {
        expect(await store.read("USER.md")).toBeUndefined();
        expect(await store.readHead("USER.md", 10)).toBeUndefined();
        await write(store, "memories/user_ada.md", "é".repeat(3));
        expect(await store.read("memories/user_ada.md")).toBe("ééé");
        // A head cut inside a two-byte character ends before it.
        expect(await store.readHead("memories/user_ada.md", 3)).toBe("é");
      }));

    test("list gives a folder's documents, sorted, without hidden files or other folders' documents", () =>
      withStore(async (store) => {
        await store.transaction(async (writer) => {
          await writer.write("memories/b.md", "b");
          await writer.write("memories/a.md", "a");
          await writer.write("memories/.a.md.0123456789ab.tmp", "hidden");
          await writer.write("MEMORY.md", "m");
        });
        const listed = await store.list("memories");
        expect(listed.map((document) => document.path)).toEqual(["memories/a.md", "memories/b.md"]);
        expect(listed[0]?.size).toBe(1);
        expect((await store.list("")).map((document) => document.path)).toEqual(["MEMORY.md"]);
        expect(await store.list("topics")).toEqual([]);
      }));

    test("list with name prefixes gives only the folder's documents whose file name starts with one", () =>
      withStore(async (store) => {
        await store.transaction(async (writer) => {
          for (const path of ["memories/user_go.md", "memories/user_gopher.md", "memories/project_go.md"])
            await writer.write(path, "x");
          await writer.write("memories/user_%_.md", "x");
          await writer.write("memories/.user_go.md.0123456789ab.tmp", "hidden");
          await writer.write("user_go.md", "top level");
        });
        const paths = async (reader: DocumentReader, namePrefixes: string[]) =>
          (await reader.list("memories", { namePrefixes })).map((document) => document.path);
        expect(await paths(store, ["user_go", "feedback_go"])).toEqual([
          "memories/user_go.md",
          "memories/user_gopher.md",
        ]);
        // LIKE's wildcards are plain characters in a prefix.
        expect(await paths(store, ["user_%"])).toEqual(["memories/user_%_.md"]);
        expect(await paths(store, ["user_"])).toHaveLength(3);
        expect(await paths(store, [])).toEqual([]);
        expect(await store.list("", { namePrefixes: ["user_go"] })).toMatchObject([{ path: "user_go.md" }]);
        // In a transaction, staged writes and removals are listed by the same rule.
        await store.transaction(async (writer) => {
          await writer.write("memories/user_gone.md", "x");
          await writer.remove("memories/user_go.md");
          await writer.write("memories/project_gone.md", "x");
          expect(await paths(writer, ["user_go"])).toEqual([
            "memories/user_gone.md",
            "memories/user_gopher.md",
          ]);
        });
      }));

    test("info gives one document's size and time as list does, and undefined when it is missing", () =>
      withStore(async (store) => {
        await store.transaction((writer) => writer.write("memories/a.md", "héllo"));
        const [listed] = await store.list("memories");
        const info = await store.info("memories/a.md");
        expect(info).toEqual(listed);
        expect(info?.size).toBe(6);
        expect(await store.info("memories/missing.md")).toBeUndefined();
        expect(await store.info("topics/none.md")).toBeUndefined();
      }));

    test("remove says whether there was something to remove", () =>
      withStore(async (store) => {
        await write(store, "USER.md", "x");
        expect(await store.transaction((writer) => writer.remove("USER.md"))).toBe(true);
        expect(await store.transaction((writer) => writer.remove("USER.md"))).toBe(false);
        expect(await store.read("USER.md")).toBeUndefined();
      }));

    test("a transaction reads its own writes, and one that fails changes nothing", () =>
      withStore(async (store) => {
        await write(store, "USER.md", "before");
        const failing = store.transaction(async (writer) => {
          await writer.write("USER.md", "after");
          await writer.write("archive/USER.md", "moved");
          expect(await writer.read("USER.md")).toBe("after");
          expect((await writer.list("archive")).map((document) => document.path)).toEqual([
            "archive/USER.md",
          ]);
          throw new Error("refused half way");
        });
        await expect(failing).rejects.toThrow("refused half way");
        expect(await store.read("USER.md")).toBe("before");
        expect(await store.read("archive/USER.md")).toBeUndefined();
      }));

    test("transactions run one at a time: concurrent read-modify-writes lose nothing", () =>
      withStore(async (store) => {
        await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            store.transaction(async (writer) => {
              const text = (await writer.read("MEMORY.md")) ?? "";
              await writer.write("MEMORY.md", `${text}${index}\n`);
            }),
          ),
        );
        const lines = ((await store.read("MEMORY.md")) ?? "").trim().split("\n");
        expect(lines.map(Number).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 20 }, (_, index) => index),
        );
      }));

    test.each(["../escape.md", "/etc/passwd", "a//b.md", "a/./b.md", "a\\b.md", "x\0y.md", ""])(
      "the path %j is refused with OUTSIDE_HOME, for reading and writing",
      (path) =>
        withStore(async (store) => {
          await expect(store.read(path)).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
          await expect(write(store, path, "x")).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
        }),
    );

    test("a folder's stamp changes when a document is written into it, and a missing folder has none", () =>
      withStore(async (store) => {
        expect(await store.folderStamp("topics")).toBeUndefined();
        await write(store, "topics/a.md", "a");
        const first = await store.folderStamp("topics");
        expect(first).toBeDefined();
        await write(store, "topics/b.md", "b");
        expect(await store.folderStamp("topics")).not.toBe(first);
        expect(await store.folderStamp("")).toBeDefined();
      }));

    test("a store whose folder stamps see every write changes one when a document is rewritten in place", () =>
      withStore(async (store) => {
        await write(store, "topics/a.md", "a");
        const first = await store.folderStamp("topics");
        await write(store, "topics/a.md", "b");
        const second = await store.folderStamp("topics");
        if (store.everyWriteChangesFolderStamp === true) expect(second).not.toBe(first);
        await store.transaction(async (writer) => writer.remove("topics/a.md"));
        expect(await store.folderStamp("topics")).not.toBe(second);
      }));

    test("a fresh store has no leftovers of killed writers", () =>
      withStore(async (store) => {
        await write(store, "USER.md", "x");
        expect(await store.leftovers()).toEqual([]);
      }));

    const path = fc.constantFrom(
      "MEMORY.md",
      "USER.md",
      "memories/a.md",
      "memories/b.md",
      "archive/MEMORY.md",
    );
    const change = fc.oneof(
      fc.record({ kind: fc.constant("write" as const), path, text: fc.string({ maxLength: 40 }) }),
      fc.record({ kind: fc.constant("remove" as const), path }),
    );
    const transaction = fc.record({ changes: fc.array(change, { maxLength: 5 }), fails: fc.boolean() });

    propertyTest.prop([fc.array(transaction, { minLength: 1, maxLength: 12 })], { numRuns: 25 })(
      "agrees with the in-memory store after any sequence of transactions, failed ones included",
      (transactions) =>
        withStore(async (store) => {
          const oracle = new InMemoryDocumentStore();
          for (const each of transactions) {
            for (const target of [store, oracle]) {
              await target
                .transaction(async (writer) => {
                  for (const step of each.changes) {
                    if (step.kind === "write") await writer.write(step.path, step.text);
                    else await writer.remove(step.path);
                  }
                  if (each.fails) throw new Error("fails");
                })
                .catch(() => undefined);
            }
            for (const folder of ["", "memories", "archive"]) {
              const listed = (await store.list(folder)).map((document) => document.path);
              expect(listed).toEqual((await oracle.list(folder)).map((document) => document.path));
              for (const document of listed)
                expect(await store.read(document)).toBe(await oracle.read(document));
            }
          }
        }),
    );
  });
}
