import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import {
  asRecord,
  documentOf,
  isErrorResult,
  listOf,
  locationOf,
  parseJsonText,
  parseToolArguments,
  parseToolValue,
  pickNumber,
  pickString,
  scoreOf,
  sourceLabel,
  textOf,
} from "./tool-result-fields.js";

/**
 * The readers every built-in extractor relies on: which field of a tool result becomes a chunk's
 * document, text, score, location and label. Each key is listed alone, so that losing one (a tool whose
 * hits say `page_content` or `similarity` would no longer be understood) fails by name.
 */

describe("which field each picker reads", () => {
  const readers = [
    ["document", documentOf, ["document", "document_id", "documentId", "doc_id", "reg_id", "regulation_id"]],
    ["text", textOf, ["content", "text", "snippet", "chunk", "page_content", "summary"]],
  ] as const;
  for (const [what, read, keys] of readers) {
    test(`the ${what} is read from ${keys.join(", ")}, trimmed, numbers as text`, () => {
      for (const key of keys) {
        expect(read({ [key]: "  value  " }), key).toBe("value");
        expect(read({ [key]: 2024 }), key).toBe("2024");
      }
    });
  }

  test("the score is read from score, relevance, relevance_score, similarity: finite numbers only", () => {
    for (const key of ["score", "relevance", "relevance_score", "similarity"]) {
      expect(scoreOf({ [key]: 0.25 }), key).toBe(0.25);
      expect(scoreOf({ [key]: "0.25" }), key).toBeUndefined();
    }
    expect(scoreOf({ score: Number.POSITIVE_INFINITY, similarity: 0.4 })).toBe(0.4);
    expect(scoreOf({ score: Number.NaN })).toBeUndefined();
  });

  test("the first usable key wins; blank text, NaN and Infinity fall through to the next", () => {
    expect(pickString({ a: "first", b: "second" }, ["a", "b"])).toBe("first");
    expect(pickString({ a: "   ", b: "second" }, ["a", "b"])).toBe("second");
    expect(pickString({ a: Number.NaN, b: Number.NEGATIVE_INFINITY, c: 0 }, ["a", "b", "c"])).toBe("0");
    expect(pickString({ a: true, b: null }, ["a", "b"])).toBeUndefined();
    expect(pickNumber({ a: Number.NaN, b: -2 }, ["a", "b"])).toBe(-2);
  });

  test("a value that is not an object has no fields, and is never an error", () => {
    for (const value of [undefined, null, "text", 42, ["content"]]) {
      expect(pickString(value, ["content"])).toBeUndefined();
      expect(pickNumber(value, ["0"])).toBeUndefined();
      expect(locationOf(value)).toBeUndefined();
    }
  });
});

describe("where in a document a result is", () => {
  test.each([
    [{ start_page: 85, end_page: 87 }, "P85-87"],
    [{ page_start: 85, page_end: 87 }, "P85-87"],
    [{ from_page: "85", to_page: "87" }, "P85-87"],
    [{ start_page: 85, end_page: 85 }, "P85"],
    [{ start_page: 85 }, "P85"],
    [{ end_page: 87, page: 3 }, "P3"],
    [{ page: 7 }, "P7"],
    [{ page_num: 7 }, "P7"],
    [{ page_number: 7 }, "P7"],
    [{ location: "L10-20" }, "L10-20"],
    [{ section: "4.2" }, "4.2"],
    [{ heading: "Scope" }, "Scope"],
    [{ lines: "3-9" }, "3-9"],
    [{ page: 2, section: "4.2" }, "P2"],
    [{ end_page: 87 }, undefined],
  ])("%j is located at %s", (value, expected) => {
    expect(locationOf(value)).toBe(expected);
  });

  test("a label joins the document and the location that are known", () => {
    expect(sourceLabel("angui_2024", "P85")).toBe("angui_2024 P85");
    expect(sourceLabel("angui_2024", undefined)).toBe("angui_2024");
    expect(sourceLabel(undefined, "P85")).toBe("P85");
    expect(sourceLabel(undefined, undefined)).toBeUndefined();
  });
});

