import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { errorMessage, MnemoError } from "../../errors.js";

/** What an error message names: the endpoint and model the request went to, and its limits. */
export interface ModelEndpoint {
  /** What the endpoint serves, as error messages name it. */
  kind: "embeddings" | "chat";
  baseURL: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

/** What the server may have refused with a 400/413/422, as a hint for each kind of endpoint. */
const REFUSAL_HINTS: Record<ModelEndpoint["kind"], string> = {
  embeddings: "The server refused the texts (too long, or a bad parameter).",
  chat: "The server refused the request (messages too long for the model, or a parameter it does not support such as tools or response_format).",
};

/** "The chat endpoint http://localhost:11434/v1 (model "llama3")": how every message starts. */
export function describeEndpoint(endpoint: ModelEndpoint): string {
  return `The ${endpoint.kind} endpoint ${endpoint.baseURL} (model "${endpoint.model}")`;
}

/**
 * Turns whatever a request to an OpenAI-compatible endpoint threw into a MnemoError that names the
 * endpoint and the model and says what to check. Classified by the `openai` client's error classes
 * and HTTP status, never by message text.
 *
 * `timedOut`: the caller's own deadline (which also covers a body that stalls after its headers) fired.
 */
export function modelRequestError(error: unknown, endpoint: ModelEndpoint, timedOut: boolean): MnemoError {
  const where = describeEndpoint(endpoint);
  const attempts = `${endpoint.maxRetries + 1} attempt${endpoint.maxRetries === 0 ? "" : "s"}`;
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    return new MnemoError(
      "IO",
      `${where} did not answer within ${endpoint.timeoutMs} ms (${attempts}). Check that the server is running and reachable, or raise timeoutMs.`,
      { cause: error },
    );
  }
  if (error instanceof APIUserAbortError) {
    return new MnemoError("IO", `${where}: the request was aborted.`, { cause: error });
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause === undefined ? errorMessage(error) : errorMessage(error.cause);
    return new MnemoError(
      "IO",
      `${where} could not be reached (${cause}, ${attempts}). Check the base URL and that the server is running.`,
      { cause: error },
    );
  }
  if (error instanceof APIError && error.status !== undefined) {
    const said = `${where} answered HTTP ${error.status}: ${errorMessage(error)}`;
    return statusError(error.status, said, { attempts, refusalHint: REFUSAL_HINTS[endpoint.kind] }, error);
  }
  if (error instanceof SyntaxError) {
    return new MnemoError("IO", `${where} answered with a body that is not valid JSON (${error.message}).`, {
      cause: error,
    });
  }
  return new MnemoError("IO", `${where} failed: ${errorMessage(error)}`, { cause: error });
}

function statusError(
  status: number,
  said: string,
  hints: { attempts: string; refusalHint: string },
  cause: unknown,
): MnemoError {
  if (status === 401 || status === 403) {
    return new MnemoError("INVALID_CONFIG", `${said}. Check the API key.`, { cause });
  }
  if (status === 404) {
    return new MnemoError(
      "INVALID_CONFIG",
      `${said}. Check the base URL (it usually ends in /v1) and the model name.`,
      { cause },
    );
  }
  if (status === 400 || status === 413 || status === 422) {
    return new MnemoError("INVALID_INPUT", `${said}. ${hints.refusalHint}`, { cause });
  }
  return new MnemoError("IO", `${said} (${hints.attempts}). Try again later.`, { cause });
}
