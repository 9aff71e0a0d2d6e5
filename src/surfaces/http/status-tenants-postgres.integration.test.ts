import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import { type MemoryHomes, openHomes } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "../../testing/test-postgres.js";
import { startHttpServer } from "./start-http-server.js";

/**
 * GET /v1/status on a server of many homes in one PostgreSQL database (startHttpServer with
 * openHomes({ store })), through real requests on loopback: a tenant's token learns which home it
 * reached and that PostgreSQL keeps it, never the database's host, port, role or name; an admin
 * token (the operator) sees where the home is. Needs a server reached by URL (a throwaway cluster).
 */
describe.skipIf(!testPostgresHasServer())("/v1/status on a PostgreSQL server of many homes", () => {
  let database: TestPostgres;
  let url: URL;
  let settings: string;
  let homes: MemoryHomes;
  let server: RunningHttpServer;
  let tenant: string;
  let operator: string;

  beforeAll(async () => {
    database = await startTestPostgres();
    url = new URL(database.url as string);
    settings = await makeTempDir("mnemo-pg-status-");
    homes = await openHomes({
      store: url.href,
      env: { MNEMO_EMBEDDER: "none", MNEMO_HOME: settings },
      onWarning: () => undefined,
    });
    await homes.createHome("acme/ada");
    // A memory file written by hand with broken frontmatter: reading it is an error that names the file.
    const memory = await homes.openHome("acme/ada");
    await memory.store.transaction((writer) =>
      writer.write("memories/user_broken.md", "---\nname: [unclosed\ntype: user\n---\nbody\n"),
    );
    await memory.close();
    tenant = (await homes.issueToken({ homes: ["acme/ada"] })).token;
    operator = (await homes.issueToken({ homes: ["acme/ada"], admin: true })).token;
    server = await startHttpServer({ homes, port: 0 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await homes?.close();
    await database?.stop();
    if (settings) await removeDir(settings);
  });

  const status = async (token: string) => {
    const response = await fetch(`${server.url}/v1/status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, json: JSON.parse(text) as { home: string; homeId?: string } };
  };

  it("tells a tenant its home id and that PostgreSQL keeps it, and nothing of the database's address", async () => {
    const { text, json } = await status(tenant);
    expect(json.home).toBe("PostgreSQL");
    expect(json.homeId).toBe("acme/ada");
    for (const secret of [
      url.host,
      url.hostname,
      `:${url.port}`,
      `${url.username}@`,
      url.pathname,
      "postgres://",
    ])
      expect(text, secret).not.toContain(secret);
  });

  it("names a file in a tenant's error message by its path in the home, without the database's address", async () => {
    const response = await fetch(`${server.url}/v1/memories/user_broken.md`, {
      headers: { authorization: `Bearer ${tenant}` },
    });
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toMatch(/^memories\/user_broken\.md line 3: /);
    for (const secret of [url.host, `:${url.port}`, `${url.username}@`, "postgres://"])
      expect(error.message, secret).not.toContain(secret);
    const asOperator = await fetch(`${server.url}/v1/memories/user_broken.md`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(((await asOperator.json()) as { error: { message: string } }).error.message).toContain(url.host);
  });

  it("shows the operator's admin token where the home is: the database URL without password, and the home id", async () => {
    const { json } = await status(operator);
    expect(json.home).toBe(`postgres://${url.username}@${url.host}${url.pathname}#acme/ada`);
    expect(json.homeId).toBe("acme/ada");
  });
});
