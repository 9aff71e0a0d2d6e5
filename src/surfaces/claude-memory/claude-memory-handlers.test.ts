import { betaMemoryTool } from "@anthropic-ai/sdk/helpers/beta/memory";
import type { BetaMemoryTool20250818Command } from "@anthropic-ai/sdk/resources/beta";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { claudeMemoryHandlers } from "./claude-memory-handlers.js";
import type { ClaudeMemoryCommand } from "./handle-claude-memory-command.js";

/** The backend plugged into the Anthropic SDK's own memory tool helper, as its README shows. */
describe("claudeMemoryHandlers in betaMemoryTool", () => {
  let memory: MemoryHome;
  let home: string;
  beforeEach(async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  });
  afterEach(async () => {
    await memory.close();
    await removeDir(home);
  });

  it("accepts every command shape of the SDK's types", () => {
    expectTypeOf<BetaMemoryTool20250818Command>().toExtend<ClaudeMemoryCommand>();
  });

  it("runs the commands the SDK's tool dispatches; a failure rejects, for the tool runner's is_error result", async () => {
    const tool = betaMemoryTool(claudeMemoryHandlers(memory));
    expect(tool).toMatchObject({ type: "memory_20250818", name: "memory" });
    const context = {} as Parameters<typeof tool.run>[1];
    await expect(
      tool.run({ command: "create", path: "/memories/user/cat.md", file_text: "Miso." }, context),
    ).resolves.toMatch(/^File created successfully at: \/memories\/user\/cat\.md/);
    await expect(tool.run({ command: "view", path: "/memories/user/cat.md" }, context)).resolves.toContain(
      "     1\tMiso.",
    );
    await expect(tool.run({ command: "view", path: "/memories/../USER.md" }, context)).rejects.toThrow(
      /^The path "\/memories\/\.\.\/USER\.md" is refused/,
    );
  });
});
