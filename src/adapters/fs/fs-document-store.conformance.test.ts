import { describeDocumentStoreConformance } from "../../testing/document-store-conformance.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { FsDocumentStore } from "./fs-document-store.js";

describeDocumentStoreConformance("files", async () => {
  const home = await makeTempDir("mnemo-document-store-");
  const store = new FsDocumentStore({ home, lockTimeoutMs: 5_000 });
  await store.open();
  return { store, cleanup: () => removeDir(home) };
});
