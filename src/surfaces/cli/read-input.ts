import { readFile } from "node:fs/promises";
import { MnemoError } from "../../errors.js";

/** "-" as a text argument or a file name means: read standard input. */
export const STDIN_MARKER = "-";

export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("mnemo: reading the text from stdin; end it with Ctrl-D\n");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** The argument itself, or standard input when it is "-". */
export function textArgument(value: string): Promise<string> {
  return value === STDIN_MARKER ? readStdin() : Promise.resolve(value);
}

/** A whole text file given on the command line ("-" for stdin); `what` names it in errors. */
export async function readTextFile(path: string, what: string): Promise<string> {
  if (path === STDIN_MARKER) return readStdin();
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code;
    const reason = error instanceof Error ? error.message : String(error);
    if (errno === "ENOENT") {
      throw new MnemoError(
        "NOT_FOUND",
        `Cannot read ${what} ${path}: the file does not exist. Check the path.`,
      );
    }
    throw new MnemoError("IO", `Cannot read ${what} ${path}: ${reason}`, { cause: error });
  }
}
