import type { MnemoConfig } from "../config/schema.js";
import type { DocumentStore } from "../contracts/document-store.js";

/** What every memory operation needs: where the documents are, the settings, the time, a place for warnings. */
export interface HomeContext {
  store: DocumentStore;
  config: MnemoConfig;
  now: () => Date;
  warn: (message: string) => void;
}
