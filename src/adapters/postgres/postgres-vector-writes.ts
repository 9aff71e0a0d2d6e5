import { toPgvector } from "./pgvector-text.js";
import { checkDimensions, type VectorModel, vectorModelOf } from "./postgres-chunk-writes.js";
import type { SqlQueryable } from "./sql-client.js";

/** Vector upkeep of one home's index, inside a transaction holding its index lock. */

/** Sets the vectors of existing chunks (ids the home does not have are ignored); none before a model is recorded. */
export async function setVectors(
  connection: SqlQueryable,
  homeId: string,
  vectors: Map<number, Float32Array>,
): Promise<void> {
  const model = await vectorModelOf(connection, homeId);
  if (!model || vectors.size === 0) return;
  for (const vector of vectors.values()) checkDimensions(vector, model);
  await connection.query(
    `UPDATE mnemo_chunks c SET embedding = v.embedding::vector
     FROM unnest($2::bigint[], $3::text[]) AS v(id, embedding) WHERE c.home_id = $1 AND c.id = v.id`,
    [homeId, [...vectors.keys()], [...vectors.values()].map(toPgvector)],
  );
}

/**
 * Records a new model: the home's vectors and embedding cache are dropped. Processes that open a
 * new index at once all find no model; once one has recorded it, the others drop nothing.
 */
export async function resetVectors(
  connection: SqlQueryable,
  homeId: string,
  model: VectorModel,
): Promise<void> {
  const recorded = await vectorModelOf(connection, homeId);
  if (recorded?.id === model.id && recorded.dimensions === model.dimensions) return;
  await connection.query(
    "UPDATE mnemo_chunks SET embedding = NULL WHERE home_id = $1 AND embedding IS NOT NULL",
    [homeId],
  );
  await connection.query("DELETE FROM mnemo_embedding_cache WHERE home_id = $1", [homeId]);
  await connection.query(
    `INSERT INTO mnemo_search_homes (home_id, vector_model, vector_dimensions) VALUES ($1, $2, $3)
     ON CONFLICT (home_id) DO UPDATE SET vector_model = excluded.vector_model, vector_dimensions = excluded.vector_dimensions`,
    [homeId, model.id, model.dimensions],
  );
}
