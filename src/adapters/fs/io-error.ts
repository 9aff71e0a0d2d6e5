import { errnoCode, errorMessage, MnemoError } from "../../errors.js";

/**
 * Every file-system error that leaves the file store is a MnemoError saying which file, what the
 * system refused, and what a person can do about it. A MnemoError passes through unchanged.
 */
const REASONS: Record<string, string> = {
  ENAMETOOLONG: "the name is too long for the file system; use a shorter name",
  ENOTDIR: "a part of its path is a file where a folder is expected; move that file aside",
  EISDIR: "it is a folder where mnemo expects a file; move it aside",
  EACCES: "permission denied; give the user running mnemo read and write access to the memory home",
  EPERM: "the operation is not permitted; check the file's permissions and attributes",
  EROFS: "the file system is read-only; choose a writable home with --home or MNEMO_HOME",
  ENOSPC: "the disk is full; free some space and try again",
  EDQUOT: "the disk quota is used up; free some space and try again",
  ELOOP: "it goes through too many symbolic links; replace the links with real files or folders",
  EMFILE: "too many files are open; try again, or raise the open-file limit (ulimit -n)",
};

export function ioError(error: unknown, absolute: string): MnemoError {
  if (MnemoError.isInstance(error)) return error;
  const reason = REASONS[errnoCode(error) ?? ""];
  const where = shortened(absolute);
  if (reason !== undefined) return new MnemoError("IO", `Cannot use ${where}: ${reason}.`, { cause: error });
  return new MnemoError("IO", `File-system error on ${where}: ${errorMessage(error)}`, { cause: error });
}

/** A path too long for the file system is too long to read in a message: its middle is cut. */
function shortened(absolute: string): string {
  return absolute.length <= 300 ? absolute : `${absolute.slice(0, 150)}…${absolute.slice(-100)}`;
}

/** A file that is not there reads as undefined; any other failure is an ioError. */
export function missingOrThrow(error: unknown, absolute: string): undefined {
  if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return undefined;
  throw ioError(error, absolute);
}

/** The home folder itself cannot be made or used: a file stands where it should be, or no permission. */
export function unusableHomeError(error: unknown, home: string): MnemoError {
  const code = errnoCode(error);
  const reason =
    code === "ENOTDIR" || code === "EEXIST"
      ? "it, or a folder above it, is a file"
      : code === "EACCES" || code === "EPERM"
        ? "permission denied"
        : errorMessage(error);
  return new MnemoError(
    "IO",
    `Cannot use ${home} as the memory home: ${reason}. Choose another folder with --home or MNEMO_HOME.`,
    { cause: error },
  );
}
