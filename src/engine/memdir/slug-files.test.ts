import { fc, test } from "@fast-check/vitest";
import { expect } from "vitest";
import { InMemoryDocumentStore } from "../../adapters/memory/in-memory-document-store.js";
import { formatMemoryFile } from "./memory-file.js";
import { findNamedFiles, findSlugFiles } from "./memory-lookup.js";
import { hashedMemoryPath, memoryPath, slugify } from "./memory-name.js";
import { MEMORY_TYPES } from "./memory-types.js";

/**
 * A save looks a name up among the files of its slug only (findSlugFiles); whatever memories/
 * holds, it must find what the lookup over the whole folder finds: the same files holding the
 * name, the same files of its slug holding others, and the same answer on whether its plain and
 * hashed paths are taken. Names are drawn from a small alphabet, so that slugs collide, with σ and
 * ς (a file written before names folded the final sigma has ς), and files hold other names.
 */
const nameArbitrary = fc
  .string({ unit: fc.constantFrom("a", "b", "A", " ", "+", "σ", "ς", "Σ", "-"), minLength: 1, maxLength: 6 })
  .filter((name) => slugify(name) !== "");
const fileArbitrary = fc.record({
  type: fc.constantFrom(...MEMORY_TYPES),
  fileName: nameArbitrary,
  heldName: nameArbitrary,
  hashed: fc.boolean(),
  legacySigma: fc.boolean(),
  broken: fc.boolean(),
});

test.prop([fc.array(fileArbitrary, { maxLength: 12 }), nameArbitrary], { numRuns: 300 })(
  "finds what a lookup over the whole folder finds, whatever the folder holds",
  async (files, name) => {
    const store = new InMemoryDocumentStore();
    await store.transaction(async (writer) => {
      for (const file of files) {
        let path = file.hashed
          ? hashedMemoryPath(file.type, file.fileName)
          : memoryPath(file.type, file.fileName);
        if (file.legacySigma) path = path.replace(/σ(?=[-.])/g, "ς");
        const fields = { name: file.heldName, description: "d", type: file.type };
        const text = formatMemoryFile({ previous: undefined, fields, body: "b", now: new Date(0) });
        await writer.write(path, file.broken ? "---\nname: [\n" : text);
      }
      await writer.write("memories/notes.txt", "not a memory");
    });
    const whole = await findNamedFiles(store, name);
    const bySlug = await findSlugFiles(store, name);
    expect(bySlug.holding).toEqual(whole.holding);
    expect(bySlug.others).toEqual(whole.others);
    for (const type of MEMORY_TYPES)
      for (const path of [memoryPath(type, name), hashedMemoryPath(type, name)])
        expect(bySlug.present.has(path)).toBe(whole.present.has(path));
  },
);
