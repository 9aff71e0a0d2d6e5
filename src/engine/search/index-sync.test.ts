import { describe, expect, test } from "vitest";
import { InMemoryDocumentStore } from "../../adapters/memory/in-memory-document-store.js";
import type { DocumentReader, DocumentStore } from "../../contracts/document-store.js";
import type { DocumentState } from "../../contracts/search-index.js";
import { newSyncState, planSync } from "./index-sync.js";

/**
 * The periodic full pass over every document (for edits written in place, which files' folder
 * stamps miss) runs only where folder stamps can miss an edit: a store whose stamps see every write
 * (PostgreSQL) is listed only when a stamp changed, however long since the last pass.
 */
function counted(store: DocumentStore, everyWrite: boolean): { reader: DocumentReader; lists: () => number } {
  let lists = 0;
  const reader: DocumentReader = {
    read: (path) => store.read(path),
    readHead: (path, maxBytes) => store.readHead(path, maxBytes),
    list: (directory, options) => {
      lists += 1;
      return store.list(directory, options);
    },
    folderStamp: (directory) => store.folderStamp(directory),
    ...(everyWrite ? { everyWriteChangesFolderStamp: true } : {}),
  };
  return { reader, lists: () => lists };
}

/** An index that records nothing: every listed document is a change. */
const index = { generation: async () => 1, documentStates: async () => new Map<string, DocumentState>() };

describe("the periodic full pass of the index check", () => {
  test.each([
    [false, "runs for a store whose folder stamps can miss an edit"],
    [true, "is skipped for a store whose folder stamps see every write"],
  ])("with everyWriteChangesFolderStamp %s it %s", async (everyWrite) => {
    const store = new InMemoryDocumentStore();
    await store.transaction(async (writer) => writer.write("memories/user_a.md", "---\nname: a\n---\n\na\n"));
    const { reader, lists } = counted(store, everyWrite);
    const state = newSyncState();
    const options = { fullScanIntervalMs: 1000 };
    await planSync(reader, index, state, { ...options, now: 0 });
    const afterFirst = lists();
    expect(afterFirst).toBeGreaterThan(0);
    // Nothing written since, and a minute later: only the full pass lists anything.
    const plan = await planSync(reader, index, state, { ...options, now: 60_000 });
    expect(lists() > afterFirst).toBe(!everyWrite);
    expect(plan.changed.length > 0).toBe(!everyWrite);
    // A write changes the folder's stamp: listed either way.
    await store.transaction(async (writer) => writer.write("memories/user_b.md", "---\nname: b\n---\n\nb\n"));
    const before = lists();
    await planSync(reader, index, state, { ...options, now: 60_001 });
    expect(lists()).toBeGreaterThan(before);
  });
  test("runs again once the interval since the last pass has passed, not before", async () => {
    const store = new InMemoryDocumentStore();
    await store.transaction(async (writer) => writer.write("memories/user_a.md", "---\nname: a\n---\n\na\n"));
    const { reader, lists } = counted(store, false);
    const state = newSyncState();
    const options = { fullScanIntervalMs: 60_000 };
    await planSync(reader, index, state, { ...options, now: 100_000 });
    const afterFirst = lists();
    const early = await planSync(reader, index, state, { ...options, now: 159_999 });
    expect(lists()).toBe(afterFirst);
    expect(early.changed).toEqual([]);
    const due = await planSync(reader, index, state, { ...options, now: 160_000 });
    expect(lists()).toBeGreaterThan(afterFirst);
    expect(due.changed.length).toBeGreaterThan(0);
  });
});
