/**
 * What restoring an archived chunk would do, decided from the chunk alone (pure): a typed memory goes
 * back to its file, whole `## Section`s go back into the profile file they left; anything else says
 * why it stays in the archive, in words a person can act on.
 */
import {
  dailyPath,
  MANAGED_MEMORY_SECTIONS,
  MEMORY_PATH,
  SOUL_PATH,
  USER_PATH,
} from "../../rules/home-layout.js";
import { parseSections, sameSectionName, sectionContent } from "../markdown/sections.js";
import { parseMemoryFile } from "../memdir/memory-file.js";
import { parseMemoryFileName } from "../memdir/memory-name.js";
import type { ProfileFile } from "../profile/profile.js";
import type { ArchiveChunk } from "./archive-chunks.js";

export type RestorePlan =
  | { kind: "memory"; path: string; name: string }
  | { kind: "sections"; file: ProfileFile; path: string; sections: Array<{ name: string; content: string }> }
  | { kind: "none"; why: string };

const PROFILE_FILE_BY_PATH: Record<string, ProfileFile> = {
  [SOUL_PATH]: "soul",
  [USER_PATH]: "user",
  [MEMORY_PATH]: "memory",
};

/** `today` is the local date ("YYYY-MM-DD"): only today's daily log can be written. */
export function planRestore(chunk: Pick<ArchiveChunk, "source" | "text">, today: string): RestorePlan {
  const { source, text } = chunk;
  if (parseMemoryFileName(source) !== undefined && source.startsWith("memories/")) {
    const parsed = parseMemoryFile(source, text);
    if (!parsed.ok)
      return none(`the archived text is not a memory file (${parsed.problem}); copy what you need by hand`);
    return { kind: "memory", path: source, name: parsed.header.name };
  }
  if (source.startsWith("topics/"))
    return none(
      "journal entries leave a topic when it is over capacity, so they would be moved out again; read them here, or save what matters as a memory",
    );
  const file = source === dailyPath(today) ? "daily" : PROFILE_FILE_BY_PATH[source];
  if (file === undefined)
    return none(
      source.startsWith("daily/")
        ? "a daily log of an earlier day: only today's log is written; read it here"
        : `mnemo does not restore text that came from ${source}; copy it by hand`,
    );
  return planSections(file, source, text);
}

function planSections(file: ProfileFile, path: string, text: string): RestorePlan {
  const document = parseSections(text);
  if (document.sections.length === 0 || document.preamble.trim() !== "")
    return none(
      "these lines were cut from the end of a section by the budget, and mnemo cannot tell which section they belong to; copy them by hand",
    );
  const managed = document.sections.find(
    (section) =>
      file === "memory" && MANAGED_MEMORY_SECTIONS.some((name) => sameSectionName(section.name, name)),
  );
  if (managed)
    return none(`## ${managed.name} of MEMORY.md is kept by mnemo itself; copy what you need by hand`);
  const sections = document.sections
    .map((section) => ({ name: section.name, content: sectionContent(section) }))
    .filter((section) => section.content !== "");
  if (sections.length === 0) return none("the archived sections are empty: there is nothing to restore");
  return { kind: "sections", file, path, sections };
}

function none(why: string): RestorePlan {
  return { kind: "none", why };
}
