/**
 * Claude Code's auto-memory folder (`~/.claude/projects/<project>/memory/`, seed 001): one Markdown
 * file per memory with frontmatter `name`, `description`, `type` (user, feedback, project,
 * reference), and MEMORY.md, the index. Each memory file becomes the typed memory it already is;
 * a file without frontmatter (a topic file such as `debugging.md`) becomes a project memory named
 * after the file. MEMORY.md's index lines are not imported (mnemo keeps its own index); its other
 * text (notes Claude wrote there) becomes MEMORY.md's section "Claude Code notes". Claude Code
 * keeps no dates in these files: each holds from its file's modification time.
 */
import { parseFrontmatter } from "../../markdown/frontmatter.js";
import { parseIndexLine } from "../../memdir/memory-index.js";
import { isMemoryType, MEMORY_TYPES } from "../../memdir/memory-types.js";
import {
  firstLineOf,
  type ImportPlan,
  malformedInput,
  memoryNameFrom,
  type PlannedItem,
  type SkippedItem,
  type SourceFile,
} from "./planned-import.js";

export const CLAUDE_CODE_NOTES_SECTION = "Claude Code notes";

/** `files`: every `.md` file of the folder, MEMORY.md among them when there is one. */
export function mapClaudeCodeMemory(files: readonly SourceFile[]): ImportPlan {
  const index = files.find((file) => fileName(file) === "MEMORY.md");
  const memoryFiles = files.filter((file) => file !== index);
  const items: PlannedItem[] = [];
  const skipped: SkippedItem[] = [];
  for (const file of memoryFiles) {
    const item = memoryOf(file);
    if (item) items.push(item);
    else skipped.push({ source: file.path, reason: "the memory has no text" });
  }
  if (index) {
    const present = new Set(memoryFiles.map(fileName));
    const notes = readIndex(index, present, skipped);
    if (notes !== "") items.push(notesSection(index, notes));
  }
  return { items, skipped };
}

function memoryOf(file: SourceFile): PlannedItem | undefined {
  const text = file.text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const date = file.modifiedAt.toISOString();
  const stem = fileName(file).replace(/\.md$/i, "");
  if (!text.startsWith("---")) {
    const content = text.trim();
    if (content === "") return undefined;
    const name = memoryNameFrom(stem.replace(/[-_]+/g, " "));
    return { kind: "memory", type: "project", name, content, date, source: file.path };
  }
  const parsed = parseFrontmatter(text);
  if (!parsed.ok) throw malformedInput(file.path, `line ${parsed.line}`, parsed.problem);
  const { yaml, body } = parsed.frontmatter;
  const type = String(yaml.get("type") ?? "project")
    .trim()
    .toLowerCase();
  if (!isMemoryType(type))
    throw malformedInput(
      file.path,
      'frontmatter field "type"',
      `${JSON.stringify(yaml.get("type"))} is not one of ${MEMORY_TYPES.join(", ")}`,
    );
  const content = body.trim();
  if (content === "") return undefined;
  const name = textField(yaml.get("name")) ?? stem.replace(/^(user|feedback|project|reference)_/, "");
  const description = textField(yaml.get("description")) ?? firstLineOf(content);
  return { kind: "memory", type, name: memoryNameFrom(name), description, content, date, source: file.path };
}

/** MEMORY.md's text other than its title and its index lines; an index line to a missing file is skipped. */
function readIndex(index: SourceFile, present: ReadonlySet<string>, skipped: SkippedItem[]): string {
  const kept: string[] = [];
  for (const line of index.text.replace(/\r\n?/g, "\n").split("\n")) {
    const entry = parseIndexLine(line);
    if (entry === undefined) {
      if (!/^#[ \t]/.test(line)) kept.push(line);
    } else if (!present.has(basename(entry.path))) {
      skipped.push({
        source: `${index.path}#${entry.title}`,
        reason: `its index line points to ${entry.path}, which is not in the folder`,
      });
    }
  }
  // A "## " line would start a section of mnemo's MEMORY.md: kept one level down.
  return kept
    .join("\n")
    .replace(/^##(?=[ \t])/gm, "###")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function notesSection(index: SourceFile, notes: string): PlannedItem {
  const date = index.modifiedAt.toISOString();
  return {
    kind: "section",
    file: "memory",
    section: CLAUDE_CODE_NOTES_SECTION,
    text: notes,
    source: index.path,
    fallback: {
      kind: "memory",
      type: "project",
      name: CLAUDE_CODE_NOTES_SECTION,
      content: notes,
      date,
      source: index.path,
    },
  };
}

function textField(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function fileName(file: SourceFile): string {
  return basename(file.path);
}

function basename(path: string): string {
  const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return path.slice(slash + 1);
}
