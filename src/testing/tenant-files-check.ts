import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { PgPoolClient } from "../adapters/postgres/pg-pool-client.js";
import { openHomes } from "../open-homes.js";
import { foreignMarkers, type TenantFixture } from "./tenant-fixture.js";

/**
 * After traffic, in storage: nothing of a home holds another home's marker (on the file backend its
 * files, its search index's database read as bytes; on PostgreSQL every text of its rows: documents,
 * chunks, BM25 terms, messages), and every save a server acknowledged is in its home.
 */
export interface FilesCheck {
  /** Files scanned, or rows on PostgreSQL. */
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
    const texts =
      fixture.store === undefined
        ? await filesOf(join(fixture.root, ...home.id.split("/")))
        : await rowsOf(fixture.store, home.id);
    for (const [where, text] of texts) {
      check.files++;
      for (const marker of foreignMarkers(text, [home.marker], fixture.homes))
        check.leaks.push(`${where} (home ${home.id}) holds ${marker}`);
    }
  }
  const place = fixture.store === undefined ? { root: fixture.root } : { store: fixture.store };
  const homes = await openHomes({ ...place, env: { MNEMO_HOME: fixture.root }, onWarning: () => undefined });
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

async function filesOf(folder: string): Promise<Array<[string, string]>> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file): Promise<[string, string]> => [file, (await readFile(file)).toString("latin1")]),
  );
}

/** Every text a home's rows hold, named by table. */
const HOME_TEXTS = [
  "SELECT 'mnemo_documents ' || path AS where, convert_from(content, 'UTF8') AS text FROM mnemo_documents WHERE home_id = $1",
  "SELECT 'mnemo_chunks ' || id AS where, title || ' ' || text AS text FROM mnemo_chunks WHERE home_id = $1",
  "SELECT 'mnemo_chunk_terms ' || chunk_id AS where, term AS text FROM mnemo_chunk_terms WHERE home_id = $1",
  "SELECT 'mnemo_term_chunks ' || term AS where, term AS text FROM mnemo_term_chunks WHERE home_id = $1",
  "SELECT 'mnemo_messages ' || id AS where, content AS text FROM mnemo_messages WHERE home_id = $1",
];

async function rowsOf(store: string, homeId: string): Promise<Array<[string, string]>> {
  const client = new PgPoolClient({ url: store });
  try {
    const rows: Array<[string, string]> = [];
    for (const query of HOME_TEXTS)
      for (const row of await client.query<{ where: string; text: string }>(query, [homeId]))
        rows.push([row.where, row.text]);
    return rows;
  } finally {
    await client.close();
  }
}
