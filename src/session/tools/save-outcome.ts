import { z } from "zod";
import type { SavedMemory } from "../../engine/memdir/save-types.js";

/**
 * What a consolidated save did (docs/consolidation.md), as the memory_save tool and the HTTP API
 * report it: the action, who decided, why, and the memories it may contradict.
 */
export const saveOutcomeOutput = {
  action: z
    .enum(["added", "unchanged", "updated"])
    .describe(
      "added: a new memory; unchanged: an existing memory already says this, nothing was written (path and name are that memory's); updated: an existing memory was replaced, its older version archived (path and name are that memory's).",
    ),
  decidedBy: z
    .enum(["rules", "model", "off"])
    .describe("Who decided: the deterministic rules, the chat model, or off (consolidation turned off)."),
  reason: z.string().optional().describe("Why the save was unchanged or updated."),
  possibleConflicts: z
    .array(z.object({ name: z.string(), path: z.string(), reason: z.string() }))
    .describe("Existing memories that may say otherwise, left as they are: check them."),
};

/** One sentence per part of the outcome, for a model or a person. */
export function describeOutcome(saved: SavedMemory): string[] {
  const lines: string[] = [];
  if (saved.action === "unchanged")
    lines.push(
      `Nothing saved: ${saved.type} memory "${saved.name}" in ${saved.path} already says this (${saved.reason ?? "a duplicate"}).`,
    );
  else if (saved.action === "updated" && saved.reason !== undefined) lines.push(`Why: ${saved.reason}.`);
  if (saved.possibleConflicts.length > 0)
    lines.push(
      `Check for a conflict with: ${saved.possibleConflicts.map((each) => `"${each.name}" (${each.path})`).join(", ")}.`,
    );
  if (saved.warning !== undefined) lines.push(`Note: ${saved.warning}.`);
  return lines;
}

/** The outcome fields of a save's result. */
export function outcomeOf(saved: SavedMemory): z.output<z.ZodObject<typeof saveOutcomeOutput>> {
  return {
    action: saved.action,
    decidedBy: saved.decidedBy,
    ...(saved.reason === undefined ? {} : { reason: saved.reason }),
    possibleConflicts: saved.possibleConflicts,
  };
}
