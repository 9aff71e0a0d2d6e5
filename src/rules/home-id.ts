/**
 * Home ids name memory homes ("acme/user-42", "alice"): the folders of `mnemo serve --homes` and
 * the tenants of a PostgreSQL database follow this one rule, so any home moves between the two
 * (`mnemo export` / `mnemo import`) under its own id. On the file backend a home is the folder
 * `<root>/<homeId>/`, so the grammar is what keeps an id inside the root: lower-case letters,
 * digits, "-" and "_" in "/"-separated segments, nothing that a file system reads as a path step
 * ("." / ".." / "~" / "\"), no hidden or case-folded collisions. On a database the id is only a
 * statement parameter, and stays readable in logs. It is the stricter of the two rules each backend
 * had before (a database also took upper case and `. @ :`, a folder up to 255 characters).
 */
import { MnemoError } from "../errors.js";

export const MAX_HOME_ID_SEGMENTS = 8;
export const MAX_HOME_ID_SEGMENT_LENGTH = 64;
export const MAX_HOME_ID_LENGTH = 200;

const SEGMENT = /^[a-z0-9][a-z0-9_-]*$/;

/** The reason an id is refused, or undefined when it is valid. */
export function homeIdProblem(value: string): string | undefined {
  if (value.length === 0) return "it is empty";
  if (value.length > MAX_HOME_ID_LENGTH) return `it is longer than ${MAX_HOME_ID_LENGTH} characters`;
  const segments = value.split("/");
  if (segments.length > MAX_HOME_ID_SEGMENTS)
    return `it has more than ${MAX_HOME_ID_SEGMENTS} "/"-separated parts`;
  for (const segment of segments) {
    if (segment.length > MAX_HOME_ID_SEGMENT_LENGTH)
      return `the part "${segment.slice(0, 20)}…" is longer than ${MAX_HOME_ID_SEGMENT_LENGTH} characters`;
    if (!SEGMENT.test(segment))
      return segment === ""
        ? 'it has an empty part (a leading, trailing or double "/")'
        : `the part "${printable(segment)}" is not lower-case letters, digits, "-" and "_" starting with a letter or digit`;
  }
  return undefined;
}

/** What a valid home id is, for error messages. */
export const HOME_ID_RULE = `A home id is 1 to ${MAX_HOME_ID_SEGMENTS} "/"-separated parts of lower-case letters, digits, "-" and "_", at most ${MAX_HOME_ID_LENGTH} characters (for example "acme/user-42"); map other user ids onto it (lower-case them, or hash them).`;

/**
 * Checks a home id and returns it. `field` names where it came from ("homeId", "--home-id",
 * "homes[2]") so the error tells the caller what to correct.
 */
export function parseHomeId(value: unknown, field = "homeId"): string {
  if (typeof value !== "string")
    throw new MnemoError("INVALID_INPUT", `${field} must be a home id string such as "acme/user-42".`);
  const problem = homeIdProblem(value);
  if (problem !== undefined)
    throw new MnemoError(
      "INVALID_INPUT",
      `${field} "${printable(value)}" is not a valid home id: ${problem}. ${HOME_ID_RULE}`,
    );
  return value;
}

/**
 * True when one id is the other or lies inside it ("acme" and "acme/user-42"): two such homes would
 * share a folder on the file backend, so a directory refuses the second one on every backend
 * (a home must be exportable as its own folder).
 */
export function homeIdsOverlap(first: string, second: string): boolean {
  return first === second || first.startsWith(`${second}/`) || second.startsWith(`${first}/`);
}

/** Ids are shown in messages: control characters and very long values are not echoed as they are. */
function printable(value: string): string {
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return JSON.stringify(shown).slice(1, -1);
}
