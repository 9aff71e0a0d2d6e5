import { startTestPostgres } from "./src/testing/test-postgres.js";
for (const mode of ["real", "pglite"]) {
  const db = await startTestPostgres(mode === "pglite" ? { MNEMO_TEST_POSTGRES: "pglite" } : {});
  const c = db.client();
  await c.query("CREATE EXTENSION IF NOT EXISTS vector");
  await c.query("CREATE TABLE t (id bigint, b bytea, v vector, j jsonb, ts timestamptz default now())");
  await c.query("INSERT INTO t SELECT i, b, v::vector, '[\"a\"]'::jsonb FROM unnest($1::bigint[], $2::bytea[], $3::text[]) AS u(i, b, v)", [[1, 2], [Buffer.from([0, 1, 2]), Buffer.from("hé\0")], ["[1,2,3]", null]]);
  await c.query("INSERT INTO t (id, b) VALUES ($1, $2)", [3, Buffer.from([255, 0])]);
  const rows = await c.query("SELECT id, b, v, j, ts, count(*) over () n, substring(b from 1 for 2) h FROM t ORDER BY id");
  console.log(mode, rows);
  try { await c.query("SELECT $1::text", ["a\0b"]); } catch (e) { console.log("nul:", (e as any).code, (e as any).cause?.code, String(e).slice(0, 200)); }
  await c.close();
  await db.stop();
}
