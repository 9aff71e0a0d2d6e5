import { openMemory } from "../../../src/open-memory.js";
import { startHttpServer } from "../../../src/surfaces/http/start-http-server.js";
import { seededRandom } from "../../../src/testing/seeded-random.js";
import { describeFailure, type FuzzResult } from "./fuzz-homes.js";
import { encodePathPart, HostileValues } from "./hostile-values.js";

/**
 * Fuzzes the HTTP API on loopback: random methods, paths with hostile segments, query strings and
 * bodies (well-shaped with hostile values, wrong types, malformed JSON). No request may be answered
 * 500 or reach the server's error report (both mean an exception the API did not expect).
 */
export async function fuzzHttp(options: { home: string; count: number; seed: number }): Promise<FuzzResult> {
  const values = new HostileValues(seededRandom(options.seed));
  const memory = await openMemory({ home: options.home, env: {}, onWarning: () => undefined });
  const reported: string[] = [];
  const server = await startHttpServer({
    memory,
    port: 0,
    onError: (error) => reported.push(describeFailure(error)),
  });
  const result: FuzzResult = { inputs: 0, failures: [] };
  try {
    for (let index = 0; index < options.count; index++) {
      const request = randomRequest(values);
      result.inputs += 1;
      const before = reported.length;
      let status: number;
      try {
        const response = await fetch(`${server.url}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        result.failures.push({
          surface: "http",
          input: JSON.stringify(request),
          error: describeFailure(error),
        });
        continue;
      }
      if (status >= 500 || reported.length > before)
        result.failures.push({
          surface: "http",
          input: JSON.stringify(request),
          error: `${status}: ${reported.slice(before).join("\n")}`,
        });
    }
  } finally {
    await server.close();
    await memory.close();
  }
  return result;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function segment(values: HostileValues): string {
  const name = values.name();
  return values.chance(0.8) ? encodePathPart(name) : name.replace(/[?#\s]/g, "");
}

function randomRequest(values: HostileValues): FuzzRequest {
  const method = values.pick(["GET", "GET", "POST", "POST", "PATCH", "DELETE", "PUT", "OPTIONS"]);
  const file = values.chance(0.7) ? values.pick(["soul", "user", "memory", "daily"]) : segment(values);
  const path = values.pick([
    () => "/v1/memories",
    () => `/v1/memories/${segment(values)}`,
    () => `/v1/profile/${file}`,
    () => `/v1/profile/${file}/sections/${segment(values)}`,
    () => "/v1/journal",
    () => `/v1/journal/${segment(values)}`,
    () => `/v1/search?query=${encodePathPart(values.text())}&limit=${encodePathPart(values.name())}`,
    () =>
      `/v1/search?query=${encodePathPart(values.text())}&type=${segment(values)}&kind=${segment(values)}&file=${segment(values)}&since=${segment(values)}`,
    () => `/v1/context?basePrompt=${encodePathPart(values.text())}`,
    () => "/openapi.json",
    () => `/${segment(values)}/${segment(values)}`,
  ])();
  const body = method === "GET" || method === "OPTIONS" ? undefined : randomBody(values);
  const headers: Record<string, string> = {
    "content-type": values.chance(0.9) ? "application/json" : "text/plain",
  };
  return { method, path, headers, body };
}

function randomBody(values: HostileValues): string | undefined {
  return values.pick([
    () =>
      JSON.stringify({
        type: values.pick(["user", "project", values.name()]),
        name: values.name(),
        content: values.text(),
        description: values.chance(0.5) ? values.text() : undefined,
      }),
    () =>
      JSON.stringify({ text: values.text(), category: values.pick(["user_pref", "general", values.name()]) }),
    () => JSON.stringify({ text: values.text(), oldText: values.text(), newText: values.text() }),
    () => JSON.stringify(values.json()),
    () =>
      JSON.stringify({
        name: values.json(),
        content: values.json(),
        type: values.json(),
        text: values.json(),
        category: values.json(),
      }),
    () => values.text(),
    () => "{",
    () => undefined,
  ])();
}
