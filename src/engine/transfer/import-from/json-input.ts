/**
 * A JSON input file read for an importer: a syntax error names the file and its line and column,
 * and a field that does not fit names its place ("memory 3, field "memory"").
 */
import type { z } from "zod";
import { malformedInput, type SourceFile } from "./planned-import.js";

export function parseJsonFile(file: SourceFile): unknown {
  const text = file.text.replace(/^\uFEFF/, "");
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (text.trim() === "") throw malformedInput(file.path, undefined, "it is empty, not JSON");
    throw malformedInput(file.path, placeOf(text, message), `it is not valid JSON (${message})`);
  }
}

/**
 * V8 says where JSON.parse stopped as "at position N"; a person needs the line. Only the
 * place is read from the message, never what kind of error it is.
 */
function placeOf(text: string, message: string): string | undefined {
  const position = /position (\d+)/.exec(message)?.[1];
  if (position === undefined) return undefined;
  const before = text.slice(0, Number(position));
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

/** `what` and the field of the first problem: `memory 3, field "memory"`. */
export function zodPlace(what: string, error: z.ZodError): string {
  const path = error.issues[0]?.path ?? [];
  if (path.length === 0) return what;
  return `${what}, field "${path.map(String).join(".")}"`;
}

export function zodProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? "it does not fit the format";
}
