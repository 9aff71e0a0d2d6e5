import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SecretDetectedError } from "../../engine/guard/secret-guard.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { MnemoError } from "../../errors.js";
import { capText, defineMemoryTool, errorResult, MAX_RESULT_TEXT } from "./memory-tool.js";

/**
 * What every memory tool shares (memory-tool.ts): its JSON Schemas as models and MCP clients read
 * them, the text a model is shown (cut, never mid-character), and errors turned into results.
 */
const NO_MEMORY = undefined as unknown as MemoryHome;

describe("defineMemoryTool", () => {
  const tool = (run: () => Promise<{ text: string; data: { count: number } }>) =>
    defineMemoryTool({
      name: "memory_probe",
      description: "A probe.",
      readOnly: true,
      input: z.object({ query: z.string(), limit: z.number().default(5) }),
      output: z.object({ count: z.number() }),
      run,
    });

  it("gives JSON Schemas without $schema: a defaulted argument is optional to the caller", () => {
    const probe = tool(async () => ({ text: "", data: { count: 0 } }));
    expect(probe.inputSchema).not.toHaveProperty("$schema");
    expect(probe.outputSchema).not.toHaveProperty("$schema");
    expect(probe.inputSchema).toMatchObject({ type: "object", required: ["query"] });
    expect(Object.keys(probe.inputSchema.properties as object)).toEqual(["query", "limit"]);
    expect(probe.outputSchema).toMatchObject({ type: "object", required: ["count"] });
  });

  it("passes data through the output schema, and a stopped call rejects with its reason instead of a result", async () => {
    const probe = tool(async () => ({ text: "found 2", data: { count: 2, extra: "dropped" } as never }));
    expect(await probe.run(NO_MEMORY, { query: "q", limit: 5 })).toEqual({
      ok: true,
      text: "found 2",
      data: { count: 2 },
    });
    const controller = new AbortController();
    const stopped = tool(async () => {
      controller.abort(new Error("the client went away"));
      throw new MnemoError("IO", "interrupted");
    });
    await expect(
      stopped.run(NO_MEMORY, { query: "q", limit: 5 }, { signal: controller.signal }),
    ).rejects.toThrow("the client went away");
  });
});

describe("errorResult", () => {
  it("names the code and message of a MnemoError, and UNEXPECTED for anything else", () => {
    expect(errorResult(new MnemoError("NOT_FOUND", 'No memory named "x".'))).toEqual({
      ok: false,
      text: 'Error (NOT_FOUND): No memory named "x".',
      data: { error: { code: "NOT_FOUND", message: 'No memory named "x".' } },
    });
    expect(errorResult(new Error("boom"))).toMatchObject({
      ok: false,
      text: "Error (UNEXPECTED): boom",
      data: { error: { code: "UNEXPECTED", message: "boom" } },
    });
  });

  it("tells a model that found a credential to keep it out of memory, not how to store it redacted", () => {
    const result = errorResult(new SecretDetectedError("content", ["aws-access-key", "password"]));
    expect(result.text).toBe(
      "Error (SECRET_DETECTED): Nothing was stored: content holds what looks like a credential " +
        "(aws-access-key, password). Never store passwords, API keys, tokens or private keys in memory. " +
        'Save the fact without the secret (for example "the deploy key is in the team\'s password manager").',
    );
    expect(result.text).not.toContain("REDACTED");
  });
});

describe("capText", () => {
  it("keeps a text of at most the limit whole, and cuts a longer one with a note of how much is shown", () => {
    const exact = "a".repeat(MAX_RESULT_TEXT);
    expect(capText(exact)).toBe(exact);
    const longer = "a".repeat(MAX_RESULT_TEXT + 1);
    const shown = MAX_RESULT_TEXT - 80;
    expect(capText(longer)).toBe(
      `${"a".repeat(shown)}\n[cut: ${shown} of ${MAX_RESULT_TEXT + 1} characters shown]`,
    );
    expect(capText("abcdefghij".repeat(20), 100)).toBe(
      `${"abcdefghij".repeat(2)}\n[cut: 20 of 200 characters shown]`,
    );
  });

  it("never ends on the first half of a surrogate pair", () => {
    // The cut falls after character 20 (100 - 80): put each kind of character there.
    const at20 = (unit: number) => `${"a".repeat(19)}${String.fromCharCode(unit)}${"b".repeat(180)}`;
    const cutAt = (unit: number) => capText(at20(unit), 100).split("\n[cut: ")[1];
    expect(cutAt(0xd800)).toBe("19 of 200 characters shown]");
    expect(cutAt(0xdbff)).toBe("19 of 200 characters shown]");
    expect(cutAt(0xd7ff)).toBe("20 of 200 characters shown]");
    expect(cutAt(0xdc00)).toBe("20 of 200 characters shown]"); // a second half ends a pair: kept
    const emoji = `${"a".repeat(19)}😀${"b".repeat(179)}`;
    expect(capText(emoji, 100).startsWith(`${"a".repeat(19)}\n`)).toBe(true);
  });
});
