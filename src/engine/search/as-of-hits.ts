/**
 * Recall "as of" a date (issue 30, point 4): each typed-memory hit becomes the version of that
 * memory that held then, read from archive/ when a later save superseded it, and is left out when
 * none held (it was saved later). Other hits dated after that day are left out too: they were not
 * written yet.
 */
import type { DocumentReader } from "../../contracts/document-store.js";
import { localDate } from "../home/clock.js";
import { memoryVersions, versionAt } from "../memdir/memory-versions.js";
import type { RankedHit } from "./ranked-hit.js";

export async function hitsAsOf(
  reader: DocumentReader,
  hits: readonly RankedHit[],
  at: number,
): Promise<RankedHit[]> {
  const day = localDate(new Date(at));
  const dated = await Promise.all(
    hits.map(async (hit): Promise<RankedHit | undefined> => {
      if (hit.kind !== "memory") return hit.date !== undefined && hit.date > day ? undefined : hit;
      const version = versionAt(await memoryVersions(reader, hit.path), at);
      if (version === undefined) return undefined;
      const { header, body } = version;
      const validity = {
        ...(header.validFrom === undefined ? {} : { validFrom: header.validFrom }),
        ...(header.validTo === undefined ? {} : { validTo: header.validTo }),
        ...(header.supersededBy === undefined ? {} : { supersededBy: header.supersededBy }),
      };
      if (version.archived === undefined) return { ...hit, validity };
      const description = header.description.trim() === body ? "" : header.description;
      return {
        ...hit,
        path: version.archived.path,
        locator: version.archived.id,
        title: header.name,
        text: [header.name, description, body].filter((part) => part !== "").join("\n"),
        ...(header.updated === undefined
          ? {}
          : { updated: header.updated, date: header.updated.slice(0, 10) }),
        validity: { ...validity, archived: true },
      };
    }),
  );
  return dated.filter((hit): hit is RankedHit => hit !== undefined);
}
