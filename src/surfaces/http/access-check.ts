import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { HttpError } from "./http-error.js";

/**
 * Who may use the API. With a token, every request must carry `Authorization: Bearer <token>`.
 * Without one (loopback only), the request must also name a loopback host and come from no foreign
 * web page: otherwise a page the user visits could reach the server by DNS rebinding.
 */
export interface AccessRequest {
  authorization: string | undefined;
  host: string | undefined;
  origin: string | undefined;
}

const LOOPBACK_NAMES = new Set(["localhost", "::1", "0:0:0:0:0:0:0:1"]);

/** True for a host name or address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (LOOPBACK_NAMES.has(bare) || bare.endsWith(".localhost")) return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare.startsWith("::ffff:127.");
}

/** The host name of a Host header ("127.0.0.1:8080", "[::1]:80") or an Origin ("http://localhost:3000"). */
export function hostNameOf(value: string): string | undefined {
  try {
    return new URL(value.includes("://") ? value : `http://${value}`).hostname;
  } catch {
    return undefined;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  return /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "")?.[1];
}

/** Constant time in the token's content: both sides are hashed to the same length first. */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "");
  const given = createHash("sha256")
    .update(match?.[1] ?? "")
    .digest();
  const expected = createHash("sha256").update(token).digest();
  return timingSafeEqual(given, expected) && match !== null;
}

/** Throws the refusal (401 or 403) for a request that may not use the API. */
export function checkAccess(request: AccessRequest, token: string | undefined): void {
  if (token !== undefined) {
    if (bearerTokenMatches(request.authorization, token)) return;
    const problem = request.authorization === undefined ? "is missing" : "is wrong";
    throw new HttpError(
      401,
      "UNAUTHORIZED",
      `The bearer token ${problem}: send "Authorization: Bearer <token>" with the token the server was started with (mnemo serve --token, or MNEMO_HTTP_TOKEN).`,
      { "www-authenticate": 'Bearer realm="mnemo"' },
    );
  }
  const host = request.host === undefined ? undefined : hostNameOf(request.host);
  if (host === undefined || !isLoopbackHost(host))
    throw new HttpError(
      403,
      "FORBIDDEN",
      `Host "${request.host ?? ""}" is not a loopback name: without a token this server answers only requests to localhost or 127.0.0.1. Start it with a token to serve other names.`,
    );
  const origin = request.origin === undefined ? undefined : hostNameOf(request.origin);
  if (request.origin !== undefined && (origin === undefined || !isLoopbackHost(origin)))
    throw new HttpError(
      403,
      "FORBIDDEN",
      `Requests from the web page at ${request.origin} are refused: without a token only local clients may use this server.`,
    );
}
