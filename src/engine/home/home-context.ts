import type { DocumentStore } from "../../contracts/document-store.js";
import type { SearchIndexInspection } from "../../contracts/search-index.js";
import type { MnemoConfig } from "../config/schema.js";
import type { MemoryAuthor } from "../memdir/memory-author.js";

/** What every memory operation needs: where the documents are, the settings, the time, a place for warnings. */
export interface HomeContext {
  store: DocumentStore;
  config: MnemoConfig;
  now: () => Date;
  warn: (message: string) => void;
  /** Looks at the search index's storage for doctor; absent where the backend has nothing to look at. */
  inspectSearchIndex?: () => Promise<SearchIndexInspection>;
  /** Who writes through this handle: every typed-memory save records it (memory-author.ts). */
  author?: MemoryAuthor;
  /**
   * This writer replaces only memories its agent wrote (a token of `mnemo serve` limited to
   * agents): consolidation leaves others' alone, and a save under the name of another's is refused.
   */
  replacesOnlyOwn?: boolean;
}
