/** What a typed-memory save is given and what it answers (memdir.ts, consolidation/). */
import type { ArchivedChunk } from "../archive/archive.js";
import type { MemoryType } from "./memory-types.js";
import type { MemoryManifestEntry } from "./scan-memories.js";

export interface SaveMemoryInput {
  type: MemoryType;
  name: string;
  description?: string;
  content: string;
  /**
   * Extra frontmatter keys written with the memory, such as provenance (`source_session`) or
   * `supersedes`. mnemo's own keys (name, description, type, created, updated) cannot be set here.
   */
  frontmatter?: Record<string, string>;
  /** Why the previous version goes to the archive; default "replaced by a newer save". */
  replaceReason?: string;
  /**
   * A credential in the name, description or content is stored as `[REDACTED:<kind>]` (true) or
   * refused with SECRET_DETECTED (false); default: the home's `secrets` setting.
   */
  redactSecrets?: boolean;
  /**
   * Compare with the memories already there first (docs/consolidation.md): a duplicate leaves the
   * home unchanged, a contradiction or refinement updates the older memory. Default: the home's
   * `consolidation.enabled`.
   */
  consolidate?: boolean;
  /** Since when the memory holds (YYYY-MM-DD or an ISO time); default: since it is saved. */
  validFrom?: string;
  /** Until when it holds (exclusive); default: until it is replaced. */
  validTo?: string;
}

/** What a save did: `added` a memory, left the home `unchanged`, or `updated` an existing memory. */
export type SaveAction = "added" | "unchanged" | "updated";

/** A memory that a save may contradict, named for the caller to look at (see consolidation). */
export interface PossibleConflict {
  name: string;
  path: string;
  reason: string;
}

export interface SavedMemory {
  path: string;
  name: string;
  type: MemoryType;
  created: boolean;
  indexLine: string;
  /** The previous version, or a same-named memory of another type that this one replaces. */
  archived: ArchivedChunk[];
  /** The kinds of secret replaced by `[REDACTED:<kind>]`, one per secret. */
  redactedSecrets: string[];
  /**
   * `added`, `unchanged` (a duplicate: nothing written, `path` and `name` are the existing
   * memory's) or `updated` (`path` and `name` are the updated memory's, its older version archived).
   */
  action: SaveAction;
  /** "rules" or "model" when the save was consolidated, "off" when it was not. */
  decidedBy: "rules" | "model" | "off";
  /** Why the save was unchanged or updated, for a person. */
  reason?: string;
  /** Memories with other values on a related subject, left as they are: check them. */
  possibleConflicts: PossibleConflict[];
  /** Set when a model was asked and the rules decided instead, saying why. */
  warning?: string;
}

export interface Memory extends MemoryManifestEntry {
  content: string;
}
