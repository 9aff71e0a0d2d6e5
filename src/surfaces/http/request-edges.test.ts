import { connect } from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import type { MemoryHome } from "../../index.js";
import { serveTestHome } from "../../testing/test-http-server.js";

/**
 * Requests where hono and its node adapter would answer otherwise than mnemo always has, sent as
 * raw bytes on a socket to a real server: HEAD, a streamed body, a request node-server cannot read.
 */
let memory: MemoryHome;
let server: RunningHttpServer;
const reported: unknown[] = [];
const globalResponse = globalThis.Response;

beforeEach(async () => {
  reported.length = 0;
  ({ memory, server } = await serveTestHome({
    server: { maxBodyBytes: 1000, onError: (e) => reported.push(e) },
  }));
});

/**
 * Sends `head` (and `body`) on a new connection; resolves with the status, headers and body text
 * when the server closes it (every head asks for Connection: close, or is HTTP/1.0).
 */
function rawRequest(head: string, body = "") {
  return new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => socket.write(`${head}\r\n\r\n${body}`));
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
    });
    socket.on("error", reject).on("close", () => {
      const [headers = "", text = ""] = received.split("\r\n\r\n");
      resolve({ status: Number(headers.split(" ")[1]), headers: headers.toLowerCase(), body: text });
    });
  });
}

const host = () => `Host: 127.0.0.1:${server.port}\r\nConnection: close`;

describe("requests at the edges", () => {
  it("answers HEAD 405 with Allow, as every method an endpoint does not answer (hono would run GET)", async () => {
    const answer = await rawRequest(`HEAD /v1/memories HTTP/1.1\r\n${host()}`);
    expect(answer.status).toBe(405);
    expect(answer.headers).toContain("allow: get, post");
  });

  it("reads a streamed body under the limit (hono's bodyLimit answered it 500 here)", async () => {
    const json = JSON.stringify({ type: "user", name: "Streamed", description: "", content: "x" });
    const chunked = `${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`;
    const head = `POST /v1/memories HTTP/1.1\r\n${host()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked`;
    const answer = await rawRequest(head, chunked);
    expect(answer.status).toBe(201);
    expect((await memory.memories.get("Streamed")).content).toBe("x");
  });

  it("answers 400 INVALID_INPUT in JSON to a request node-server cannot read, and reports no bug", async () => {
    for (const head of [
      `GET /v1/journal/..\\escape HTTP/1.1\r\n${host()}`,
      "GET /v1/memories HTTP/1.1\r\nHost: a[b\r\nConnection: close",
    ]) {
      const answer = await rawRequest(head);
      expect(answer.status, head).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "INVALID_INPUT" } });
    }
    expect(reported).toEqual([]);
  });

  it("refuses an HTTP/1.0 request that names no host with 403, as a foreign one", async () => {
    const answer = await rawRequest("GET /v1/memories HTTP/1.0");
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "FORBIDDEN" } });
  });

  it("leaves the process's global Response alone (node-server replaces it unless told not to)", () => {
    expect(globalThis.Response).toBe(globalResponse);
  });
});
