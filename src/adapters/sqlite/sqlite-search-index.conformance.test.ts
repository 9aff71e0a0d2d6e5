import { join } from "node:path";
import { describeSearchIndexConformance } from "../../testing/search-index-conformance.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { SqliteSearchIndex } from "./sqlite-search-index.js";

describeSearchIndexConformance("SQLite file", async () => {
  const folder = await makeTempDir("mnemo-search-index-");
  return {
    index: new SqliteSearchIndex({ path: join(folder, "search.sqlite") }),
    cleanup: () => removeDir(folder),
  };
});

// BM25 from the chunks' terms in memory from the first search on (by default FTS5 answers until
// they are gathered in the background, which a short test rarely waits for).
describeSearchIndexConformance("SQLite file, BM25 in memory", async () => {
  const folder = await makeTempDir("mnemo-search-index-");
  return {
    index: new SqliteSearchIndex({ path: join(folder, "search.sqlite"), termGathering: "now" }),
    cleanup: () => removeDir(folder),
  };
});

describeSearchIndexConformance("SQLite in memory", async () => ({
  index: new SqliteSearchIndex({ path: ":memory:" }),
}));
