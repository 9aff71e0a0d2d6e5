import { z } from "zod";
import { MEMORY_TYPES } from "../../engine/memdir/memory-types.js";
import { archivedOutput, describeArchived } from "./archived-chunks.js";
import { defineMemoryTool } from "./memory-tool.js";
import { describeRedaction, redactedSecretsOutput } from "./redacted-secrets.js";
import { describeOutcome, outcomeOf, saveOutcomeOutput } from "./save-outcome.js";

export const memorySaveTool = defineMemoryTool({
  name: "memory_save",
  description:
    "Save one typed memory as its own file, listed in MEMORY.md's index: user (who the user is), feedback (how the user wants you to work), " +
    "project (decisions, deadlines, who does what) or reference (where to find things). " +
    "Saving under an existing name updates that memory (the previous version goes to archive/). " +
    "A memory that says what an existing one already says is not saved again (action unchanged); one that contradicts or refines an existing memory updates it, keeping its name (action updated). " +
    "Returns what it did, the file, and any existing memories that may conflict.",
  readOnly: false,
  input: z
    .object({
      type: z.enum(MEMORY_TYPES).describe("user, feedback, project or reference."),
      name: z
        .string()
        .min(1)
        .describe('A short title, also its file name (for example "Prefers tabs"); no "/" or "..".'),
      description: z
        .string()
        .optional()
        .describe(
          "One line, specific enough to judge later whether the memory is relevant; default: the content's first line.",
        ),
      content: z
        .string()
        .min(1)
        .describe(
          "The memory itself; for feedback and project, the rule or fact, then **Why:** and **How to apply:** lines.",
        ),
    })
    .strict(),
  output: z.object({
    path: z.string().describe("The memory's file, relative to the memory home."),
    name: z.string(),
    type: z.enum(MEMORY_TYPES),
    created: z.boolean().describe("True when a new file was written."),
    indexLine: z.string().describe("Its line in MEMORY.md's index."),
    archived: archivedOutput,
    redactedSecrets: redactedSecretsOutput,
    ...saveOutcomeOutput,
  }),
  async run(memory, { type, name, description, content }) {
    const saved = await memory.memories.save({ type, name, description, content });
    const verb = saved.created ? "Created" : "Updated";
    const parts =
      saved.action === "unchanged"
        ? []
        : [`${verb} ${saved.type} memory "${saved.name}" in ${saved.path}; MEMORY.md's index lists it.`];
    parts.push(...describeOutcome(saved));
    if (saved.archived.length > 0) parts.push(describeArchived(saved.archived));
    if (saved.redactedSecrets.length > 0) parts.push(describeRedaction(saved.redactedSecrets));
    const { path, created, indexLine, archived, redactedSecrets } = saved;
    return {
      text: parts.join(" "),
      data: {
        path,
        name: saved.name,
        type: saved.type,
        created,
        indexLine,
        archived,
        redactedSecrets,
        ...outcomeOf(saved),
      },
    };
  },
});
