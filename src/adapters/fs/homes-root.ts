import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { errnoCode, errorMessage, MnemoError } from "../../errors.js";

/**
 * The root folder of a multi-home server: a home per sub-folder (`<root>/acme/user-42/`), and the
 * server's own files in `<root>/.mnemo/` (a hidden name no home id can take): the token file and
 * the locks that serialise changes to homes and tokens across processes.
 */
export const ROOT_META_DIR = ".mnemo";
export const TOKEN_FILE = `${ROOT_META_DIR}/tokens.json`;
export const TOKENS_LOCK = `${ROOT_META_DIR}/tokens.lock`;
export const HOMES_LOCK = `${ROOT_META_DIR}/homes.lock`;
/** A home folder holds this file; a folder without it is only on the way to homes ("acme/"). */
export const HOME_MARKER = ".mnemo-home";

/** Creates the root and its `.mnemo/` folder when missing. */
export async function ensureHomesRoot(root: string): Promise<void> {
  try {
    await mkdir(join(root, ROOT_META_DIR), { recursive: true, mode: 0o700 });
  } catch (error) {
    const reason =
      errnoCode(error) === "ENOTDIR" || errnoCode(error) === "EEXIST"
        ? "it, or a folder above it, is a file"
        : errorMessage(error);
    throw new MnemoError(
      "IO",
      `Cannot use ${root} as the root of the memory homes: ${reason}. Choose another folder with --homes.`,
      { cause: error },
    );
  }
}
