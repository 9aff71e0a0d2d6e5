import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { MEMORY_TYPES } from "../../engine/memdir/memory-types.js";
import { EXTRACTION_JSON_SCHEMA, type ExtractionAnswer, parseExtractionAnswer } from "./extraction-schema.js";

const answerArbitrary: fc.Arbitrary<ExtractionAnswer> = fc.record({
  memories: fc.array(
    fc.record({
      type: fc.constantFrom(...MEMORY_TYPES),
      name: fc.string(),
      description: fc.string(),
      body: fc.string(),
      supersedes: fc.option(fc.string(), { nil: null }),
    }),
    { maxLength: 3 },
  ),
  entries: fc.array(fc.record({ category: fc.string(), text: fc.string() }), { maxLength: 3 }),
  summary: fc.string(),
});

describe("parseExtractionAnswer", () => {
  test.prop([answerArbitrary, fc.constantFrom("", "```json\n", "```\n", "Here it is:\n")])(
    "reads back any valid answer, bare or in a code fence",
    (answer, opening) => {
      const closing = opening.startsWith("```") ? "\n```" : "";
      const parsed = parseExtractionAnswer(`${opening}${JSON.stringify(answer, null, 1)}${closing}`);
      expect(parsed).toEqual({ ok: true, answer });
    },
  );

  test.prop([fc.string()])("never throws, whatever the model says", (text) => {
    const parsed = parseExtractionAnswer(text);
    if (!parsed.ok) expect(parsed.error.code).toBe("MODEL_OUTPUT");
  });

  test("a missing supersedes reads as null", () => {
    const parsed = parseExtractionAnswer(
      '{"memories": [{"type": "user", "name": "Go", "description": "d", "body": "b"}], "entries": [], "summary": ""}',
    );
    expect(parsed.ok && parsed.answer.memories[0]?.supersedes).toBeNull();
  });

  test("text that is not JSON says so and shows how it starts", () => {
    const parsed = parseExtractionAnswer("Sure! I will remember that you like tabs.");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe("MODEL_OUTPUT");
    expect(parsed.error.message).toMatch(/not JSON .*"Sure! I will remember/);
  });

  test("the wrong shape names the fields that are wrong", () => {
    const parsed = parseExtractionAnswer(
      '{"memories": [{"type": "preference", "name": "x", "description": "", "body": "b"}], "entries": []}',
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.message).toContain("memories.0.type");
    expect(parsed.error.message).toContain("summary");
  });

  test("an empty answer is an error, not an empty extraction", () => {
    expect(parseExtractionAnswer("  ").ok).toBe(false);
    expect(parseExtractionAnswer("{}").ok).toBe(false);
  });
});

describe("EXTRACTION_JSON_SCHEMA", () => {
  test("requires every key and allows no others, as strict structured output wants", () => {
    const schema = EXTRACTION_JSON_SCHEMA as {
      required: string[];
      additionalProperties: boolean;
      properties: { memories: { items: { required: string[]; properties: Record<string, unknown> } } };
    };
    expect(schema.required.sort()).toEqual(["entries", "memories", "summary"]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.memories.items.required).toContain("supersedes");
    expect(schema.properties.memories.items.properties.type).toEqual({
      type: "string",
      enum: ["user", "feedback", "project", "reference"],
    });
    expect(JSON.stringify(schema)).not.toContain('"default"');
    expect(schema).not.toHaveProperty("$schema");
  });
});
