import {
  createFrontmatter,
  type Frontmatter,
  frontmatterValue,
  parseFrontmatter,
  serializeFrontmatter,
} from "../markdown/frontmatter.js";
import { AUTHOR_KEYS, isAuthorName, type MemoryAuthor } from "./memory-author.js";
import { parseMemoryFileName } from "./memory-name.js";
import { isMemoryType, type MemoryType } from "./memory-types.js";
import { VALIDITY_KEYS, type Validity, validityInstant } from "./validity.js";

/**
 * One typed memory = one Markdown file with YAML frontmatter (seed 001):
 *
 *     ---
 *     name: Prefers tabs
 *     description: Indent with tabs in every project
 *     type: feedback
 *     created: 2026-11-22T14:30:00.000Z
 *     updated: 2026-11-22T14:30:00.000Z
 *     validFrom: 2026-11-22            (optional: since when it holds; validity.ts)
 *     agent: claude-code               (optional: who wrote this version; memory-author.ts)
 *     run: session-42                  (optional: in which run or session)
 *     ---
 *
 *     Indent with tabs. **Why:** ... **How to apply:** ...
 */
export interface MemoryHeader extends Validity, MemoryAuthor {
  path: string;
  name: string;
  description: string;
  type: MemoryType;
  /** ISO 8601 times; undefined when a hand-written file has none. */
  created: string | undefined;
  updated: string | undefined;
}

export interface MemoryFields {
  name: string;
  description: string;
  type: MemoryType;
}

export type MemoryParse =
  | { ok: true; header: MemoryHeader; frontmatter: Frontmatter; body: string }
  | { ok: false; problem: string; line: number };

export function parseMemoryFile(path: string, text: string): MemoryParse {
  const parsed = parseFrontmatter(text);
  if (!parsed.ok) return parsed;
  const { frontmatter } = parsed;
  const written = frontmatterValue(frontmatter, "type");
  // A person may write "User": the type is read without regard to case, and saved back lower-case.
  const type = typeof written === "string" ? written.trim().toLowerCase() : written;
  if (!isMemoryType(type)) {
    return {
      ok: false,
      problem: `frontmatter "type" is ${JSON.stringify(written ?? null)}; use user, feedback, project or reference`,
      line: 2,
    };
  }
  const fromName = parseMemoryFileName(path);
  const name = stringValue(frontmatter, "name") ?? fromName?.slug ?? path;
  const header: MemoryHeader = {
    path,
    name,
    description: stringValue(frontmatter, "description") ?? "",
    type,
    created: timeValue(frontmatter, "created"),
    updated: timeValue(frontmatter, "updated"),
    ...validityValues(frontmatter),
    ...authorValues(frontmatter),
  };
  return { ok: true, header, frontmatter, body: frontmatter.body.replace(/^\n/, "") };
}

/**
 * The file's new text. With a previous frontmatter, its unknown keys, comments and `created` stay;
 * mnemo's own keys are set, and `extra` keys (provenance) are set after them. `validity` sets the
 * keys it gives a string and removes those it gives null. `author` is who writes this version: its
 * `agent` and `run` are set, and those it leaves out removed (they named an earlier writer).
 */
export function formatMemoryFile(options: {
  previous: Frontmatter | undefined;
  fields: MemoryFields;
  extra?: Record<string, string>;
  validity?: ValidityChange;
  author?: MemoryAuthor;
  body: string;
  now: Date;
}): string {
  const time = options.now.toISOString();
  const body = `\n${options.body.trim()}\n`;
  const validity = Object.entries(options.validity ?? {});
  if (!options.previous) {
    const values: Record<string, string> = {
      ...options.fields,
      created: time,
      updated: time,
      ...options.extra,
    };
    for (const [key, value] of validity) if (typeof value === "string") values[key] = value;
    for (const key of AUTHOR_KEYS) {
      const name = options.author?.[key];
      if (name !== undefined) values[key] = name;
    }
    return serializeFrontmatter(createFrontmatter(values, body));
  }
  const yaml = options.previous.yaml.clone();
  yaml.set("name", options.fields.name);
  yaml.set("description", options.fields.description);
  yaml.set("type", options.fields.type);
  if (!yaml.has("created")) yaml.set("created", time);
  yaml.set("updated", time);
  for (const [key, value] of Object.entries(options.extra ?? {})) yaml.set(key, value);
  for (const [key, value] of validity) {
    if (value === null) yaml.delete(key);
    else if (value !== undefined) yaml.set(key, value);
  }
  if (options.author !== undefined) {
    for (const key of AUTHOR_KEYS) {
      const name = options.author[key];
      if (name === undefined) yaml.delete(key);
      else yaml.set(key, name);
    }
  }
  return serializeFrontmatter({ yaml, body });
}

/** Validity keys to set (a string) or remove (null) when a memory is written. */
export type ValidityChange = { [key in keyof Validity]?: string | null };

/** The validity keys as written (a time YAML read as a date becomes ISO 8601). */
function validityValues(frontmatter: Frontmatter): Validity {
  const validity: Validity = {};
  for (const key of VALIDITY_KEYS) {
    const value = frontmatterValue(frontmatter, key);
    if (value instanceof Date) validity[key] = value.toISOString();
    else if (typeof value === "string" && value.trim() !== "") validity[key] = value.trim();
  }
  return validity;
}

/** The author keys as written; a value that is not a valid name (a hand edit) is left out. */
function authorValues(frontmatter: Frontmatter): MemoryAuthor {
  const author: MemoryAuthor = {};
  for (const key of AUTHOR_KEYS) {
    const value = frontmatterValue(frontmatter, key);
    const name = typeof value === "string" || typeof value === "number" ? String(value).trim() : undefined;
    if (isAuthorName(name)) author[key] = name;
  }
  return author;
}

function stringValue(frontmatter: Frontmatter, key: string): string | undefined {
  const value = frontmatterValue(frontmatter, key);
  if (value === undefined || value === null) return undefined;
  return String(value).trim();
}

function timeValue(frontmatter: Frontmatter, key: string): string | undefined {
  const value = frontmatterValue(frontmatter, key);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "string") return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/**
 * The text of a version that stops holding, as its archive keeps it: `validTo` set (unless it
 * already ended earlier) and `supersededBy` naming what replaced it. Text that does not parse is
 * kept as it is: the archive marker's time then says when it ended.
 */
export function endedVersion(text: string, ended: { validTo: string; supersededBy: string }): string {
  const parsed = parseFrontmatter(text);
  if (!parsed.ok) return text;
  const yaml = parsed.frontmatter.yaml.clone();
  const current = validityValues(parsed.frontmatter).validTo;
  const currentEnd = current === undefined ? undefined : validityInstant(current);
  const end = validityInstant(ended.validTo);
  if (currentEnd === undefined || end === undefined || end < currentEnd) yaml.set("validTo", ended.validTo);
  yaml.set("supersededBy", ended.supersededBy);
  return serializeFrontmatter({ yaml, body: parsed.frontmatter.body });
}