describe("lists, records and failed results", () => {
  test("a value that is neither a list nor an object holding one has no items", () => {
    for (const value of [undefined, null, "results", 42, { results: {} }])
      expect(listOf(value)).toBeUndefined();
    const bare = [1];
    expect(listOf(bare)).toBe(bare);
  });

  test("a list is bare or under results, chunks, items, hits or matches; the first list wins", () => {
    for (const key of ["results", "chunks", "items", "hits", "matches"]) {
      expect(listOf({ [key]: [1, 2] }), key).toEqual([1, 2]);
    }
    expect(listOf({ results: "none", hits: [3] })).toEqual([3]);
    expect(listOf({ results: [1], matches: [2] })).toEqual([1]);
    // Only those five keys: not another name, nor one that reads like a missing key.
    for (const key of ["data", "undefined"]) expect(listOf({ [key]: [1] }), key).toBeUndefined();
  });

  test("only a plain object is a record", () => {
    const record = { a: 1 };
    expect(asRecord(record)).toBe(record);
    for (const value of [null, undefined, [1], "a", 3]) expect(asRecord(value)).toBeUndefined();
  });

  test("only isError: true marks a failed call", () => {
    expect(isErrorResult({ isError: true, content: [] })).toBe(true);
    for (const value of [{ isError: "true" }, { isError: false }, "isError", null, [true]]) {
      expect(isErrorResult(value)).toBe(false);
    }
  });
});

describe("tool values as data", () => {
  test("JSON text is parsed after trimming; other text is returned exactly as it came", () => {
    expect(parseJsonText('  {"a":1}\n')).toEqual({ a: 1 });
    expect(parseJsonText(" [1, 2] ")).toEqual([1, 2]);
    for (const text of ['"[quoted]"', "42", " plain text ", "{not json", "x {}"]) {
      expect(parseJsonText(text)).toBe(text);
    }
  });

  test("JSON text of up to a million characters is parsed; longer text stays text", () => {
    const json = (length: number) => `["${"a".repeat(length - 4)}"]`;
    expect(parseJsonText(json(1_000_000))).toEqual(["a".repeat(999_996)]);
    expect(parseJsonText(json(1_000_001))).toBe(json(1_000_001));
  });

  test("arguments as JSON text are parsed, as data kept as they are", () => {
    const args = { reg_id: "x" };
    expect(parseToolArguments('{"reg_id":"x"}')).toEqual(args);
    expect(parseToolArguments(args)).toBe(args);
    expect(parseToolArguments(undefined)).toBeUndefined();
  });

  test("an MCP result becomes its structured content, else its text parts joined by lines", () => {
    const structured = { hits: [] };
    expect(parseToolValue({ content: [], structuredContent: structured })).toBe(structured);
    const text = (...parts: string[]) => ({ content: parts.map((part) => ({ type: "text", text: part })) });
    expect(parseToolValue(text('{"a":', "1}"))).toEqual({ a: 1 });
    expect(parseToolValue(text("first line", "second line"))).toBe("first line\nsecond line");
    for (const kept of [
      { content: [] },
      { content: [{ type: "image", text: "x" }] },
      {
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "…" },
        ],
      },
      { content: [{ type: "text", text: 5 }] },
      { content: [null, "text"] },
      { content: "not a list" },
    ]) {
      expect(parseToolValue(kept)).toBe(kept);
    }
    expect(parseToolValue(null)).toBeNull();
  });

  test.prop([fc.oneof(fc.object(), fc.array(fc.jsonValue())), fc.constantFrom("", " ", "\n\t")])(
    "any JSON object or array, however it is padded, is read back as the same data",
    (value, padding) => {
      const text = `${padding}${JSON.stringify(value)}${padding}`;
      expect(parseJsonText(text)).toEqual(JSON.parse(JSON.stringify(value)));
    },
  );

  test.prop([fc.string().filter((text) => !/^\s*[[{]/.test(text))])(
    "text that does not open like an object or a list is never parsed",
    (text) => {
      expect(parseJsonText(text)).toBe(text);
      expect(parseToolValue(text)).toBe(text);
    },
  );

  test.prop([fc.anything(), fc.array(fc.string(), { maxLength: 4 })])(
    "a picker never throws, and answers undefined or a trimmed non-empty string",
    (value, keys) => {
      const picked = pickString(value, keys);
      expect(picked === undefined || (picked !== "" && picked === picked.trim())).toBe(true);
    },
  );
});
