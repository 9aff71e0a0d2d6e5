import { errorMessage, MnemoError } from "../../errors.js";

/**
 * A driver's failure as mnemo's error, classified by its SQLSTATE or system code (never by its
 * message): a lock not granted within lock_timeout is LOCK_TIMEOUT, text PostgreSQL cannot hold is
 * INVALID_INPUT, everything else (server down, refused login, missing database) is IO naming the
 * server and what to check. A MnemoError thrown by the caller's own work passes through unchanged.
 */
const LOCK_NOT_AVAILABLE = "55P03";
/** A NUL character, or a byte sequence that is not UTF-8, in a text value. */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

export function postgresError(error: unknown, location: string): unknown {
  if (MnemoError.isInstance(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === LOCK_NOT_AVAILABLE) {
    return new MnemoError(
      "LOCK_TIMEOUT",
      `Another writer held the memory home's lock in ${location} for too long (lockTimeoutMs); try again.`,
      { cause: error },
    );
  }
  if (typeof code === "string" && UNSTORABLE_TEXT.has(code)) {
    return new MnemoError(
      "INVALID_INPUT",
      `PostgreSQL at ${location} cannot store this text (${errorMessage(error)}): remove NUL characters from it.`,
      { cause: error },
    );
  }
  return new MnemoError(
    "IO",
    `PostgreSQL at ${location} failed: ${errorMessage(error)}${code ? ` (${code})` : ""}. Check that the server is up, and the URL, user and database.`,
    { cause: error },
  );
}

/** The URL to show: no password, no query string (it may hold one too). */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    parsed.search = "";
    return parsed.toString();
  } catch {
    return "postgres://(unreadable URL)";
  }
}
