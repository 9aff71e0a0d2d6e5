import type { DocumentWriter } from "../../contracts/document-store.js";
import { archivePathFor, MEMORIES_DIR, MEMORY_INDEX_SECTION, MEMORY_PATH } from "../../rules/home-layout.js";
import { archiveText } from "../archive/archive.js";
import type { HomeContext } from "../home/home-context.js";
import { readMany } from "../home/read-many.js";
import { splitLinesKeepEnds } from "../markdown/lines.js";
import { findSection, parseSections } from "../markdown/sections.js";
import { updateIndex } from "../memdir/memdir.js";
import { type MemoryHeader, parseMemoryFile } from "../memdir/memory-file.js";
import { indexLinesOf, parseIndexLine, removeIndexLines, upsertIndexLines } from "../memdir/memory-index.js";
import { parseMemoryFileName } from "../memdir/memory-name.js";
import type { DoctorProblem } from "./doctor-problem.js";

/**
 * Doctor's checks of the typed memories against MEMORY.md's index, and their repair. Every step is
 * one pass over the files or the index (sets, never a search of one list per item of the other),
 * so 100,000 memories cost 100 times what 1,000 do.
 */
export async function checkMemories(
  home: HomeContext,
  files: ReadonlyArray<{ path: string; text: string }>,
): Promise<DoctorProblem[]> {
  const problems: DoctorProblem[] = [];
  const memories = files.filter((file) => file.path.startsWith(`${MEMORIES_DIR}/`));
  const valid: string[] = [];
  for (const { path, text } of memories) {
    const parsed = parseMemoryFile(path, text);
    if (!parsed.ok) {
      const message = `${parsed.problem}; fix the file by hand`;
      problems.push({ kind: "malformed-memory", path, line: parsed.line, message, fixable: false });
      continue;
    }
    valid.push(path);
    if (parseMemoryFileName(path)?.type !== parsed.header.type) {
      problems.push({
        kind: "misnamed-memory",
        path,
        message: `file name should be ${MEMORIES_DIR}/<type>_<name>.md with type "${parsed.header.type}"; save it again under its name to rename it`,
        fixable: false,
      });
    }
  }
  const memoryText = (await home.store.read(MEMORY_PATH)) ?? "";
  const indexed = indexLinesOf(findSection(parseSections(memoryText), MEMORY_INDEX_SECTION)?.body ?? "");
  const indexedPaths = new Set(indexed.map((line) => line.path));
  const present = new Set(memories.map((file) => file.path));
  for (const line of indexed.filter((each) => !present.has(each.path))) {
    const message = `index line points to missing file ${line.path}`;
    problems.push({ kind: "dangling-index-line", path: MEMORY_PATH, message, fixable: true });
  }
  for (const path of valid.filter((each) => !indexedPaths.has(each))) {
    const message = `${path} has no index line in ${MEMORY_PATH}`;
    problems.push({ kind: "unindexed-memory", path, message, fixable: true });
  }
  return problems;
}

/** Archives the index lines of missing files and adds the lines of unindexed ones, in one edit. */
export async function rebuildIndexLines(
  home: HomeContext,
  writer: DocumentWriter,
  problems: DoctorProblem[],
): Promise<string[]> {
  const fixed: string[] = [];
  const present = new Set((await writer.list(MEMORIES_DIR)).map((document) => document.path));
  const unindexed = problems.filter((each) => each.kind === "unindexed-memory").map((each) => each.path);
  const texts = await readMany(writer, unindexed);
  const additions: MemoryHeader[] = [];
  for (const path of unindexed) {
    const parsed = parseMemoryFile(path, texts.get(path) ?? "");
    if (parsed.ok) additions.push(parsed.header);
  }
  // The lines to remove go to the archive first, as every removal does (a person may have written them).
  const index = findSection(parseSections((await writer.read(MEMORY_PATH)) ?? ""), MEMORY_INDEX_SECTION);
  const danglingLines = splitLinesKeepEnds(index?.body ?? "").filter((line) => {
    const parsed = parseIndexLine(line);
    return parsed !== undefined && !present.has(parsed.path);
  });
  await archiveText(writer, {
    sourcePath: MEMORY_PATH,
    chunks: danglingLines.length > 0 ? [danglingLines.join("")] : [],
    reason: "index lines of memory files that do not exist (mnemo doctor --fix)",
    now: home.now(),
  });
  await updateIndex(writer, (body) => {
    const dangling = indexLinesOf(body)
      .map((line) => line.path)
      .filter((path) => !present.has(path));
    for (const path of dangling)
      fixed.push(`${MEMORY_PATH}: moved the index line of missing ${path} to ${archivePathFor(MEMORY_PATH)}`);
    const entries = additions.map((header) => ({
      title: header.name,
      path: header.path,
      summary: header.description,
    }));
    for (const header of additions) fixed.push(`${MEMORY_PATH}: added the index line of ${header.path}`);
    return upsertIndexLines(removeIndexLines(body, dangling), entries);
  });
  return fixed;
}
