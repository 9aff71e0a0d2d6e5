/**
 * Cursor's project rules: `.cursor/rules/*.mdc`, Markdown after a frontmatter of `description`,
 * `globs` and `alwaysApply`. Cursor reads that frontmatter as `key: value` lines, not strict YAML
 * (`globs: **\/*.ts, src/**` is an error to a YAML parser), so it is read the same way here. Each
 * rule becomes a project memory named "<label> rule <file name>", its description the rule's,
 * `globs` and `always_apply` kept in its frontmatter. A legacy `.cursorrules` file is prose, read
 * as CLAUDE.md is (prose-sections.ts). A rule has no date: it holds from its file's modification time.
 */
import {
  firstLineOf,
  type ImportPlan,
  malformedInput,
  memoryNameFrom,
  type SourceFile,
} from "./planned-import.js";

export function mapCursorRule(file: SourceFile, label: string): ImportPlan {
  const { fields, body } = splitRule(file);
  const content = body.trim();
  if (content === "") return { items: [], skipped: [{ source: file.path, reason: "the rule has no text" }] };
  const stem = (file.path.split(/[/\\]/).pop() ?? file.path).replace(/\.mdc$/i, "");
  const frontmatter: Record<string, string> = {};
  if (fields.globs) frontmatter.globs = fields.globs;
  if (fields.alwaysApply) frontmatter.always_apply = fields.alwaysApply;
  return {
    items: [
      {
        kind: "memory",
        type: "project",
        name: memoryNameFrom(`${label} rule ${stem}`),
        description: fields.description || firstLineOf(content),
        content,
        date: file.modifiedAt.toISOString(),
        source: file.path,
        ...(Object.keys(frontmatter).length > 0 ? { frontmatter } : {}),
      },
    ],
    skipped: [],
  };
}

/** The `key: value` lines between the opening and closing `---`, and the text after them. */
function splitRule(file: SourceFile): { fields: Record<string, string>; body: string } {
  const lines = file.text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (lines[0]?.trim() !== "---") return { fields: {}, body: lines.join("\n") };
  const closing = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
  if (closing === -1) throw malformedInput(file.path, "line 1", 'the frontmatter has no closing "---" line');
  const fields: Record<string, string> = {};
  for (let index = 1; index < closing; index++) {
    const line = lines[index] ?? "";
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const match = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match)
      throw malformedInput(
        file.path,
        `line ${index + 1}`,
        `expected "key: value" in the frontmatter, found ${JSON.stringify(line)}`,
      );
    fields[match[1] as string] = unquoted((match[2] as string).trim());
  }
  return { fields, body: lines.slice(closing + 1).join("\n") };
}

function unquoted(value: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? (quoted[2] as string) : value;
}
