import { z } from "zod";
import { MnemoError } from "../../errors.js";
import { archivedOutput, describeArchived } from "./archived-chunks.js";
import { defineMemoryTool } from "./memory-tool.js";

export const memoryDeleteTool = defineMemoryTool({
  name: "memory_delete",
  description:
    "Delete a typed memory that is wrong or no longer useful: its file is moved to archive/ and its line leaves MEMORY.md's index. " +
    "To correct a memory instead, save it again under the same name with memory_save.",
  readOnly: false,
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
  output: z.object({
    path: z.string().describe("The deleted memory's file, relative to the memory home."),
    archived: archivedOutput,
  }),
  async run(memory, { name }) {
    const { path, archived } = await memory.memories.delete(name).catch((error: unknown) => {
      if (!MnemoError.isInstance(error) || error.code !== "NOT_FOUND") throw error;
      throw new MnemoError(
        "NOT_FOUND",
        `There is no memory named "${name}". Find its name with memory_list or memory_search.`,
      );
    });
    const text = `Deleted ${path} and its line in MEMORY.md's index. ${describeArchived(archived)}`;
    return { text: text.trim(), data: { path, archived } };
  },
});
