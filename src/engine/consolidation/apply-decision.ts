/**
 * What a consolidated save writes once its decision is made (consolidated-save.ts, one save;
 * consolidated-batch.ts, saveMany): nothing for `unchanged`, the new text into the older memory
 * (its version archived, its name kept) for `updated`, the memory itself for `added`. The index
 * entry is returned for the caller to put in MEMORY.md: once per save, or once per batch.
 */
import type { DocumentWriter } from "../../contracts/document-store.js";
import type { HomeContext } from "../home/home-context.js";
import { writeMemory } from "../memdir/memdir.js";
import { formatIndexLine, type IndexLine } from "../memdir/memory-index.js";
import type { NamedFiles } from "../memdir/memory-lookup.js";
import { memoryNameKey } from "../memdir/memory-name.js";
import type { PreparedSave } from "../memdir/prepare-save.js";
import type { SavedMemory } from "../memdir/save-types.js";
import type { ConsolidationDecision } from "./consolidation-rules.js";

export interface AppliedDecision {
  saved: SavedMemory;
  /** The index line to put first; undefined when nothing was written. */
  entry: IndexLine | undefined;
  /** Files of the same memory under another type, archived: their index lines go. */
  retyped: string[];
}

export async function applyDecision(
  home: HomeContext,
  writer: DocumentWriter,
  save: {
    prepared: PreparedSave;
    named: NamedFiles;
    decision: ConsolidationDecision;
    /** The files holding a memory of this name (the target of an update under another name). */
    namedFiles: (name: string) => Promise<NamedFiles>;
  },
): Promise<AppliedDecision> {
  const { prepared, named, decision } = save;
  if (decision.action === "unchanged") {
    const { memory } = decision;
    const entry = { title: memory.name, path: memory.path, summary: memory.description };
    const saved: SavedMemory = {
      path: memory.path,
      name: memory.name,
      type: memory.type,
      created: false,
      indexLine: formatIndexLine(entry),
      archived: [],
      redactedSecrets: [],
      action: "unchanged",
      decidedBy: "rules",
      reason: decision.reason,
      possibleConflicts: decision.possibleConflicts,
    };
    return { saved, entry: undefined, retyped: [] };
  }
  const target = decision.action === "updated" ? decision.memory : undefined;
  // A save under the target's own name is an edit, as without consolidation (its type may change).
  const written =
    target && memoryNameKey(target.name) !== memoryNameKey(prepared.name)
      ? await writeMemory(
          home,
          writer,
          { ...prepared, name: target.name, type: target.type },
          await save.namedFiles(target.name),
          { reason: `superseded: ${decision.action === "updated" ? decision.reason : "a newer save"}` },
        )
      : await writeMemory(home, writer, prepared, named);
  const saved: SavedMemory = {
    ...written.saved,
    action: decision.action,
    decidedBy: "rules",
    ...(decision.action === "updated" && memoryNameKey(written.saved.name) !== memoryNameKey(prepared.name)
      ? { reason: decision.reason }
      : {}),
    possibleConflicts: decision.possibleConflicts,
  };
  return { saved, entry: written.entry, retyped: written.retyped };
}
