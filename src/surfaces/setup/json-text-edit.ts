/**
 * Edits of a JSON settings file as text, so that everything setup does not touch keeps its bytes:
 * a person's formatting, key order and one-line arrays, and what other programs wrote. An insertion
 * goes after the container's last member, in the indentation its members already have; removing
 * that member deletes exactly the text the insertion added, so add-then-remove gives the file back
 * byte for byte. jsonc-parser finds the offsets (and tolerates the comments some editors allow).
 */
import { findNodeAtLocation, type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { MnemoError } from "../../errors.js";

export type JsonPath = Array<string | number>;

/** The file's tree; an error naming the file and line when it is not one JSON object. */
export function parseJsonObject(text: string, file: string): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  const first = errors[0];
  if (first)
    throw new MnemoError(
      "INVALID_INPUT",
      `${file} is not valid JSON (${printParseErrorCode(first.error)} on line ${lineOf(text, first.offset)}); fix it or move it away, then run mnemo setup again.`,
    );
  if (root?.type !== "object")
    throw new MnemoError("INVALID_INPUT", `${file} does not hold a JSON object; fix it or move it away.`);
  return root;
}

/** The node at a path of keys and indexes, if there is one. */
export function nodeAt(text: string, path: JsonPath): Node | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true });
  return root ? findNodeAtLocation(root, path) : undefined;
}

/** Adds `"key": value` as the last member of the object at `objectPath` (which must exist). */
export function addProperty(text: string, objectPath: JsonPath, key: string, value: unknown): string {
  const object = containerAt(text, objectPath, "object");
  return insertMember(text, object, `${JSON.stringify(key)}: `, value);
}

/** Appends `value` as the last element of the array at `arrayPath` (which must exist). */
export function appendElement(text: string, arrayPath: JsonPath, value: unknown): string {
  return insertMember(text, containerAt(text, arrayPath, "array"), "", value);
}

/** Replaces the value at `path` (which must exist), indented as the line it starts on. */
export function replaceValue(text: string, path: JsonPath, value: unknown): string {
  const node = nodeAt(text, path);
  if (!node) throw new Error(`No JSON value at ${path.join(".")} (a bug in mnemo setup).`);
  const rendered = renderValue(value, lineIndent(text, node.offset), indentUnit(text));
  return text.slice(0, node.offset) + rendered + text.slice(node.offset + node.length);
}

/**
 * Removes the member at `path` (an object's property or an array's element) with the comma and
 * line break that tie it to its neighbours: the exact inverse of addProperty / appendElement. A
 * member that was its container's only one was added with that container (setup writes a space or
 * a line break after the bracket of a container it makes), so the container goes too, and so on
 * up; one right after the bracket was added to a container that was there before, which stays.
 * Undefined when nothing is left of the document.
 */
export function removeMember(text: string, path: JsonPath): string | undefined {
  const value = nodeAt(text, path);
  const member = value?.parent?.type === "property" ? value.parent : value;
  const container = member?.parent;
  if (!member || !container?.children) return text;
  const siblings = container.children;
  const index = siblings.indexOf(member);
  const previous = siblings[index - 1];
  const next = siblings[index + 1];
  if (previous) return cut(text, previous.offset + previous.length, member.offset + member.length);
  if (next) return cut(text, member.offset, next.offset);
  // Nothing between the bracket and the member: added to a container that was there before.
  if (member.offset === container.offset + 1)
    return cut(text, container.offset + 1, member.offset + member.length);
  return path.length === 1 ? undefined : removeMember(text, path.slice(0, -1));
}

/** A new document holding `value`, as JSON.stringify writes it (removeMember takes it all back). */
export function newJsonDocument(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function insertMember(text: string, container: Node, prefix: string, value: unknown): string {
  const unit = indentUnit(text);
  const last = container.children?.at(-1);
  const outer = lineIndent(text, container.offset);
  if (!last) {
    // On the container's own line: removeMember then knows the container was there before.
    const member = prefix + renderValue(value, outer, unit);
    return text.slice(0, container.offset + 1) + member + text.slice(container.offset + 1);
  }
  const end = last.offset + last.length;
  // A container written on one line (["a", "b"]) gets its new member on that line too.
  const oneLine = !text.slice(container.offset, end).includes("\n");
  const indent = lineIndent(text, last.offset);
  const member = oneLine ? prefix + oneLineJson(value) : prefix + renderValue(value, indent, unit);
  const separator = oneLine ? ", " : `,\n${indent}`;
  return text.slice(0, end) + separator + member + text.slice(end);
}

function containerAt(text: string, path: JsonPath, type: "object" | "array"): Node {
  const node = path.length === 0 ? parseTree(text, [], { allowTrailingComma: true }) : nodeAt(text, path);
  if (node?.type !== type) throw new Error(`No JSON ${type} at ${path.join(".")} (a bug in mnemo setup).`);
  return node;
}

/** JSON.stringify with the file's indent unit, every line after the first indented as `indent`. */
function renderValue(value: unknown, indent: string, unit: string): string {
  return JSON.stringify(value, null, unit).replace(/\n/g, `\n${indent}`);
}

/** JSON on one line, a space inside each bracket: `{ "a": [ 1, 2 ] }` (see removeMember). */
function oneLineJson(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? "[]" : `[ ${value.map(oneLineJson).join(", ")} ]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(
      ([key, each]) => `${JSON.stringify(key)}: ${oneLineJson(each)}`,
    );
    return members.length === 0 ? "{}" : `{ ${members.join(", ")} }`;
  }
  return JSON.stringify(value);
}

/** The whitespace a file indents with: that of its first indented line, else two spaces. */
export function indentUnit(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
}

function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? "";
}

function cut(text: string, from: number, to: number): string {
  return text.slice(0, from) + text.slice(to);
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split("\n").length;
}
