import { z } from "zod";
import { defineMemoryTool } from "./memory-tool.js";
import {
  profileChangeOutput,
  profileChangeResult,
  profileFileArgument,
  sectionArgument,
} from "./profile-change-result.js";

export const memoryRemoveTool = defineMemoryTool({
  name: "memory_remove",
  description:
    "Remove a whole ## section from soul, user, memory or daily, for example one that is wrong or no longer true. " +
    "The section's text is moved to archive/, not lost. To change part of a section, use memory_replace instead.",
  readOnly: false,
  input: z.object({ file: profileFileArgument, section: sectionArgument }).strict(),
  output: profileChangeOutput,
  async run(memory, { file, section }) {
    const change = await memory.profile.remove(file, section);
    return profileChangeResult(change, `Removed ## ${change.section} from ${change.path}.`);
  },
});
