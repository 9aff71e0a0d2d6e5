import type { IncomingMessage } from "node:http";
import { errorMessage } from "../errors.js";
import { HttpError } from "./http-error.js";

/** Default request-size limit: 1 MiB, far above what any memory write accepts. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body of at most `maxBytes` (413 past it, before reading it when the size is
 * declared). Undefined when the request has no body. The body must be sent as application/json,
 * which also keeps web pages from posting to the server without a CORS preflight.
 */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = req.headers["content-length"];
  const hasBody =
    req.headers["transfer-encoding"] !== undefined || (declared !== undefined && declared !== "0");
  if (!hasBody) return undefined;
  if (!isJsonMediaType(req.headers["content-type"]))
    throw new HttpError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      `Send the request body as JSON with "Content-Type: application/json" (got ${req.headers["content-type"] ?? "no Content-Type"}).`,
    );
  if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
  const bytes = await readUpTo(req, maxBytes);
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw new HttpError(400, "INVALID_INPUT", `The request body is not valid JSON: ${errorMessage(error)}.`);
  }
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
}

/** Stops listening past the limit without destroying the request, so the 413 can still be answered. */
function readUpTo(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: Error) => {
      // The error listener stays: a client that goes away later must not crash the process.
      req.off("data", onData).off("end", onEnd);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) finish(tooLarge(maxBytes));
      else chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onFailure = (error: Error) => finish(error);
    req.on("data", onData).on("end", onEnd).on("error", onFailure);
  });
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    "TOO_LARGE",
    `The request body is larger than ${maxBytes} bytes, this server's limit (mnemo serve --max-body-bytes).`,
    { connection: "close" },
  );
}
