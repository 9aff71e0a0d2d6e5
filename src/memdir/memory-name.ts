import { MnemoError } from "../errors.js";
import { MEMORIES_DIR } from "../home/layout.js";
import { MEMORY_TYPES, type MemoryType } from "./memory-types.js";

/**
 * A memory's name is what a person or an agent calls it ("Prefers tabs"); its file is
 * `memories/<type>_<slug>.md` ("memories/feedback_prefers-tabs.md"). Names that try to reach
 * another folder or a reserved file are refused, not quietly rewritten.
 */
const MAX_NAME_LENGTH = 100;
const MAX_SLUG_LENGTH = 60;
const RESERVED = new Set(["memory", "soul", "user", "memory.md", "soul.md", "user.md"]);
const FILE_NAME = new RegExp(`^(${MEMORY_TYPES.join("|")})_(.+)\\.md$`);

export function validateMemoryName(name: string): string {
  const trimmed = name.trim();
  const problem =
    trimmed === ""
      ? "it is empty"
      : trimmed.length > MAX_NAME_LENGTH
        ? `it is longer than ${MAX_NAME_LENGTH} characters`
        : /[/\\]/.test(trimmed)
          ? "it contains a path separator (/ or \\)"
          : trimmed.includes("..")
            ? 'it contains ".."'
            : // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
              /[\u0000-\u001f\u007f]/.test(trimmed)
              ? "it contains control characters or line breaks"
              : RESERVED.has(trimmed.toLowerCase())
                ? `"${trimmed}" is reserved for mnemo's own files`
                : undefined;
  if (problem) {
    throw new MnemoError(
      "INVALID_INPUT",
      `Invalid memory name "${name}": ${problem}. Use a short title such as "Prefers tabs".`,
    );
  }
  if (slugify(trimmed) === "") {
    throw new MnemoError(
      "INVALID_INPUT",
      `Invalid memory name "${name}": it needs at least one letter or digit.`,
    );
  }
  return trimmed;
}

/** Lower-case letters and digits of any script, other characters folded to "-". */
export function slugify(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
}

export function memoryPath(type: MemoryType, name: string): string {
  return `${MEMORIES_DIR}/${type}_${slugify(name)}.md`;
}

/** "memories/user_go.md" -> { type: "user", slug: "go" }; undefined for files that are not typed memories. */
export function parseMemoryFileName(path: string): { type: MemoryType; slug: string } | undefined {
  const fileName = path.startsWith(`${MEMORIES_DIR}/`) ? path.slice(MEMORIES_DIR.length + 1) : path;
  const match = FILE_NAME.exec(fileName);
  if (!match) return undefined;
  return { type: match[1] as MemoryType, slug: match[2] as string };
}

/** The candidate paths a user may mean by NAME: the file itself, or the name's slug under any type. */
export function candidatePaths(name: string): string[] {
  const trimmed = name.trim();
  const withoutFolder = trimmed.startsWith(`${MEMORIES_DIR}/`)
    ? trimmed.slice(MEMORIES_DIR.length + 1)
    : trimmed;
  const asFile = parseMemoryFileName(withoutFolder.endsWith(".md") ? withoutFolder : `${withoutFolder}.md`);
  const direct =
    asFile && !/[/\\]|\.\./.test(withoutFolder) ? [`${MEMORIES_DIR}/${asFile.type}_${asFile.slug}.md`] : [];
  const slug = slugify(validateMemoryName(trimmed.replace(/^memories\//, "").replace(/\.md$/, "")));
  return [...new Set([...direct, ...MEMORY_TYPES.map((type) => `${MEMORIES_DIR}/${type}_${slug}.md`)])];
}
