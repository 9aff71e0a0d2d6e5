import { createRequire } from "node:module";
import type { Document } from "yaml";
import { splitLinesKeepEnds, stripLineEnd } from "./lines.js";
import { readPlainFrontmatter } from "./plain-frontmatter.js";

/**
 * YAML frontmatter between two `---` lines at the very top of a file. Kept as a YAML document, so
 * unknown keys, comments and key order survive when mnemo updates the keys it owns.
 */
export interface Frontmatter {
  /** The YAML document; for plain `key: value` frontmatter it is parsed when first asked for. */
  readonly yaml: Document;
  /** Text after the closing `---` line, verbatim. */
  body: string;
}

/**
 * The `yaml` package, loaded when first needed: reading the frontmatter mnemo writes does not need
 * it (plain-frontmatter.ts), and loading it cost a hook on every session start (issue 29).
 */
const requireFromHere = createRequire(import.meta.url);
const yamlLibrary = (): typeof import("yaml") => requireFromHere("yaml");

/** Frontmatter read by the plain reader: its values at once, its YAML document when first used. */
class PlainFrontmatter implements Frontmatter {
  #document: Document | undefined;
  constructor(
    private readonly yamlText: string,
    readonly values: ReadonlyMap<string, string>,
    readonly body: string,
  ) {}
  get yaml(): Document {
    this.#document ??= yamlLibrary().parseDocument(this.yamlText);
    return this.#document;
  }
  /** The value, from the document once it was asked for (it may have been changed since). */
  get(key: string): unknown {
    return this.#document ? this.#document.get(key) : this.values.get(key);
  }
}

export type FrontmatterResult =
  | { ok: true; frontmatter: Frontmatter }
  | { ok: false; problem: string; line: number };

const FENCE = /^---[ \t]*$/;

/** Returns a problem with its 1-based line instead of throwing, so callers can name the file. */
export function parseFrontmatter(text: string): FrontmatterResult {
  const lines = splitLinesKeepEnds(text.startsWith("\uFEFF") ? text.slice(1) : text);
  if (lines.length === 0 || !FENCE.test(stripLineEnd(lines[0] ?? ""))) {
    return { ok: false, problem: 'the file does not start with a "---" frontmatter line', line: 1 };
  }
  const closing = lines.findIndex((line, index) => index > 0 && FENCE.test(stripLineEnd(line)));
  if (closing === -1) {
    return { ok: false, problem: 'the frontmatter has no closing "---" line', line: 1 };
  }
  const yamlText = lines.slice(1, closing).join("");
  const body = lines.slice(closing + 1).join("");
  const plain = readPlainFrontmatter(lines.slice(1, closing));
  if (plain) return { ok: true, frontmatter: new PlainFrontmatter(yamlText, plain, body) };
  const { isMap, parseDocument } = yamlLibrary();
  const yaml = parseDocument(yamlText);
  const firstError = yaml.errors[0];
  if (firstError) {
    // The YAML starts on the file's second line; report the file's line, and the message without
    // the parser's own "at line N, column M:" (counted inside the YAML).
    const line = (firstError.linePos?.[0].line ?? 1) + 1;
    const message = (firstError.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
    return { ok: false, problem: `invalid YAML: ${message}`, line };
  }
  if (yaml.contents !== null && !isMap(yaml.contents)) {
    return { ok: false, problem: "the frontmatter must be a set of `key: value` lines", line: 2 };
  }
  return { ok: true, frontmatter: { yaml, body } };
}

export function frontmatterValue(frontmatter: Frontmatter, key: string): unknown {
  return frontmatter instanceof PlainFrontmatter ? frontmatter.get(key) : frontmatter.yaml.get(key);
}

export function serializeFrontmatter(frontmatter: Frontmatter): string {
  const yamlText = frontmatter.yaml.contents === null ? "" : frontmatter.yaml.toString({ lineWidth: 0 });
  return `---\n${yamlText}---\n${frontmatter.body}`;
}

/** A fresh document with keys in the given order. */
export function createFrontmatter(values: Record<string, string>, body: string): Frontmatter {
  const { Document } = yamlLibrary();
  return { yaml: new Document(values), body };
}
