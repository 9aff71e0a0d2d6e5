/**
 * One error type for everything mnemo reports to a caller. `code` is what callers branch on
 * (never the message text); the CLI maps codes to exit codes.
 */
export type MnemoErrorCode =
  | "INVALID_INPUT" // a name, section, category or argument the caller can correct
  | "INVALID_CONFIG" // a config file or environment variable that does not validate
  | "NOT_FOUND" // a memory, section, topic or file that does not exist
  | "MALFORMED_FILE" // a memory-home file that cannot be parsed
  | "OUTSIDE_HOME" // a path that would escape the memory home (traversal or symlink)
  | "TOO_LARGE" // content that can never fit its budget or size limit
  | "LOCK_TIMEOUT" // another process held the home's lock for too long
  | "DISABLED" // memory is turned off by config
  | "MODEL_OUTPUT" // a model answered with something that does not fit what was asked (bad JSON, wrong shape)
  | "SECRET_DETECTED" // text to store holds a credential; a caller may retry asking for redaction
  | "IO"; // the file system refused

const MARKER = Symbol.for("mnemo.error");

export class MnemoError extends Error {
  readonly code: MnemoErrorCode;
  readonly [MARKER] = true;

  constructor(code: MnemoErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MnemoError";
    this.code = code;
  }

  /** Works across copies of the package (instanceof does not). */
  static isInstance(value: unknown): value is MnemoError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Node's errno code (ENOENT, EEXIST, ...) of a file-system error, if it has one. */
export function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
