import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { writeWarning } from "../../src/rules/write-warning.js";
import { REPOSITORY_ROOT } from "../../src/testing/test-home.js";
import { sourceImports } from "./import-graph.js";

/**
 * What used to be copied from file to file is written once: the default warning writer (every
 * `onWarning` falls back to it) and the `openai` client (the chat and the embedding model build
 * it alike). A new copy fails here with its file named.
 */
const sources = sourceImports(REPOSITORY_ROOT).files.map((file) => ({
  file,
  text: readFileSync(join(REPOSITORY_ROOT, file), "utf8"),
}));
const filesMatching = (pattern: RegExp) =>
  sources.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("one of each", () => {
  test("one file writes mnemo's warnings; the others pass writeWarning", () => {
    expect(filesMatching(/mnemo: warning:/)).toEqual(["src/rules/write-warning.ts"]);
    expect(filesMatching(/onWarning \?\? writeWarning/).length).toBeGreaterThanOrEqual(6);
  });

  test("one file builds the openai client", () => {
    expect(filesMatching(/new OpenAI\(/)).toEqual(["src/adapters/models/openai-client.ts"]);
    expect(filesMatching(/openAIClient\(this\.endpoint/).sort()).toEqual([
      "src/adapters/models/openai-chat-model.ts",
      "src/adapters/models/openai-embedding-model.ts",
    ]);
  });

  test("writeWarning writes one line to stderr, marked as mnemo's warning", () => {
    const written = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    writeWarning("the vector store could not be read; recall uses text only");
    expect(written.mock.calls).toEqual([
      ["mnemo: warning: the vector store could not be read; recall uses text only\n"],
    ]);
  });
});
