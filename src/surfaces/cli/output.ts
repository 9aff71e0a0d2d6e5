import { CommanderError } from "commander";
import { MnemoError, type MnemoErrorCode } from "../../errors.js";

/**
 * How the CLI talks: data on stdout (text, or one JSON value with --json), messages on stderr as
 * `mnemo: ...`, and an exit code by error category.
 */
export interface OutputOptions {
  json?: boolean;
}

/** Exit codes, by what the user has to do about the failure. */
export const EXIT_CODES = {
  ok: 0,
  unexpected: 1,
  /** doctor: problems found that were not fixed */
  problemsRemain: 1,
  usage: 2,
  notFound: 3,
  badFile: 4,
  unavailable: 5,
  disabled: 6,
} as const;

const EXIT_CODE_BY_ERROR_CODE: Record<MnemoErrorCode, number> = {
  INVALID_INPUT: EXIT_CODES.usage,
  TOO_LARGE: EXIT_CODES.usage,
  OUTSIDE_HOME: EXIT_CODES.usage,
  SECRET_DETECTED: EXIT_CODES.usage,
  NOT_FOUND: EXIT_CODES.notFound,
  INVALID_CONFIG: EXIT_CODES.badFile,
  MALFORMED_FILE: EXIT_CODES.badFile,
  LOCK_TIMEOUT: EXIT_CODES.unavailable,
  IO: EXIT_CODES.unavailable,
  MODEL_OUTPUT: EXIT_CODES.unavailable,
  DISABLED: EXIT_CODES.disabled,
};

/** Exit-code table for `mnemo --help`. */
export const EXIT_CODES_HELP = `Exit codes:
  0  success
  1  unexpected error (set MNEMO_DEBUG=1 for the stack trace); doctor: problems remain
  2  invalid input or usage (bad name, unknown option, missing argument, too large, outside the home,
     a credential in text to store: remove it or pass --redact-secrets)
  3  not found (memory, section, text to replace, file)
  4  invalid config or malformed memory file
  5  lock timeout, file-system error, or a model or server that failed or answered garbage
  6  memory is disabled (enabled: false or MNEMO_ENABLED=0)`;

/** One JSON value on stdout; undefined fields become null so every key is always present. */
export function writeJson(value: unknown): void {
  process.stdout.write(`${jsonText(value)}\n`);
}

/** The text writeJson prints, without its newline: `mnemo daemon` makes it for the CLI it answers. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, each: unknown) => (each === undefined ? null : each), 2);
}

/** A message for the person at the terminal, on stderr. */
export function printNote(message: string): void {
  process.stderr.write(`mnemo: ${message}\n`);
}

/** Prints the error (stderr, and stdout as JSON with --json) and returns the process's exit code. */
export function reportError(error: unknown, options: OutputOptions): number {
  const described = describeError(error);
  if (described.message === undefined) return described.exitCode;
  if (!(error instanceof CommanderError)) {
    printNote(described.message);
    if (process.env.MNEMO_DEBUG === "1" && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  }
  if (options.json) writeJson({ error: { code: described.code, message: described.message } });
  return described.exitCode;
}

interface DescribedError {
  /** A MnemoErrorCode, USAGE (the command line itself is wrong) or UNEXPECTED. */
  code: string;
  /** Undefined when there is nothing to report (help or version was printed). */
  message: string | undefined;
  exitCode: number;
}

function describeError(error: unknown): DescribedError {
  if (MnemoError.isInstance(error)) {
    return {
      code: error.code,
      message: error.message,
      exitCode: EXIT_CODE_BY_ERROR_CODE[error.code] ?? EXIT_CODES.unexpected,
    };
  }
  if (error instanceof CommanderError) {
    // commander has printed its message already (see configureOutput in program.ts)
    if (error.exitCode === 0) return { code: "OK", message: undefined, exitCode: EXIT_CODES.ok };
    if (error.code === "commander.help")
      return { code: "USAGE", message: undefined, exitCode: EXIT_CODES.usage };
    return { code: "USAGE", message: error.message.replace(/^error: /, ""), exitCode: EXIT_CODES.usage };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: "UNEXPECTED", message, exitCode: EXIT_CODES.unexpected };
}
