/**
 * A prose instructions file (CLAUDE.md, AGENTS.md, a legacy .cursorrules) as typed memories: each
 * `## ` section is one memory named "<label>: <heading>", the text before the first section (its
 * `# Title` line left out) one named "<label>: overview". Such files grow past any profile budget
 * and are read when the work touches their subject, so they become memories found by search, not
 * always-injected profile text. A file has no dates: each memory holds from the file's modification time.
 */
import { parseSections } from "../../markdown/sections.js";
import type { MemoryType } from "../../memdir/memory-types.js";
import {
  firstLineOf,
  type ImportPlan,
  memoryNameFrom,
  type PlannedItem,
  type SkippedItem,
  type SourceFile,
} from "./planned-import.js";

export interface ProseOptions {
  /** What the names start with: the project's folder name, or "Claude Code (all projects)". */
  label: string;
  type: MemoryType;
}

export function mapProseFile(file: SourceFile, options: ProseOptions): ImportPlan {
  const text = file.text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const document = parseSections(text);
  const parts = [
    { heading: "overview", body: withoutTitle(document.preamble) },
    ...document.sections.map((section) => ({ heading: section.name, body: section.body })),
  ];
  const date = file.modifiedAt.toISOString();
  const items: PlannedItem[] = [];
  const skipped: SkippedItem[] = [];
  for (const { heading, body } of parts) {
    const source = `${file.path}#${heading}`;
    const content = body.trim();
    if (content === "") {
      // A file's empty preamble is the usual case, not worth a line in the report.
      if (heading !== "overview") skipped.push({ source, reason: "the section is empty" });
      continue;
    }
    items.push({
      kind: "memory",
      type: options.type,
      name: memoryNameFrom(`${options.label}: ${heading}`),
      description: firstLineOf(content),
      content,
      date,
      source,
    });
  }
  if (items.length === 0 && skipped.length === 0)
    skipped.push({ source: file.path, reason: "the file is empty" });
  return { items, skipped };
}

/** The preamble without its leading `# Title` line, which names the file, not a fact. */
function withoutTitle(preamble: string): string {
  return preamble.replace(/^\s*#[ \t]+[^\n]*\n?/, "");
}
