/**
 * Reads an archive file back into the chunks archive.ts appended to it, and takes one out again
 * (what a restore does). Pure: text in, chunks or text out. A chunk starts at its marker line
 * (`<!-- mnemo archived from USER.md at 2026-11-22 14:30: over budget (1400 characters) -->`) and
 * runs to the next one; text before the first marker (a daily log moved whole) is a chunk without one.
 */
import { createHash } from "node:crypto";
import { splitLinesKeepEnds } from "../markdown/lines.js";

export interface ArchiveChunk {
  /**
   * Names the chunk in its file: a hash of its marker and text, so it survives later appends. A
   * chunk identical to an earlier one (the same text removed twice within a minute) gets "-2", "-3":
   * every chunk of a file has its own id.
   */
  id: string;
  /** Where the text came from, relative to the home ("USER.md", "memories/user_go.md"). */
  source: string;
  /** Local "YYYY-MM-DD HH:MM" of the marker; undefined for a chunk without one. */
  archivedAt: string | undefined;
  reason: string | undefined;
  /** The archived text, without the marker and the blank lines that separate chunks. */
  text: string;
  /** The chunk's span in the file: from its marker to the next chunk. */
  start: number;
  end: number;
}

const MARKER = /^<!-- mnemo archived from (.+?) at (\d{4}-\d{2}-\d{2} \d{2}:\d{2}): (.*) -->\r?\n?$/;

/** The chunks of an archive file, in file order. `sourceOfUnmarked`: where unmarked text came from. */
export function parseArchiveChunks(text: string, sourceOfUnmarked: string): ArchiveChunk[] {
  const chunks: ArchiveChunk[] = [];
  const copies = new Map<string, number>();
  let open: { start: number; marker: RegExpExecArray | undefined; body: string[] } | undefined;
  let offset = 0;
  const close = (end: number) => {
    if (!open) return;
    const body = open.body.join("").replace(/\s+$/, "");
    if (!(open.marker || body !== "")) return;
    const chunk = makeChunk(open.marker, body, open.start, end, sourceOfUnmarked);
    const copy = (copies.get(chunk.id) ?? 0) + 1;
    copies.set(chunk.id, copy);
    chunks.push(copy === 1 ? chunk : { ...chunk, id: `${chunk.id}-${copy}` });
  };
  for (const line of splitLinesKeepEnds(text)) {
    const marker = MARKER.exec(line) ?? undefined;
    if (marker || !open) {
      close(offset);
      open = { start: offset, marker, body: marker ? [] : [line] };
    } else open.body.push(line);
    offset += line.length;
  }
  close(offset);
  return chunks;
}

function makeChunk(
  marker: RegExpExecArray | undefined,
  text: string,
  start: number,
  end: number,
  sourceOfUnmarked: string,
): ArchiveChunk {
  const source = marker?.[1] ?? sourceOfUnmarked;
  const archivedAt = marker?.[2];
  const reason = marker?.[3];
  const id = createHash("sha256")
    .update(`${source}\n${archivedAt ?? ""}\n${reason ?? ""}\n${text}`)
    .digest("hex")
    .slice(0, 16);
  return { id, source, archivedAt, reason, text, start, end };
}

/** The archive file without `chunk`: every other chunk stays byte for byte; "" when none is left. */
export function withoutChunk(text: string, chunk: ArchiveChunk): string {
  const rest = text.slice(0, chunk.start) + text.slice(chunk.end);
  return rest.trim() === "" ? "" : rest;
}
