/**
 * The versions of a typed memory through time (issue 30, point 4): the file in memories/ and the
 * versions its saves archived to archive/memories/, each with the interval it held (validity.ts).
 * A version without `validTo` that was archived held until its archive marker's time.
 */
import type { DocumentReader } from "../../contracts/document-store.js";
import { archivePathFor } from "../../rules/home-layout.js";
import { parseArchiveChunks } from "../archive/archive-chunks.js";
import { type MemoryHeader, parseMemoryFile } from "./memory-file.js";
import { holdsAt, type ValidityInterval, validityInstant } from "./validity.js";

export interface MemoryVersion {
  header: MemoryHeader;
  body: string;
  interval: ValidityInterval;
  /** For an archived version: its archive file and chunk id. */
  archived?: { path: string; id: string };
}

export async function memoryVersions(reader: DocumentReader, path: string): Promise<MemoryVersion[]> {
  const versions: MemoryVersion[] = [];
  const current = await reader.read(path);
  const parsed = current === undefined ? undefined : parseMemoryFile(path, current);
  if (parsed?.ok) {
    const { header } = parsed;
    versions.push({ header, body: parsed.body.trim(), interval: intervalOf(header, undefined) });
  }
  const archivePath = archivePathFor(path);
  const archive = await reader.read(archivePath);
  for (const chunk of archive === undefined ? [] : parseArchiveChunks(archive, path)) {
    const version = parseMemoryFile(path, chunk.text);
    if (!version.ok) continue;
    const archivedAt = chunk.archivedAt === undefined ? undefined : localTime(chunk.archivedAt);
    versions.push({
      header: version.header,
      body: version.body.trim(),
      interval: intervalOf(version.header, archivedAt),
      archived: { path: archivePath, id: chunk.id },
    });
  }
  return versions;
}

/**
 * The version that held at `at`: of those whose interval holds it, the one that started last. A
 * memory re-saved with the same text has a later `updated` than its start: when no version holds,
 * the file in memories/ counts from when it was created.
 */
export function versionAt(versions: readonly MemoryVersion[], at: number): MemoryVersion | undefined {
  const holding = versions.filter((version) => holdsAt(version.interval, at));
  if (holding.length > 0)
    return holding.reduce((latest, each) =>
      (each.interval.from ?? 0) > (latest.interval.from ?? 0) ? each : latest,
    );
  const current = versions.find((version) => version.archived === undefined);
  if (current === undefined || current.header.validFrom !== undefined) return undefined;
  const created = instantOf(current.header.created);
  return holdsAt({ from: created, to: current.interval.to }, at) ? current : undefined;
}

function intervalOf(header: MemoryHeader, archivedAt: number | undefined): ValidityInterval {
  const from = instantOf(header.validFrom) ?? instantOf(header.updated) ?? instantOf(header.created);
  return { from, to: instantOf(header.validTo) ?? archivedAt };
}

function instantOf(value: string | undefined): number | undefined {
  return value === undefined ? undefined : validityInstant(value);
}

/** An archive marker's local "YYYY-MM-DD HH:MM". */
function localTime(minute: string): number | undefined {
  const time = new Date(minute.replace(" ", "T")).getTime();
  return Number.isNaN(time) ? undefined : time;
}
