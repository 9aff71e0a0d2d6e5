/**
 * A consolidation reply read tolerantly (`{"decision": "updated", "memory": 2, "conflicts": []}`,
 * maybe in a ```json fence or after some words) into a decision over the memories the model was
 * shown. Pure; never throws: a reply that cannot be used says why, and the rules decide instead.
 */
import { z } from "zod";
import { jsonValue } from "../search/parse-rerank-reply.js";
import type { ConsolidationDecision, ExistingMemory } from "./consolidation-rules.js";

const reply = z.object({
  decision: z.enum(["added", "unchanged", "updated"]),
  memory: z.number().int().nullish(),
  conflicts: z.array(z.unknown()).nullish(),
});

export type ParsedConsolidation = { decision: ConsolidationDecision } | { problem: string };

export function parseConsolidationReply(text: string, shown: readonly ExistingMemory[]): ParsedConsolidation {
  const parsed = reply.safeParse(jsonValue(text));
  if (!parsed.success)
    return { problem: `it is not {"decision": "added" | "unchanged" | "updated", ...}: ${preview(text)}` };
  const { decision, memory } = parsed.data;
  const chosen = memory === null || memory === undefined ? undefined : shown[memory - 1];
  const possibleConflicts = (parsed.data.conflicts ?? [])
    .flatMap((number) => (typeof number === "number" && number !== memory ? [shown[number - 1]] : []))
    .filter((each): each is ExistingMemory => each !== undefined)
    .map((each) => ({
      name: each.name,
      path: each.path,
      reason: "the model named it as a possible conflict",
    }));
  const conflicts = [...new Map(possibleConflicts.map((each) => [each.path, each])).values()];
  if (decision === "added") return { decision: { action: "added", possibleConflicts: conflicts } };
  if (!chosen)
    return {
      problem: `it says "${decision}" without naming one of the memories 1 to ${shown.length}: ${preview(text)}`,
    };
  return {
    decision: {
      action: decision,
      memory: chosen,
      reason:
        decision === "unchanged"
          ? `the model found that "${chosen.name}" already says it`
          : `the model found that it replaces "${chosen.name}"`,
      possibleConflicts: conflicts,
    },
  };
}

function preview(text: string): string {
  const trimmed = text.trim();
  return JSON.stringify(trimmed.length > 80 ? `${trimmed.slice(0, 80)}…` : trimmed);
}
