import { fc, test } from "@fast-check/vitest";
import { expect } from "vitest";
import { splitLinesKeepEnds } from "./lines.js";

const text = fc.string({ unit: fc.constantFrom("a", "\n", "\r", " ", "é"), maxLength: 30 });

test.prop([text])(
  "splitLinesKeepEnds gives one line a piece, each with its \\n, joining to the text",
  (input) => {
    const lines = splitLinesKeepEnds(input);
    expect(lines.join("")).toBe(input);
    for (const line of lines) expect(line.slice(0, -1)).not.toContain("\n");
    for (const line of lines.slice(0, -1)) expect(line.endsWith("\n")).toBe(true);
    // The look-behind split it replaces, as the oracle.
    expect(lines).toEqual(input === "" ? [] : input.split(/(?<=\n)/));
  },
);
