import { describeDocumentStoreConformance } from "../../testing/document-store-conformance.js";
import { describeSearchIndexConformance } from "../../testing/search-index-conformance.js";
import { InMemoryDocumentStore } from "./in-memory-document-store.js";
import { InMemorySearchIndex } from "./in-memory-search-index.js";

/** The reference implementations pass the suites they are the oracle of. */
describeDocumentStoreConformance("in memory", async () => ({ store: new InMemoryDocumentStore() }));
describeSearchIndexConformance("in memory", async () => ({ index: new InMemorySearchIndex() }));
