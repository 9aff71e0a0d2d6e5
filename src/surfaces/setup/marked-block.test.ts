import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { withBlock, withoutBlock } from "./marked-block.js";

const markers = { begin: "<!-- mnemo:begin", end: "<!-- mnemo:end -->" };
const block = "<!-- mnemo:begin (by setup) -->\n## Memory\nUse it.\n<!-- mnemo:end -->";
const line = fc.string({ unit: fc.constantFrom("a", " ", "#", "-", "é"), maxLength: 12 });
const fileText = fc
  .array(line, { maxLength: 6 })
  .chain((lines) => fc.constantFrom(lines.join("\n"), `${lines.join("\n")}\n`, `${lines.join("\n")}\n\n`));

describe("a block between markers", () => {
  test.prop([fileText])("adding it and removing it gives any file back byte for byte", (text) => {
    const added = withBlock(text, block, markers);
    expect(added).toContain(block);
    expect(withoutBlock(added, markers) ?? "").toBe(text);
  });

  test.prop([fileText])("adding it twice is adding it once", (text) => {
    const once = withBlock(text, block, markers);
    expect(withBlock(once, block, markers)).toBe(once);
  });

  test("a file that held only the block is left with nothing, so it goes", () => {
    expect(withBlock(undefined, block, markers)).toBe(`${block}\n`);
    expect(withoutBlock(`${block}\n`, markers)).toBeUndefined();
  });

  test("a changed block is replaced where it is, the text around it kept", () => {
    const text = `# Project\n\n${block.replace("Use it.", "Old.")}\n\n## Build\n`;
    expect(withBlock(text, block, markers)).toBe(`# Project\n\n${block}\n\n## Build\n`);
  });
});
