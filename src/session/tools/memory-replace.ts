import { z } from "zod";
import { defineMemoryTool } from "./memory-tool.js";
import {
  profileChangeOutput,
  profileChangeResult,
  profileFileArgument,
  sectionArgument,
} from "./profile-change-result.js";

export const memoryReplaceTool = defineMemoryTool({
  name: "memory_replace",
  description:
    "Replace text in a ## section of soul, user, memory or daily: old_text must occur exactly once in the section. " +
    "Use it to correct or update what is stored; an empty new_text deletes old_text. " +
    "When old_text is not found, the result shows the section as it currently reads: copy the exact text from there.",
  readOnly: false,
  input: z
    .object({
      file: profileFileArgument,
      section: sectionArgument,
      old_text: z.string().min(1).describe("The exact text to find in the section (it must occur once)."),
      new_text: z.string().describe("The text to put in its place; empty to delete old_text."),
    })
    .strict(),
  output: profileChangeOutput,
  async run(memory, { file, section, old_text, new_text }) {
    const change = await memory.profile.replace(file, { section, oldText: old_text, newText: new_text });
    return profileChangeResult(change, `Replaced text in ${change.path} ## ${change.section}.`);
  },
});
