import type { ChunkFilter } from "../../contracts/search-index.js";

/**
 * A ChunkFilter as SQL conditions on the chunks table (alias `c`), each value a numbered parameter
 * from `firstParameter` on: no filter value is ever part of the SQL text. A path ending in "/" is a
 * folder prefix; dates are inclusive YYYY-MM-DD bounds that leave out chunks without a date.
 */
export function chunkFilterSql(
  filter: ChunkFilter | undefined,
  firstParameter: number,
): { clause: string; parameters: string[] } {
  const conditions: string[] = [];
  const parameters: string[] = [];
  const add = (condition: (parameter: string) => string, value: string) => {
    parameters.push(value);
    conditions.push(condition(`$${firstParameter + parameters.length - 1}`));
  };
  if (filter?.memoryType) add((p) => `c.memory_type = ${p}`, filter.memoryType);
  if (filter?.kind) add((p) => `c.kind = ${p}`, filter.kind);
  if (filter?.path) {
    if (filter.path.endsWith("/")) add((p) => `starts_with(c.path, ${p})`, filter.path);
    else add((p) => `c.path = ${p}`, filter.path);
  }
  if (filter?.since) add((p) => `c.date >= ${p}`, filter.since);
  if (filter?.until) add((p) => `c.date <= ${p}`, filter.until);
  return { clause: conditions.map((condition) => ` AND ${condition}`).join(""), parameters };
}
