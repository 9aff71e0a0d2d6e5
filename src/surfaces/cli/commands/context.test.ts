import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runUnit, useTestHome } from "../../../testing/test-command.js";
import { context } from "./context.js";
import { init } from "./init.js";

/** context and init in process, on a real home. */
const test = useTestHome();

describe("context", () => {
  it("is the session context with the base prompt last, from the option or a file", async () => {
    const fromOption = await runUnit(context, test.memory, [], { basePrompt: "Be brief." });
    expect(fromOption.text).toBe(await test.memory.buildContext({ basePrompt: "Be brief." }));
    expect(fromOption.text.trimEnd().endsWith("Be brief.")).toBe(true);
    await writeFile(join(test.home, "prompt.md"), "From a file.");
    const fromFile = await runUnit(context, test.memory, [], {
      basePromptFile: join(test.home, "prompt.md"),
    });
    expect(fromFile.data.context.trimEnd().endsWith("From a file.")).toBe(true);
  });

  it("refuses both a base prompt and a file, and a file that does not exist", async () => {
    await expect(context.input([], { basePrompt: "a", basePromptFile: "b" })).rejects.toThrow(/not both/);
    await expect(context.input([], { basePromptFile: join(test.home, "nothing.md") })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("init", () => {
  it("writes SOUL.md from the options, then keeps it unless forced", async () => {
    const options = { yes: true, name: "Ada", style: "Short." };
    const written = await runUnit(init, test.memory, [], options);
    expect(written.data).toEqual({ home: test.home, path: "SOUL.md", written: true });
    expect(written.text).toBe(`Wrote ${join(test.home, "SOUL.md")}`);
    const kept = await runUnit(init, test.memory, [], options);
    expect(kept.text).toBe(
      `Kept the existing ${join(test.home, "SOUL.md")}; run mnemo init --force to overwrite it.`,
    );
    const forced = await runUnit(init, test.memory, [], { ...options, name: "Grace", force: true });
    expect(forced.data.written).toBe(true);
    expect((await test.memory.profile.read("soul")).text).toContain("Grace");
  });
});
