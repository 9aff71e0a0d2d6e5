import { readdir } from "node:fs/promises";
import { fc, test } from "@fast-check/vitest";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { z } from "zod";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { defineMemoryTool, MAX_RESULT_TEXT } from "./memory-tool.js";
import {
  MEMORY_TOOLS,
  memoryToolHandlers,
  runMemoryTool,
  toChatToolSpecs,
  toOpenAiTools,
} from "./memory-tools.js";

let memory: MemoryHome;
let home: string;
let disabled: MemoryHome;
let disabledHome: string;

beforeAll(async () => {
  ({ memory, home } = await openTestMemory());
  ({ memory: disabled, home: disabledHome } = await openTestMemory({ config: { enabled: false } }));
});

afterAll(async () => {
  await memory.close();
  await removeDir(home);
  await removeDir(disabledHome);
});

type JsonSchema = {
  type?: string;
  enum?: string[];
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
};

/** Arguments generated from a tool's JSON Schema alone: what a model reading only the schema may send. */
function argumentsFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([key, property]) => {
    const value = valueFor(property);
    return [key, required.has(key) ? value : fc.option(value, { nil: undefined })] as const;
  });
  return fc
    .record(Object.fromEntries(fields))
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
}

function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === "integer") return fc.integer({ min: schema.minimum, max: schema.maximum });
  if (schema.type === "number")
    return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
  if (schema.type === "boolean") return fc.boolean();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.type === "string") return fc.string({ minLength: schema.minLength ?? 0, maxLength: 40 });
  if (schema.type === "object") return argumentsFor(schema);
  if (schema.type === "array" && schema.items) {
    const maxLength = Math.min(schema.maxItems ?? 3, 3);
    return fc.array(valueFor(schema.items), {
      minLength: Math.min(schema.minItems ?? 0, maxLength),
      maxLength,
    });
  }
  throw new Error(`no generator for ${JSON.stringify(schema)}`);
}

