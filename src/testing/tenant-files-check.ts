import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { openHomes } from "../open-homes.js";
import { foreignMarkers, type TenantFixture } from "./tenant-fixture.js";

/**
 * After traffic, on disk: no file of a home (its Markdown, its archive, its search index's database
 * read as bytes) holds another home's marker, and every save a server acknowledged is in its home.
 */
export interface FilesCheck {
  files: number;
  leaks: string[];
  missing: string[];
}

export async function checkTenantFiles(
  fixture: TenantFixture,
  saved: Map<string, Set<string>>,
): Promise<FilesCheck> {
  const check: FilesCheck = { files: 0, leaks: [], missing: [] };
  for (const home of fixture.homes) {
    for (const file of await filesUnder(join(fixture.root, ...home.id.split("/")))) {
      check.files++;
      const bytes = (await readFile(file)).toString("latin1");
      for (const marker of foreignMarkers(bytes, [home.marker], fixture.homes))
        check.leaks.push(`${file} (home ${home.id}) holds ${marker}`);
    }
  }
  const homes = await openHomes({ root: fixture.root, env: {}, onWarning: () => undefined });
  try {
    for (const [homeId, names] of saved) {
      const memory = await homes.openHome(homeId);
      try {
        const listed = await memory.memories.list({ limit: 100_000 });
        const present = new Set(listed.memories.map((entry) => entry.name));
        for (const name of names) if (!present.has(name)) check.missing.push(`${homeId}: ${name}`);
      } finally {
        await memory.close();
      }
    }
  } finally {
    await homes.close();
  }
  return check;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
