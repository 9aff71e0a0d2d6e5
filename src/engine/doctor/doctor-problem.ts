/** One thing `mnemo doctor` found: its kind, where, what, and whether `--fix` repairs it. */
export type DoctorProblemKind =
  | "malformed-memory"
  | "misnamed-memory"
  | "dangling-index-line"
  | "unindexed-memory"
  | "over-budget"
  | "over-capacity"
  | "malformed-journal-entry"
  | "unknown-journal-category"
  | "duplicate-section"
  | "old-daily-log"
  | "misnamed-daily-log"
  | "write-leftover"
  | "instruction-like-text"
  | "stored-secret"
  | "damaged-search-index"
  | "search-index-outside-home"
  | "interrupted-session"
  | "duplicate-memories"
  | "conflicting-memories";

export interface DoctorProblem {
  kind: DoctorProblemKind;
  path: string;
  line?: number;
  message: string;
  fixable: boolean;
}
