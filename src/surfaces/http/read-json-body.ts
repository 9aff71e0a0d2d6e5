import type { MiddlewareHandler } from "hono";
import { errorMessage } from "../../errors.js";
import { HttpError } from "./http-error.js";

/**
 * Middleware that reads a JSON request body of at most `maxBytes` for the route's validator: 415
 * unless it is sent as application/json (which also keeps web pages from posting without a CORS
 * preflight), 413 past the limit (before reading when the size is declared), 400 when it is not
 * UTF-8 JSON. A request without a body is validated as `{}`.
 *
 * Not hono's bodyLimit: for a body of undeclared size it builds `new Request(c.req.raw, ...)`, which
 * throws on @hono/node-server's request unless the server replaces the global Request, and a library
 * must leave the process's globals alone (a streamed body under the limit answered 500 that way).
 */
export function readJsonBody(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    let text = "{}";
    if (hasBody(headers)) {
      const contentType = headers.get("content-type") ?? undefined;
      if (!isJsonMediaType(contentType))
        throw new HttpError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          `Send the request body as JSON with "Content-Type: application/json" (got ${contentType ?? "no Content-Type"}).`,
        );
      if (Number(headers.get("content-length")) > maxBytes) throw tooLarge(maxBytes);
      text = parseJson(await readUpTo(c.req.raw.body, maxBytes)) ?? text;
    }
    // hono's validator reads the body through this cache (of promises, whatever its type says).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    await next();
  };
}

/** True when the request has a body, whatever its media type. */
export function hasBody(headers: Headers): boolean {
  const declared = headers.get("content-length");
  return headers.get("transfer-encoding") !== null || (declared !== null && declared !== "0");
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
}

/** The body's text once checked to be JSON; undefined for an empty body. */
function parseJson(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    if (text === "") return undefined;
    JSON.parse(text);
    return text;
  } catch (error) {
    throw new HttpError(400, "INVALID_INPUT", `The request body is not valid JSON: ${errorMessage(error)}.`);
  }
}

/** Stops reading past the limit without cancelling the body, so the 413 can still be answered. */
async function readUpTo(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (body === null) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(read.value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    "TOO_LARGE",
    `The request body is larger than ${maxBytes} bytes, this server's limit (mnemo serve --max-body-bytes).`,
    { connection: "close" },
  );
}
