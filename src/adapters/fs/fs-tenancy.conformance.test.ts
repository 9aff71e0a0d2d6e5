import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describeHomeDirectoryConformance } from "../../testing/home-directory-conformance.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { describeTokenRegistryConformance } from "../../testing/token-registry-conformance.js";
import { FsHomeDirectory } from "./fs-home-directory.js";
import { FsTokenRegistry } from "./fs-token-registry.js";

/** Homes as folders and tokens in a file pass the same suites as the in-memory oracles. */
describeHomeDirectoryConformance("files", async () => {
  const root = await makeTempDir("mnemo-homes-");
  const open = () => new FsHomeDirectory({ root, lockTimeoutMs: 10_000 });
  return { directory: open(), reopen: open, cleanup: () => removeDir(root) };
});

describeTokenRegistryConformance("files", async () => {
  const root = await makeTempDir("mnemo-homes-");
  const open = () => new FsTokenRegistry({ root, lockTimeoutMs: 10_000 });
  return {
    registry: open(),
    reopen: open,
    storedText: () => textUnder(root),
    cleanup: () => removeDir(root),
  };
});

/** Every file under the root, concatenated. */
async function textUnder(folder: string): Promise<string> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return (await Promise.all(files.map((file) => readFile(file, "utf8")))).join("\n");
}
