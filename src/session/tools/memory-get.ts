import { z } from "zod";
import { MAX_CONTENT_CHARACTERS } from "../../engine/memdir/prepare-save.js";
import { describeMemoryAge } from "../../engine/memdir/staleness.js";
import { MnemoError } from "../../errors.js";
import { defineMemoryTool } from "./memory-tool.js";
import { typedMemoryData, typedMemoryOutput } from "./typed-memory-output.js";

/** Room for the header lines and the staleness note above the longest content a save accepts. */
const MAX_GET_TEXT = MAX_CONTENT_CHARACTERS + 2_000;

export const memoryGetTool = defineMemoryTool({
  name: "memory_get",
  description:
    "Read one saved (typed) memory whole: its type, name, description, age and full content. " +
    "Use it when a line of MEMORY.md's index, memory_list or a memory_search snippet looks relevant and you need all of it. " +
    "A memory older than a day comes with a note to verify it before acting on it.",
  readOnly: true,
  maxText: MAX_GET_TEXT,
  input: z
    .object({
      name: z
        .string()
        .min(1)
        .describe(
          'The memory\'s name ("Prefers tabs"), file name or path ("memories/feedback_prefers-tabs.md").',
        ),
    })
    .strict(),
  output: typedMemoryOutput.extend({ content: z.string().describe("The memory's whole text.") }),
  async run(memory, { name }) {
    const found = await memory.memories.get(name).catch((error: unknown) => {
      if (!MnemoError.isInstance(error) || error.code !== "NOT_FOUND") throw error;
      throw new MnemoError(
        "NOT_FOUND",
        `There is no memory named "${name}". Find its name with memory_list or memory_search.`,
      );
    });
    const header = [
      `${found.type} memory "${found.name}" · ${found.path} · ${describeMemoryAge(found.ageDays, found.staleness)}`,
      ...(found.description === "" ? [] : [`Description: ${found.description}`]),
      ...(found.staleness === undefined ? [] : [`Note: ${found.staleness}`]),
    ];
    return {
      text: `${header.join("\n")}\n\n${found.content}`,
      data: { ...typedMemoryData(found), content: found.content },
    };
  },
});
