import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { MnemoError } from "../../index.js";

/** MCP's code for a resource that does not exist (the SDK's ErrorCode has no name for it). */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * What the SDK turns into a JSON-RPC error: `code` and `message` go on the wire as they are (an
 * McpError's message would carry an "MCP error -32602:" prefix the client adds again), and `data`
 * holds mnemo's own error code for clients that branch on it.
 */
export class McpRequestError extends Error {
  readonly code: number;
  readonly data: { mnemoCode: string } | undefined;

  constructor(code: number, message: string, mnemoCode?: string) {
    super(message);
    this.name = "McpRequestError";
    this.code = code;
    this.data = mnemoCode === undefined ? undefined : { mnemoCode };
  }
}

/** A failed resource read or prompt, under the code that says whose fault it is: the request's or the server's. */
export function toMcpError(error: unknown): Error {
  if (error instanceof McpError || error instanceof McpRequestError) return error;
  if (!MnemoError.isInstance(error))
    return new McpRequestError(
      ErrorCode.InternalError,
      error instanceof Error ? error.message : String(error),
    );
  switch (error.code) {
    case "NOT_FOUND":
      return new McpRequestError(RESOURCE_NOT_FOUND, error.message, error.code);
    case "INVALID_INPUT":
    case "OUTSIDE_HOME":
    case "TOO_LARGE":
    case "SECRET_DETECTED":
      return new McpRequestError(ErrorCode.InvalidParams, error.message, error.code);
    default:
      return new McpRequestError(ErrorCode.InternalError, error.message, error.code);
  }
}
