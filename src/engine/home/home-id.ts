import { MnemoError } from "../../errors.js";

/**
 * A memory home's id on a shared database (a tenant): `acme/user-42`, `team.alpha:agent@2`. It is
 * only ever a statement parameter, never SQL text; the rule keeps it readable in logs and usable as
 * a folder path for export: letters, digits and `. _ - @ : /`, at most 200 characters, starting
 * with a letter or digit, "/"-separated parts that are neither empty nor "." or "..".
 */
export const MAX_HOME_ID_LENGTH = 200;
const HOME_ID = /^[A-Za-z0-9][A-Za-z0-9._@:/-]*$/;

export function isValidHomeId(id: string): boolean {
  return (
    id.length <= MAX_HOME_ID_LENGTH &&
    HOME_ID.test(id) &&
    id.split("/").every((part) => part !== "" && part !== "." && part !== "..")
  );
}

/** The id, checked; `field` names where it came from in the error (`homeId`, `--home-id`, `MNEMO_HOME_ID`). */
export function validateHomeId(id: unknown, field = "homeId"): string {
  if (typeof id === "string" && isValidHomeId(id)) return id;
  const shown = typeof id === "string" ? JSON.stringify(id.slice(0, 60)) : String(id);
  throw new MnemoError(
    "INVALID_INPUT",
    `${field} ${shown} is not a valid memory home id: use 1 to ${MAX_HOME_ID_LENGTH} letters, digits and . _ - @ : / (starting with a letter or digit, no empty, "." or ".." parts), e.g. "acme/user-42".`,
  );
}
