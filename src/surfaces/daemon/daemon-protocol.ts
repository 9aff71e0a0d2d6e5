/**
 * What the CLI and `mnemo daemon` say over the socket: one JSON request, one JSON answer, each on one
 * line, one pair per connection. Plain JSON over the socket rather than the HTTP app of `mnemo serve`:
 * serve answers /v1/search in its own shape and picks a home by token, while the CLI must print the
 * library's RecallResult exactly (--json) and names any home folder it may read, and the client then
 * needs node:net only.
 */

/** The environment that shapes how a home opens (MNEMO_* and the OpenAI-compatible key), as the caller has it. */
export type CallerEnv = Record<string, string>;

export type DaemonRequest =
  | {
      op: "recall";
      /** The home folder, absolute. */
      home: string;
      env: CallerEnv;
      query: string;
      /** RecallOptions as the CLI built them. */
      filters: Record<string, unknown>;
    }
  | { op: "status" }
  | { op: "stop" };

export interface DaemonStatus {
  pid: number;
  socket: string;
  startedAt: string;
  /** Requests answered since the start (status requests included). */
  requests: number;
  /** Recalls answered. */
  recalls: number;
  /** The homes kept open, most recently used first. */
  homes: string[];
  idleMinutes: number;
}

export type DaemonAnswer =
  | {
      ok: true;
      /** The RecallResult, as JSON.parse gives it back. */
      result?: unknown;
      /** The result as `--json` prints it, made by the CLI's own writer. */
      json?: string;
      /** What the home warned about during the call. */
      warnings?: string[];
      status?: DaemonStatus;
    }
  | { ok: false; error: { code: string; message: string } };

/** The environment variables a daemon call carries: those that change how a home opens or searches. */
export function callerEnv(env: NodeJS.ProcessEnv): CallerEnv {
  const carried = Object.entries(env).filter(
    ([key, value]) => value !== undefined && (key.startsWith("MNEMO_") || key === "OPENAI_API_KEY"),
  );
  return Object.fromEntries(carried.sort(([a], [b]) => a.localeCompare(b))) as CallerEnv;
}

/** One message: its JSON and a newline (JSON.stringify never writes a raw newline). */
export function encodeMessage(message: DaemonRequest | DaemonAnswer): string {
  return `${JSON.stringify(message)}\n`;
}
