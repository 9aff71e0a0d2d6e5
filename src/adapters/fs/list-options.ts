import type { ListOptions } from "../../contracts/document-store.js";

/** Whether a document's file name (the part after the last "/") passes `list`'s options. */
export function matchesListOptions(fileName: string, options: ListOptions | undefined): boolean {
  const prefixes = options?.namePrefixes;
  return prefixes === undefined || prefixes.some((prefix) => fileName.startsWith(prefix));
}
