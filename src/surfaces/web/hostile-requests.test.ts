import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePathPart, HostileValues } from "../../../test/reliability/fuzz/hostile-values.js";
import type { RunningHttpServer } from "../../http.js";
import type { MemoryHome } from "../../index.js";
import { seededRandom } from "../../testing/seeded-random.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { startHttpServer } from "../http/start-http-server.js";

/**
 * Hostile names, paths and bodies sent to what the web memory browser added to the server (the
 * archive, sessions, status and daily endpoints, the /ui/ files): never a 500, never an exception the
 * server did not expect, and never a file written outside the archive's own rules.
 */
let memory: MemoryHome;
let home: string;
let server: RunningHttpServer;
const reported: unknown[] = [];

beforeAll(async () => {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  await memory.memories.save({ type: "user", name: "Pet", content: "A cat." });
  await memory.memories.delete("Pet");
  server = await startHttpServer({ memory, port: 0, onError: (error) => reported.push(error) });
});
afterAll(async () => {
  await server.close();
  await memory.close();
  await removeDir(home);
});

describe("hostile requests to the browser's endpoints", () => {
  it("are answered with a 4xx that names the problem, never a 500", async () => {
    const values = new HostileValues(seededRandom(1717));
    const [archived] = (await memory.archive.list()).items;
    const segment = () => encodePathPart(values.name());
    for (let index = 0; index < 300; index++) {
      const path = values.pick([
        () => `/v1/archive?offset=${segment()}&limit=${segment()}`,
        () => "/v1/archive/restore",
        () => `/v1/sessions/${segment()}`,
        () => `/v1/sessions?limit=${segment()}`,
        () => "/v1/status",
        () => "/v1/daily",
        () => `/ui/${segment()}`,
        () => `/ui/${values.name().replace(/[?#\s]/g, "")}`,
      ])();
      const body = values.pick([
        () => JSON.stringify({ path: values.name(), id: values.name() }),
        () => JSON.stringify({ path: archived?.path, id: values.name() }),
        () => JSON.stringify({ path: values.json(), id: values.json() }),
        () => JSON.stringify(values.json()),
        () => "{",
      ])();
      const method = values.pick(["GET", "POST", "DELETE"]);
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" ? undefined : body,
      });
      await response.arrayBuffer();
      expect(response.status, `${method} ${path} ${body}`).toBeLessThan(500);
    }
    expect(reported).toEqual([]);
    // The one archived memory is still there, untouched by every hostile restore.
    expect((await memory.archive.list()).items).toEqual([archived]);
  });
});
