/**
 * A block of lines that setup owns inside a file others own too (CLAUDE.md, AGENTS.md, Codex's
 * config.toml), found again by its first and last line. Adding appends it after one blank line;
 * removing takes out the block and exactly the separator adding put before it, so add-then-remove
 * gives the file back byte for byte, a missing final newline included.
 */
export interface BlockMarkers {
  /** The start of the block's first line (the line may go on, e.g. to say who wrote it). */
  begin: string;
  /** The block's last line, whole. */
  end: string;
}

/** The file's text with the block in it: appended, or replacing the block already there. */
export function withBlock(text: string | undefined, block: string, markers: BlockMarkers): string {
  const found = text === undefined ? undefined : findBlock(text, markers);
  if (text !== undefined && found) return text.slice(0, found.start) + block + text.slice(found.end);
  if (text === undefined || text === "") return `${block}\n`;
  // A file without a final newline gets the block with none either, so removing it restores that too.
  return text.endsWith("\n") ? `${text}\n${block}\n` : `${text}\n\n${block}`;
}

/** The file's text without the block; undefined when nothing else was in the file. */
export function withoutBlock(text: string, markers: BlockMarkers): string | undefined {
  const found = findBlock(text, markers);
  if (!found) return text;
  let start = found.start;
  let end = found.end;
  const before = text.slice(0, start);
  if (text.startsWith("\n", end)) {
    end += 1;
    if (before.endsWith("\n\n")) start -= 1; // the blank line before it
  } else if (before.endsWith("\n\n")) start -= 2; // it ended a file that had no final newline
  const rest = text.slice(0, start) + text.slice(end);
  return rest === "" ? undefined : rest;
}

/** Whether the file holds the block. */
export function hasBlock(text: string, markers: BlockMarkers): boolean {
  return findBlock(text, markers) !== undefined;
}

/** From the start of the begin line to the end of the end line (its newline excluded). */
function findBlock(text: string, markers: BlockMarkers): { start: number; end: number } | undefined {
  const start = lineStartingWith(text, markers.begin, 0);
  if (start === undefined) return undefined;
  const endLine = lineStartingWith(text, markers.end, start);
  if (endLine === undefined) return undefined;
  return { start, end: endLine + markers.end.length };
}

function lineStartingWith(text: string, prefix: string, from: number): number | undefined {
  for (let at = text.indexOf(prefix, from); at !== -1; at = text.indexOf(prefix, at + 1)) {
    if (at === 0 || text[at - 1] === "\n") return at;
  }
  return undefined;
}
