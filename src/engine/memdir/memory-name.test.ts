import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { MnemoError } from "../../errors.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import {
  hashedMemoryPath,
  memoryNameKey,
  memoryPath,
  parseMemoryFileName,
  slugify,
  validateMemoryName,
} from "./memory-name.js";
import { MEMORY_TYPES } from "./memory-types.js";

/**
 * Names and files: two names that are different memories (different keys) never share a file, and
 * two spellings of one name (case, NFKC form, white space) always do.
 */
function isValidName(name: string): boolean {
  try {
    validateMemoryName(name);
    return true;
  } catch (error) {
    if (MnemoError.isInstance(error)) return false;
    throw error;
  }
}

/** Names that often share a slug: punctuation, case, NFKC twins, long titles alike in their first 60 characters. */
const collidingName = fc.oneof(
  fc.string({
    unit: fc.constantFrom("c", "C", "+", "#", " ", "-", "é", "e\u0301", "ﬁ", "fi", "Ａ", "a", "_", "."),
    minLength: 1,
    maxLength: 8,
  }),
  fc
    .tuple(fc.constantFrom("x", "Long title "), fc.string({ maxLength: 30 }))
    .map(([start, tail]) => `${start.repeat(61).slice(0, 62)} ${tail}`.slice(0, 100)),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
);
const validName = collidingName.filter(isValidName);
const distinctNames = fc
  .tuple(validName, validName)
  .filter(([first, second]) => memoryNameKey(first) !== memoryNameKey(second));

describe("memory file names (pure)", () => {
  test.prop([fc.string({ unit: "binary", maxLength: 200 })])(
    "a slug is at most 60 code points, has no lone surrogate and never holds --",
    (name) => {
      const slug = slugify(name);
      expect(Array.from(slug).length).toBeLessThanOrEqual(60);
      expect(Buffer.from(slug, "utf8").toString("utf8")).toBe(slug); // a lone surrogate would not survive UTF-8
      expect(slug).not.toContain("--");
    },
  );

  test.prop([
    fc.oneof(validName, fc.string({ unit: "binary", maxLength: 100 }).filter(isValidName)),
    fc.constantFrom(...MEMORY_TYPES),
  ])(
    "both file names of a name parse back to its type and slug, fit a file system, and differ",
    (name, type) => {
      for (const path of [memoryPath(type, name), hashedMemoryPath(type, name)]) {
        expect(parseMemoryFileName(path)).toEqual({ type, slug: slugify(name) });
        expect(Buffer.byteLength(path.slice("memories/".length))).toBeLessThanOrEqual(255);
      }
      expect(memoryPath(type, name)).not.toBe(hashedMemoryPath(type, name));
    },
  );

  test.prop([distinctNames, fc.constantFrom(...MEMORY_TYPES)])(
    "two different names never have the same hashed file name, nor one's plain name the other's hashed one",
    ([first, second], type) => {
      expect(hashedMemoryPath(type, first)).not.toBe(hashedMemoryPath(type, second));
      expect(memoryPath(type, first)).not.toBe(hashedMemoryPath(type, second));
    },
  );

  test.prop([validName, fc.boolean()])(
    "case, NFKC form and white space do not change the key, nor the slug",
    (name, upper) => {
      const recased = Array.from(name)
        .map((character) => {
          const changed = upper ? character.toUpperCase() : character.toLowerCase();
          return changed.toLowerCase() === character.toLowerCase() ? changed : character;
        })
        .join("");
      const variant = ` ${recased.normalize("NFKD").replace(/ /g, " \t")} `;
      expect(memoryNameKey(variant)).toBe(memoryNameKey(name));
      expect(slugify(variant)).toBe(slugify(name));
      expect(memoryNameKey(memoryNameKey(name))).toBe(memoryNameKey(name));
    },
  );
});

describe("memory files on disk", () => {
  let memory: MemoryHome;
  let home: string;
  beforeAll(async () => {
    ({ memory, home } = await openTestMemory());
  });
  afterAll(async () => removeDir(home));

  test.prop([distinctNames, fc.constantFrom(...MEMORY_TYPES)], { numRuns: 100 })(
    "two different names are saved to two files, and each get returns its own content",
    async ([first, second], type) => {
      const one = await memory.memories.save({
        type,
        name: first,
        content: `first ${JSON.stringify(first)}`,
      });
      const other = await memory.memories.save({
        type,
        name: second,
        content: `second ${JSON.stringify(second)}`,
        // About names and files: "second x" may contradict "first x", which consolidation would update.
        consolidate: false,
      });
      try {
        expect(one.path).not.toBe(other.path);
        expect(other.created).toBe(true);
        expect((await memory.memories.get(first)).content).toBe(`first ${JSON.stringify(first)}`);
        expect((await memory.memories.get(second)).content).toBe(`second ${JSON.stringify(second)}`);
        const again = await memory.memories.save({
          type,
          name: ` ${first.toLowerCase()} `,
          content: "again",
        });
        expect(again.path).toBe(one.path);
      } finally {
        for (const path of (await readdir(join(home, "memories"))).map((file) => `memories/${file}`))
          await memory.memories.delete(path);
      }
    },
  );
});
