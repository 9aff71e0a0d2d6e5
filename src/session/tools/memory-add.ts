import { z } from "zod";
import { defineMemoryTool } from "./memory-tool.js";
import {
  profileChangeOutput,
  profileChangeResult,
  profileFileArgument,
  sectionArgument,
} from "./profile-change-result.js";

export const memoryAddTool = defineMemoryTool({
  name: "memory_add",
  description:
    "Add text to a ## section of soul (your identity), user (the user's profile), memory (your notes) or daily (today's log); " +
    "the section is created when it does not exist. Use it for lasting facts about the user or yourself, and for notes. " +
    "Each file has a character budget: over it, the oldest text of the same section is moved to archive/ (the result says what moved), " +
    "and text that cannot fit even so is refused with an error saying how much room there is. " +
    "Returns what changed and the file's size against its budget.",
  readOnly: false,
  input: z
    .object({
      file: profileFileArgument,
      section: sectionArgument,
      content: z
        .string()
        .min(1)
        .describe('The text to append to the section (no "## " heading lines; "###" sub-headings are fine).'),
    })
    .strict(),
  output: profileChangeOutput,
  async run(memory, { file, section, content }) {
    const change = await memory.profile.add(file, section, content);
    return profileChangeResult(change, `Added to ${change.path} ## ${change.section}.`);
  },
});
