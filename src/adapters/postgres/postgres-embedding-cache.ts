import type { SqlQueryable } from "./sql-client.js";
import { bytesToVector, vectorToBytes } from "./vector-bytes.js";

/**
 * One home's embedding cache (mnemo_embedding_cache): exact float32 vectors by text hash, so text a
 * home already embedded is never embedded again; emptied with the home's vectors on a model change.
 */
export async function cachedEmbeddings(
  connection: SqlQueryable,
  homeId: string,
  textHashes: string[],
): Promise<Map<string, Float32Array>> {
  if (textHashes.length === 0) return new Map();
  const rows = await connection.query<{ text_hash: string; vector: Uint8Array }>(
    "SELECT text_hash, vector FROM mnemo_embedding_cache WHERE home_id = $1 AND text_hash = ANY($2::text[])",
    [homeId, [...new Set(textHashes)]],
  );
  return new Map(rows.map((row) => [row.text_hash, bytesToVector(row.vector)]));
}

export async function cacheEmbeddings(
  connection: SqlQueryable,
  homeId: string,
  vectors: Map<string, Float32Array>,
): Promise<void> {
  if (vectors.size === 0) return;
  await connection.query(
    `INSERT INTO mnemo_embedding_cache (home_id, text_hash, vector)
     SELECT $1, text_hash, vector FROM unnest($2::text[], $3::bytea[]) AS cached(text_hash, vector)
     ON CONFLICT (home_id, text_hash) DO UPDATE SET vector = excluded.vector
       WHERE mnemo_embedding_cache.vector IS DISTINCT FROM excluded.vector`,
    [homeId, [...vectors.keys()], [...vectors.values()].map(vectorToBytes)],
  );
}