describe("tool definitions", () => {
  test("the eleven tools, named exactly, reading tools flagged read-only", () => {
    expect(MEMORY_TOOLS.map((tool) => [tool.name, tool.readOnly])).toEqual([
      ["memory_read", true],
      ["memory_add", false],
      ["memory_replace", false],
      ["memory_remove", false],
      ["memory_get", true],
      ["memory_list", true],
      ["memory_save", false],
      ["memory_delete", false],
      ["memory_read_topic", true],
      ["memory_search", true],
      ["memory_record_conversation", false],
    ]);
  });

  test("OpenAI tools: type function, parameters an object schema with properties, no $schema", () => {
    const tools = toOpenAiTools();
    expect(tools).toHaveLength(MEMORY_TOOLS.length);
    for (const { type, function: fn } of tools) {
      expect(type).toBe("function");
      expect(fn.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(fn.description.length).toBeGreaterThan(40);
      expect(fn.parameters).toMatchObject({ type: "object", additionalProperties: false });
      expect(typeof fn.parameters.properties).toBe("object");
      expect(fn.parameters).not.toHaveProperty("$schema");
      const properties = Object.keys(fn.parameters.properties as object);
      for (const name of (fn.parameters.required ?? []) as string[]) expect(properties).toContain(name);
      expect(JSON.parse(JSON.stringify(fn.parameters))).toEqual(fn.parameters);
    }
    for (const tool of MEMORY_TOOLS) {
      expect(tool.outputSchema).toMatchObject({ type: "object" });
      expect(tool.outputSchema).not.toHaveProperty("$schema");
    }
  });

  test("chat tool specs carry the same schemas", () => {
    expect(toChatToolSpecs()).toEqual(
      toOpenAiTools().map(({ function: fn }) => ({
        name: fn.name,
        description: fn.description,
        parameters: fn.parameters,
      })),
    );
  });

  for (const tool of MEMORY_TOOLS) {
    test.prop([argumentsFor(tool.inputSchema as JsonSchema)], { numRuns: 50 })(
      `${tool.name}: what its JSON Schema allows, run() accepts`,
      async (args) => {
        expect(tool.input.safeParse(args).success).toBe(true);
        // A disabled home answers DISABLED once the arguments have passed validation.
        const result = await runMemoryTool(disabled, tool.name, JSON.stringify(args));
        expect(result.data).toMatchObject({ error: { code: "DISABLED" } });
      },
    );

    test.prop([argumentsFor(tool.inputSchema as JsonSchema), fc.string({ minLength: 1, maxLength: 12 })], {
      numRuns: 20,
    })(`${tool.name}: an argument the schema does not list is refused, by name`, async (args, extra) => {
      fc.pre(!(extra in (tool.inputSchema.properties as object)) && extra !== "__proto__");
      const result = await runMemoryTool(disabled, tool.name, { ...args, [extra]: 1 });
      expect(result.data).toMatchObject({ error: { code: "INVALID_INPUT" } });
      expect(result.text).toContain(JSON.stringify(extra));
    });
  }
});

describe("runMemoryTool never throws for a model's mistakes", () => {
  test("unknown tool: the result lists the available tools", async () => {
    const result = await runMemoryTool(memory, "memory_forget", "{}");
    expect(result.ok).toBe(false);
    expect(result.data).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
    for (const tool of MEMORY_TOOLS) expect(result.text).toContain(tool.name);
  });

  test("arguments that are not JSON", async () => {
    const result = await runMemoryTool(memory, "memory_add", '{"file": "user", section: ');
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain("not valid JSON");
    expect(result.text).toContain("section: string");
  });

  test("a missing field is named", async () => {
    const result = await runMemoryTool(memory, "memory_add", JSON.stringify({ file: "user", content: "x" }));
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain('"section"');
    expect(result.text).toContain("expected string");
  });

  test("a field of the wrong type is named", async () => {
    const result = await runMemoryTool(memory, "memory_search", { query: "cats", limit: "five" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain('"limit"');
    expect(result.text).toContain("expected number");
  });

  test("an unknown file value is named, with the values allowed", async () => {
    const result = await runMemoryTool(memory, "memory_read", '{"file": "notes"}');
    expect(result.ok).toBe(false);
    expect(result.text).toContain('"file"');
    expect(result.text).toContain("soul|user|memory|daily");
  });

  test("arguments that are JSON but not an object", async () => {
    const result = await runMemoryTool(memory, "memory_read", '["user"]');
    expect(result).toMatchObject({ ok: false, data: { error: { code: "INVALID_INPUT" } } });
    expect(result.text).toContain("expected object");
  });

  test("empty arguments mean none", async () => {
    const result = await runMemoryTool(memory, "memory_read_topic", "");
    expect(result.ok).toBe(true);
    expect(result.text).toContain("user_prefs");
  });

  test("disabled memory: every tool answers DISABLED and touches no file", async () => {
    const handlers = memoryToolHandlers(disabled);
    expect(Object.keys(handlers)).toEqual(MEMORY_TOOLS.map((tool) => tool.name));
    const result = await handlers.memory_add?.({ file: "user", section: "Name", content: "Grace" });
    expect(result).toMatchObject({ ok: false, data: { error: { code: "DISABLED" } } });
    expect(result?.text).toContain("disabled");
    expect(await readdir(disabledHome)).toEqual([]);
  });

  test("an aborted call rejects with the signal's reason instead of returning a result", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(
      runMemoryTool(memory, "memory_read", { file: "user" }, { signal: controller.signal }),
    ).rejects.toThrow("stop");
  });

  test("long results are cut, with a note", async () => {
    const text = `${"A long line of notes. ".repeat(20)}\n`.repeat(12);
    const { memory: large, home: largeHome } = await openTestMemory({
      config: { budgets: { memory: 20_000 } },
    });
    try {
      const added = await runMemoryTool(large, "memory_add", {
        file: "memory",
        section: "Notes",
        content: text,
      });
      expect(added.ok).toBe(true);
      const read = await runMemoryTool(large, "memory_read", { file: "memory" });
      expect(read.ok).toBe(true);
      expect(read.text.length).toBeLessThanOrEqual(MAX_RESULT_TEXT);
      expect(read.text).toMatch(/\[cut: \d+ of \d+ characters shown\]$/);
      expect((read.data as { text: string }).text.length).toBeGreaterThan(MAX_RESULT_TEXT);
    } finally {
      await removeDir(largeHome);
    }
  });
});

describe("a result's data", () => {
  test("holds only what the tool's output schema declares, whatever the engine hands back", async () => {
    const echo = defineMemoryTool({
      name: "echo_engine_shape",
      description: "Returns an engine object that gained a field its output schema does not declare.",
      readOnly: true,
      input: z.object({}).strict(),
      output: z.object({ entry: z.object({ content: z.string() }) }),
      run: async () => ({
        text: "An entry.",
        data: { entry: { content: "Answers in French.", addedLater: "a new engine field" } },
      }),
    });
    const result = await runMemoryTool(memory, echo.name, {}, { tools: [echo] });
    expect(result).toEqual({
      ok: true,
      text: "An entry.",
      data: { entry: { content: "Answers in French." } },
    });
  });
});
