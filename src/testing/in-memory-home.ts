import { InMemoryDocumentStore } from "../adapters/memory/in-memory-document-store.js";
import { InMemoryMessageStore } from "../adapters/memory/in-memory-message-store.js";
import { configSchema } from "../engine/config/schema.js";
import { MemoryHome } from "../engine/memory-home.js";

/**
 * A MemoryHome on the in-memory document store (the contract's oracle), without search: for tests
 * of what the engine writes, at no file-system cost. A test that needs recall opens a real home.
 */
export function inMemoryHome(
  store = new InMemoryDocumentStore({ now: () => new Date("2026-05-01T10:00:00Z") }),
  now = () => new Date("2026-05-01T10:00:00Z"),
): MemoryHome {
  const config = configSchema.parse({ search: { embedder: "none" } });
  return new MemoryHome(
    { store, config, now, warn: () => undefined },
    {
      home: "in-memory",
      openSearch: () => Promise.reject(new Error("no search in this test")),
      messageStore: async () => new InMemoryMessageStore(),
    },
  );
}
