import { HTTPException } from "hono/http-exception";
import { MnemoError, type MnemoErrorCode } from "../../errors.js";

/**
 * Every error the HTTP API answers is `{ error: { code, message } }`. The code is a MnemoErrorCode
 * when the engine refused the request, one of the HTTP-only codes below when the request never
 * reached it, or UNEXPECTED for a failure that is nobody's input (a bug: status 500).
 */
export type HttpErrorCode =
  | MnemoErrorCode
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "METHOD_NOT_ALLOWED"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNEXPECTED";

export interface ErrorBody {
  error: { code: HttpErrorCode; message: string };
}

/** A refusal decided by the HTTP layer itself, with the status and headers to answer it with. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: HttpErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: number, code: HttpErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** Whose fault a MnemoError is, as a status: 4xx for the request, 503/502 for what a retry or an operator fixes. */
const STATUS_BY_MNEMO_CODE: Record<MnemoErrorCode, number> = {
  INVALID_INPUT: 400,
  OUTSIDE_HOME: 400,
  NOT_FOUND: 404,
  MALFORMED_FILE: 409,
  TOO_LARGE: 413,
  /** Well-formed, but holds a credential: resend without it, or with redactSecrets: true. */
  SECRET_DETECTED: 422,
  LOCK_TIMEOUT: 503,
  DISABLED: 503,
  IO: 503,
  INVALID_CONFIG: 503,
  MODEL_OUTPUT: 502,
};

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
  /** True for a failure that is not a refusal: a bug to report, not the caller's doing. */
  unexpected: boolean;
}

/**
 * Refusals hono raises itself: the media-type gate of a route with a body (a Content-Type that is
 * not JSON on a request without one). The others are mnemo's HttpErrors, thrown first.
 */
const HONO_REFUSALS: Record<number, { code: HttpErrorCode; message: string }> = {
  415: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: 'Send the request body as JSON with "Content-Type: application/json".',
  },
};

export function toErrorResponse(error: unknown): ErrorResponse {
  const refusal = error instanceof HTTPException ? HONO_REFUSALS[error.status] : undefined;
  if (error instanceof HTTPException && refusal)
    return { status: error.status, headers: {}, body: { error: refusal }, unexpected: false };
  if (error instanceof HttpError) {
    return {
      status: error.status,
      headers: error.headers,
      body: { error: { code: error.code, message: error.message } },
      unexpected: false,
    };
  }
  if (MnemoError.isInstance(error)) {
    // Another writer held the lock: worth retrying shortly.
    const headers: Record<string, string> = error.code === "LOCK_TIMEOUT" ? { "retry-after": "1" } : {};
    return {
      status: STATUS_BY_MNEMO_CODE[error.code] ?? 500,
      headers,
      body: { error: { code: error.code, message: error.message } },
      unexpected: false,
    };
  }
  return {
    status: 500,
    headers: {},
    body: {
      error: {
        code: "UNEXPECTED",
        // The cause stays in the server's log: an internal message can name paths or state a client should not see.
        message: "The server failed while answering. This is a bug in mnemo; the server log has the details.",
      },
    },
    unexpected: true,
  };
}
