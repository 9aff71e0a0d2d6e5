import { createHash } from "node:crypto";
import { MnemoError } from "../../errors.js";
import { MEMORIES_DIR } from "../../rules/home-layout.js";
import { MEMORY_TYPES, type MemoryType } from "./memory-types.js";

/**
 * A memory's name is what a person or an agent calls it ("Prefers tabs"); its file is
 * `memories/<type>_<slug>.md` ("memories/feedback_prefers-tabs.md"). Names that try to reach
 * another folder or a reserved file are refused, not quietly rewritten.
 *
 * Two names are the same memory when their keys are equal: NFKC form, lower case, runs of white
 * space as one space ("Prefers  Tabs" and "prefers tabs" are one memory; "C++ style" and "C# style"
 * are two). The slug loses more than that, so two memories can want the same file: the later one
 * gets `<slug>--<hash>.md`, the hash taken from its key. A slug never holds "--", so a hashed file
 * name never equals a plain one, and the name in the file's frontmatter says whose file it is.
 */
const MAX_NAME_LENGTH = 100;
const MAX_SLUG_LENGTH = 60;
const MAX_SLUG_BYTES = 180;
const HASH_LENGTH = 8;
const RESERVED = new Set(["memory", "soul", "user", "memory.md", "soul.md", "user.md"]);
const FILE_NAME = new RegExp(`^(${MEMORY_TYPES.join("|")})_(.+)\\.md$`);
const HASHED_STEM = new RegExp(`^(.+)--[0-9a-f]{${HASH_LENGTH}}$`);

/** Half of a UTF-16 surrogate pair: not a character, and written as U+FFFD by every UTF-8 encoder. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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
            : trimmed === "."
              ? 'it is only ".", which no URL path can hold (every client removes it as a dot segment)'
              : // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
                /[\u0000-\u001f\u007f]/.test(trimmed)
                ? "it contains control characters or line breaks"
                : LONE_SURROGATE.test(trimmed)
                  ? "it contains a broken character (half of a UTF-16 pair), which no file can store"
                  : RESERVED.has(trimmed.toLowerCase())
                    ? `"${trimmed}" is reserved for mnemo's own files`
                    : undefined;
  if (problem) {
    throw new MnemoError(
      "INVALID_INPUT",
      `Invalid memory name "${name.length > 120 ? `${name.slice(0, 100)}…` : name}": ${problem}. Use a short title such as "Prefers tabs".`,
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

/**
 * What makes two names the same memory: NFKC form, lower case (JavaScript's toLowerCase: "ß" and
 * "SS" stay apart), the Greek final sigma as σ (toLowerCase writes ς or σ for Σ by position),
 * runs of white space as one space.
 */
export function memoryNameKey(name: string): string {
  return foldFinalSigma(name.normalize("NFKC").toLowerCase().normalize("NFKC").replace(/\s+/gu, " ").trim());
}

/**
 * The key's letters and digits of any script, other characters folded to "-", at most 60 code
 * points. Made from the key, so two spellings of one name always have the same slug.
 */
export function slugify(name: string): string {
  const folded = memoryNameKey(name)
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  // Cut by code points, never inside a surrogate pair (a lone surrogate cannot be a file name), and
  // to MAX_SLUG_BYTES so that the longest file name stays far below the file system's 255 bytes.
  const points = Array.from(folded).slice(0, MAX_SLUG_LENGTH);
  while (Buffer.byteLength(points.join("")) > MAX_SLUG_BYTES) points.pop();
  return points.join("").replace(/-+$/, "");
}

/** The file a memory of this name takes when no other memory holds it. */
export function memoryPath(type: MemoryType, name: string): string {
  return `${MEMORIES_DIR}/${type}_${slugify(name)}.md`;
}

/** The file it takes when another memory holds that one: the slug, "--", a hash of the name's key. */
export function hashedMemoryPath(type: MemoryType, name: string): string {
  const hash = createHash("sha256").update(memoryNameKey(name)).digest("hex").slice(0, HASH_LENGTH);
  return `${MEMORIES_DIR}/${type}_${slugify(name)}--${hash}.md`;
}

/**
 * The slug a memory file stands for, to compare with `slugify(name)`: without the hash, and with a
 * final sigma as σ (files written before the key folded it have ς). Undefined for other files.
 */
export function slugOfPath(path: string): string | undefined {
  const slug = parseMemoryFileName(path)?.slug;
  return slug === undefined ? undefined : foldFinalSigma(slug);
}

function foldFinalSigma(text: string): string {
  return text.replace(/ς/gu, "σ");
}

/**
 * "memories/user_go.md" -> { type: "user", slug: "go" }; `slug` is without the hash of a hashed
 * file name ("user_c-style--1a2b3c4d.md" -> "c-style"). Undefined for files that are not typed memories.
 */
export function parseMemoryFileName(path: string): { type: MemoryType; slug: string } | undefined {
  const fileName = path.startsWith(`${MEMORIES_DIR}/`) ? path.slice(MEMORIES_DIR.length + 1) : path;
  const match = FILE_NAME.exec(fileName);
  if (!match) return undefined;
  const stem = match[2] as string;
  return { type: match[1] as MemoryType, slug: HASHED_STEM.exec(stem)?.[1] ?? stem };
}

/**
 * The file NAME refers to when it is a file name or path ("feedback_prefers-tabs",
 * "memories/feedback_prefers-tabs.md"); `explicit` when it cannot be a memory's name (it has the
 * folder or the .md ending). Undefined when NAME is not a typed memory's file name.
 */
export function filePathIn(name: string): { path: string; explicit: boolean } | undefined {
  const trimmed = name.trim();
  const withoutFolder = trimmed.startsWith(`${MEMORIES_DIR}/`)
    ? trimmed.slice(MEMORIES_DIR.length + 1)
    : trimmed;
  if (/[/\\]|\.\./.test(withoutFolder)) return undefined;
  const fileName = withoutFolder.endsWith(".md") ? withoutFolder : `${withoutFolder}.md`;
  if (!FILE_NAME.test(fileName)) return undefined;
  return {
    path: `${MEMORIES_DIR}/${fileName}`,
    explicit: fileName === withoutFolder || trimmed !== withoutFolder,
  };
}
