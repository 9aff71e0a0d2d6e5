import { z } from "zod";
import { PROFILE_FILES } from "../../engine/profile/profile.js";
import { defineMemoryTool } from "./memory-tool.js";
import { describeUsage, profileFileArgument, sectionArgument, usageOutput } from "./profile-change-result.js";

export const memoryReadTool = defineMemoryTool({
  name: "memory_read",
  description:
    "Read one of your always-loaded memory files, whole or one ## section: soul (your identity), user (the user's profile), " +
    "memory (your notes, the index of saved memories and the journal) or daily (today's log). " +
    "Use it to see the current text before memory_replace, or what changed since the session started. " +
    "Returns the text, the file's section names and its size against its character budget.",
  readOnly: true,
  input: z
    .object({
      file: profileFileArgument,
      section: sectionArgument
        .optional()
        .describe("Read only this ## section; leave out to read the whole file."),
    })
    .strict(),
  output: z.object({
    file: z.enum(PROFILE_FILES),
    path: z.string(),
    section: z.string().optional(),
    text: z.string().describe("The whole file, or the section's content."),
    sections: z.array(z.string()),
    usage: usageOutput,
  }),
  async run(memory, { file, section }) {
    const read = await memory.profile.read(file, section);
    const data = {
      file,
      path: read.path,
      section,
      text: read.text,
      sections: read.sections,
      usage: read.usage,
    };
    if (section !== undefined) {
      const body = read.text.trim() === "" ? "(empty)" : read.text;
      return { text: `${read.path} ## ${section}:\n${body}`, data };
    }
    if (read.text.trim() === "") return { text: `${read.path} is empty; write to it with memory_add.`, data };
    const sections = read.sections.length > 0 ? `sections: ${read.sections.join(", ")}` : "no sections";
    return {
      text: `${describeUsage(read.path, read.usage)} ${sections}.\n\n${read.text.trimEnd()}`,
      data,
    };
  },
});
